// The rate source RATES_SOURCE names, made from the service's settings.
import type { Clock } from "../clock.ts";
import { HistorySource } from "./history-source.ts";
import type { RateIssuer } from "./issuers/issuer-feed.ts";
import { IssuerSource } from "./issuers/issuer-source.ts";
import type { RateSource, RatesSourceName } from "./rate-source.ts";

export interface RateSourceSettings {
  ratesSource: RatesSourceName;
  rateIssuerHosts: ReadonlyMap<RateIssuer, URL>;
}

/** `clock` is real time (the issuers publish by it); `log` gets the issuers' progress and failures. */
export function chooseRateSource(
  settings: RateSourceSettings,
  clock: Clock,
  log: (line: string) => void,
): RateSource {
  return settings.ratesSource === "issuers"
    ? new IssuerSource({ hosts: settings.rateIssuerHosts, clock, log })
    : new HistorySource();
}
