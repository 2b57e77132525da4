import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { isSecretParameter, REDACTED, redactSecrets } from "./log-redaction.ts";

describe("isSecretParameter", () => {
  it("knows key, token, secret and password parameters in any spelling", () => {
    const secret = [
      "key",
      "KEY",
      "apikey",
      "api_key",
      "api-key",
      "Api.Key",
      "x-api-key",
      "X-API-KEY",
      "writekey",
      "write_key",
      "token",
      "access_token",
      "refresh_token",
      "secret",
      "client_secret",
      "password",
      "passwd",
      "pwd",
      "authorization",
      "auth",
      "sig",
      "signature",
      "sessionid",
      "%6B%65%79",
      "api%5Fkey",
      "api+key",
    ];
    for (const name of secret) expect(isSecretParameter(name), name).toBe(true);
  });

  it("leaves the service's own parameters alone", () => {
    const own = [
      "Symbol",
      "CirculatingSupply",
      "Source",
      "scale",
      "starttime",
      "endtime",
      "dateInit",
      "dateFinal",
    ];
    for (const name of own) expect(isSecretParameter(name), name).toBe(false);
    expect(isSecretParameter("%E0%A4%A")).toBe(false);
  });
});

describe("redactSecrets", () => {
  it("replaces only the values of secret parameters and keeps the rest as sent", () => {
    expect(redactSecrets("/v1/coins")).toBe("/v1/coins");
    expect(redactSecrets("/v1/chartPoints/MA120/Binance/BTC?scale=5m&starttime=1")).toBe(
      "/v1/chartPoints/MA120/Binance/BTC?scale=5m&starttime=1",
    );
    expect(redactSecrets("/v1/supply?Symbol=ETH&key=abc&CirculatingSupply=1&key=def")).toBe(
      `/v1/supply?Symbol=ETH&key=${REDACTED}&CirculatingSupply=1&key=${REDACTED}`,
    );
    expect(redactSecrets("/v1/coins?token")).toBe(`/v1/coins?${REDACTED}`);
    expect(redactSecrets("/v1/coins?apikey=")).toBe(`/v1/coins?apikey=${REDACTED}`);
    expect(redactSecrets("/v1/coins?a=1&&apikey=x=y")).toBe(`/v1/coins?a=1&&apikey=${REDACTED}`);
  });

  it("never lets a secret value through, whatever the name's case, separators or escapes", () => {
    const names = ["key", "apikey", "api_key", "x-api-key", "writekey", "access_token", "password", "auth"];
    const spelled = fc
      .tuple(fc.constantFrom(...names), fc.array(fc.boolean(), { maxLength: 20 }), fc.boolean())
      .map(([name, upper, percentEscape]) => {
        const cased = [...name].map((ch, i) => (upper[i] ? ch.toUpperCase() : ch)).join("");
        return percentEscape
          ? encodeURIComponent(cased).replace(/[a-z]/, (ch) => `%${ch.charCodeAt(0).toString(16)}`)
          : cased;
      });
    const value = fc.stringMatching(/^[A-Za-z0-9_~.-]{16,64}$/);
    const other = fc.constantFrom("Symbol=ETH", "scale=5m", "CirculatingSupply=12");
    fc.assert(
      fc.property(spelled, value, fc.array(other, { maxLength: 3 }), (name, secret, rest) => {
        const query = [...rest, `${name}=${secret}`, ...rest].join("&");
        const logged = redactSecrets(`/v1/supply?${query}`);
        expect(logged).not.toContain(secret);
        expect(logged).toContain(`${name}=${REDACTED}`);
      }),
    );
  });
});
