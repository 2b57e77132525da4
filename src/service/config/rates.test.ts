import { describe, expect, it } from "vitest";
import { configError } from "../testing/config-error.ts";
import { loadConfig } from "./load.ts";

/** The message a configuration is refused with. */
const refusal = (env: Record<string, string>): string => configError(env).message;

describe("the rates source settings", () => {
  it("chooses the source by RATES_SOURCE or --rates, any case", () => {
    expect(loadConfig({ RATES_SOURCE: "Issuers" }, []).ratesSource).toBe("issuers");
    expect(loadConfig({ RATES_SOURCE: "issuers" }, ["--rates", "history"]).ratesSource).toBe("history");
    expect(refusal({ RATES_SOURCE: "ecb" })).toMatch(
      /RATES_SOURCE \(--rates\) must be one of auto, history, issuers; got "ecb"/,
    );
  });

  it("reads RATE_ISSUER_HOSTS by ecb, nyfed (or fed) and boe, any case, as the interface's issuers", () => {
    const hosts = loadConfig(
      { RATE_ISSUER_HOSTS: "ECB=http://127.0.0.1:9201, nyfed=https://mirror.example ,Boe=http://[::1]:9203" },
      [],
    ).rateIssuerHosts;
    expect([...hosts].map(([issuer, url]) => [issuer, url.origin])).toEqual([
      ["ECB", "http://127.0.0.1:9201"],
      ["FED", "https://mirror.example"],
      ["BOE", "http://[::1]:9203"],
    ]);
    expect(
      loadConfig({}, ["--rate-issuer-hosts", "fed=http://127.0.0.1:1"]).rateIssuerHosts.get("FED")?.port,
    ).toBe("1");
  });

  it("refuses an unknown issuer, a non-origin, credentials and a repeat, naming the setting", () => {
    expect(refusal({ RATE_ISSUER_HOSTS: "sonia=http://127.0.0.1:1" })).toMatch(
      /RATE_ISSUER_HOSTS \(--rate-issuer-hosts\).*the unknown issuer "sonia"/,
    );
    expect(refusal({ RATE_ISSUER_HOSTS: "ecb" })).toMatch(/got "ecb"/);
    expect(refusal({ RATE_ISSUER_HOSTS: "ecb=127.0.0.1:1" })).toMatch(/got "127.0.0.1:1"/);
    expect(refusal({ RATE_ISSUER_HOSTS: "ecb=http://127.0.0.1:1/service" })).toMatch(
      /got "http:\/\/127.0.0.1:1\/service"/,
    );
    expect(refusal({ RATE_ISSUER_HOSTS: "ecb=ftp://127.0.0.1" })).toMatch(/RATE_ISSUER_HOSTS/);
    expect(refusal({ RATE_ISSUER_HOSTS: "boe=http://user:secret@127.0.0.1:1" })).toMatch(/RATE_ISSUER_HOSTS/);
    expect(refusal({ RATE_ISSUER_HOSTS: "fed=http://127.0.0.1:1,nyfed=http://127.0.0.1:2" })).toMatch(
      /nyfed twice/,
    );
  });
});
