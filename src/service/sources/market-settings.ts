// Where the market's trades come from (MARKET_SOURCE), and the settings the sources room is handed at start
// (config/settings.ts says what each means): named here rather than imported, since the configuration sits
// above the rooms.
import type { RateIssuer } from "../rates/issuers/issuer-feed.ts";
import type { RatesSourceSetting } from "../rates/rate-source.ts";

export const MARKET_SOURCES = ["simulator", "exchanges"] as const;
export type MarketSource = (typeof MARKET_SOURCES)[number];
/** What MARKET_SOURCE may say: a source, or "auto" (the exchanges where they respond, else the simulator). */
export type MarketSourceSetting = MarketSource | "auto";

export interface MarketSettings {
  marketSource: MarketSourceSetting;
  marketFallback: string | null;
  marketRetrySeconds: number;
  exchanges: string[];
  exchangeHosts: Map<string, URL>;
  marketCoins: string[] | null;
  seed: number;
  historyDays: number;
  historyDaysGiven: boolean;
  /** The rates follow the market's source where RATES_SOURCE is auto (market-choice.ts). */
  ratesSource: RatesSourceSetting;
  rateIssuerHosts: Map<RateIssuer, URL>;
}
