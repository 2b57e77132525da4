// The host overrides, EXCHANGE_HOSTS and RATE_ISSUER_HOSTS, read by one reader (hosts.ts) and so refused
// alike: each case here is asked of both settings.
import { describe, expect, it } from "vitest";
import { configError } from "../testing/config-error.ts";
import { loadConfig } from "./load.ts";

const SETTINGS = [
  { env: "EXCHANGE_HOSTS", flag: "--exchange-hosts", name: "binance", kind: "exchange" },
  { env: "RATE_ISSUER_HOSTS", flag: "--rate-issuer-hosts", name: "ecb", kind: "issuer" },
] as const;

describe.each(SETTINGS)("$env", ({ env, flag, name, kind }) => {
  /** The refusal of `name=origin`, checked to name the setting as env and flag. */
  function refusal(origin: string): string {
    const error = configError({ [env]: `${name}=${origin}` });
    expect(error.setting).toBe(env);
    expect(error.message).toMatch(
      new RegExp(`^${env} \\(${flag}\\) must be a comma-separated list of ${kind}=origin`),
    );
    return error.message;
  }

  it("refuses a #fragment, even an empty one, saying so", () => {
    expect(refusal("http://127.0.0.1:9101#top")).toMatch(
      /; got "http:\/\/127\.0\.0\.1:9101#top", which has a fragment$/,
    );
    expect(refusal("http://127.0.0.1:9101/#")).toMatch(
      /; got "http:\/\/127\.0\.0\.1:9101\/#", which has a fragment$/,
    );
  });

  it("refuses a path, a query, even an empty one, and another scheme, saying which", () => {
    expect(refusal("http://127.0.0.1:9101/api")).toMatch(/, which has a path$/);
    expect(refusal("http://127.0.0.1:9101/?")).toMatch(/, which has a query$/);
    expect(refusal("ws://127.0.0.1:9101")).toMatch(/, which has the scheme ws:$/);
  });

  it("refuses credentials without quoting them", () => {
    const message = refusal("http://user:secret@127.0.0.1:9101");
    expect(message).toMatch(/; got an origin with credentials for \w+ \(not quoted\)$/);
    expect(message).not.toMatch(/secret/);
  });

  it("takes a bare origin, a single trailing slash forgiven", () => {
    const config = loadConfig({ [env]: `${name}=https://mirror.example/` }, []);
    const hosts: Map<string, URL> = env === "EXCHANGE_HOSTS" ? config.exchangeHosts : config.rateIssuerHosts;
    expect([...hosts.values()].map((url) => url.origin)).toEqual(["https://mirror.example"]);
  });
});
