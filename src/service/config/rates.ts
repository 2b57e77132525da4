// Readers of the settings that choose where the interest-rate fixings come from: RATES_SOURCE and
// RATE_ISSUER_HOSTS (settings.ts lists them). Issuers are named in settings as ecb, nyfed (or fed)
// and boe, any case.
import type { RateIssuer } from "../rates/issuers/issuer-feed.ts";
import { RATES_SOURCES, type RatesSourceSetting } from "../rates/rate-source.ts";
import { parseHostOverrides } from "./hosts.ts";
import { type Fail, oneOf } from "./values.ts";

const ISSUER_NAMES: Record<string, RateIssuer> = { ecb: "ECB", nyfed: "FED", fed: "FED", boe: "BOE" };

export const parseRatesSource = oneOf<RatesSourceSetting>(["auto", ...RATES_SOURCES]);

/** `ecb=http://127.0.0.1:9201,nyfed=https://mirror.example` → issuer → origin. */
export function parseRateIssuerHosts(raw: string, fail: Fail): Map<RateIssuer, URL> {
  return parseHostOverrides(raw, fail, {
    kind: "issuer",
    example: "ecb=http://127.0.0.1:9201",
    names: "ecb, nyfed, boe",
    keyOf: (name) => {
      const lower = name.toLowerCase();
      return Object.hasOwn(ISSUER_NAMES, lower) ? ISSUER_NAMES[lower] : undefined;
    },
  });
}
