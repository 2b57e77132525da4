// Where the rate cache's fixings come from: `history` generates realistic histories (history.ts) at once;
// `issuers` fetches the real fixings from the ECB, the New York Fed and the Bank of England.
import type { RateType } from "../../interface/vocabulary.ts";
import type { RateRecord } from "../store/store.ts";

export const RATES_SOURCES = ["history", "issuers"] as const;
export type RatesSourceName = (typeof RATES_SOURCES)[number];
/** What RATES_SOURCE may say: a source, or "auto" (the issuers beside the real market, else the histories). */
export type RatesSourceSetting = RatesSourceName | "auto";

/** What a source may ask of the rate cache. */
export interface RateSink {
  /** The newest stored fixing of a type. */
  newest(type: RateType): RateRecord | undefined;
  /** Stores fixings, new ones or restated ones (same type and effective date); returns how many changed. */
  store(records: readonly RateRecord[]): number;
}

/** One issuer feed's health, for the status endpoint. */
export interface IssuerFeedStatus {
  /** The feed, e.g. "ECB €STR". */
  name: string;
  /** The issuer as the interface names it: ECB, FED or BOE. */
  issuer: string;
  types: RateType[];
  /** The last response that was read and stored (RFC 3339 UTC), or null. */
  lastFetch: string | null;
  /** Effective date of the newest stored fixing of the feed's types (the oldest of their newest). */
  lastFixing: string | null;
  /** Failed attempts since the start (unreachable, an error status, a response that could not be read). */
  failures: number;
  /** What the last failed attempt met, while the feed is failing; null once it responds again. */
  lastError: string | null;
  /** When the feed is asked next (RFC 3339 UTC), or null while a request is under way. */
  nextAttempt: string | null;
}

export type RatesSourceStatus = { source: "history" } | { source: "issuers"; issuers: IssuerFeedStatus[] };

export interface RateSource {
  readonly name: RatesSourceName;
  /**
   * Called on start and then every market block: hands over what is due by `nowMs` (the market clock), at
   * once or, for a source that must fetch, later.
   */
  refresh(nowMs: number, sink: RateSink): void;
  status(): RatesSourceStatus;
  /** Resolves when nothing the source started is still under way. */
  settled(): Promise<void>;
  /** Stops what is under way; nothing is handed over afterwards. */
  close(): void;
}
