// Readers of the settings that choose where the interest-rate fixings come from: RATES_SOURCE and
// RATE_ISSUER_HOSTS (config-settings.ts lists them). Issuers are named in settings as ecb, nyfed (or fed)
// and boe, any case.
import type { Fail } from "./config-values.ts";
import type { RateIssuer } from "./rates/issuers/issuer-feed.ts";
import { RATES_SOURCES, type RatesSourceName } from "./rates/rate-source.ts";

const ISSUER_NAMES: Record<string, RateIssuer> = { ecb: "ECB", nyfed: "FED", fed: "FED", boe: "BOE" };

export function parseRatesSource(raw: string, fail: Fail): RatesSourceName {
  const value = raw.trim().toLowerCase();
  const known: readonly string[] = RATES_SOURCES;
  if (!known.includes(value)) fail(`one of ${RATES_SOURCES.join(", ")}`);
  return value as RatesSourceName;
}

/** `ecb=http://127.0.0.1:9201,nyfed=https://mirror.example` → issuer → origin. */
export function parseRateIssuerHosts(raw: string, fail: Fail): Map<RateIssuer, URL> {
  const allowed =
    "a comma-separated list of issuer=origin, like ecb=http://127.0.0.1:9201 (issuers: ecb, nyfed, boe)";
  const hosts = new Map<RateIssuer, URL>();
  if (raw.trim() === "") return hosts;
  for (const item of raw.split(",")) {
    const at = item.indexOf("=");
    if (at < 0) fail(allowed, JSON.stringify(item.trim()));
    const name = item.slice(0, at).trim();
    const issuer = ISSUER_NAMES[name.toLowerCase()];
    if (!issuer) return fail(allowed, `the unknown issuer ${JSON.stringify(name)}`);
    const text = item.slice(at + 1).trim();
    let origin: URL;
    try {
      origin = new URL(text);
    } catch {
      return fail(allowed, JSON.stringify(text));
    }
    const bare =
      (origin.pathname === "/" || origin.pathname === "") &&
      origin.search === "" &&
      origin.hash === "" &&
      origin.username === "" &&
      origin.password === "";
    if ((origin.protocol !== "http:" && origin.protocol !== "https:") || !bare)
      fail(allowed, JSON.stringify(text));
    if (hosts.has(issuer)) fail(allowed, `${name} twice`);
    hosts.set(issuer, origin);
  }
  return hosts;
}
