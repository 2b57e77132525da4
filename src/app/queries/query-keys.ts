// Every query key of the dashboard, from one factory: the cache, the persister, invalidation after a
// supply post and the budget's labels all agree on them.
import type { CandleRequest, ChartRequest } from "../../interface/chart-window.ts";
import type { RateType } from "../../interface/vocabulary.ts";

const ROOT = "market" as const;

export const queryKeys = {
  all: [ROOT] as const,
  coins: () => [ROOT, "coins"] as const,
  pairs: () => [ROOT, "pairs"] as const,
  quotation: (symbol: string) => [ROOT, "quotation", symbol] as const,
  symbolDetails: (symbol: string) => [ROOT, "symbol", symbol] as const,
  supply: (symbol: string) => [ROOT, "supply", symbol] as const,
  chartPoints: (key: ChartRequest) => [ROOT, "chartPoints", key] as const,
  candles: (key: CandleRequest) => [ROOT, "candles", key] as const,
  /** block: a Unix second within the block, or null for the coin's newest block. */
  provenance: (symbol: string, block: number | null) =>
    [ROOT, "provenance", symbol, block ?? "newest"] as const,
  interestRateTypes: () => [ROOT, "interestrates"] as const,
  /** date null: the latest fixing. */
  interestRate: (rateType: RateType | string, date: string | null) =>
    [ROOT, "interestrate", rateType, date ?? "latest"] as const,
  interestRateRange: (rateType: RateType | string, dateInit: string, dateFinal: string) =>
    [ROOT, "interestrateRange", rateType, dateInit, dateFinal] as const,
  /** GET /status of the service at baseUrl (outside /v1). */
  status: (baseUrl: string) => [ROOT, "status", baseUrl] as const,
};

/** The budget's label for a query: what a view asks the ETA of. */
export function labelOf(queryKey: readonly unknown[]): string {
  return JSON.stringify(queryKey);
}

/**
 * Kinds of query whose data must not be persisted: chart points and candles can be megabytes (and are typed
 * arrays); a restored status would claim a market source the service may no longer have.
 */
export const UNPERSISTED_KINDS: ReadonlySet<string> = new Set(["chartPoints", "candles", "status"]);
