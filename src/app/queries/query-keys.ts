// Every query key of the dashboard, from one factory, so the cache, the persister, invalidation and the
// budget's labels agree on them.
import type { QueryClient, QueryKey } from "@tanstack/react-query";
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
 * Kinds of query never persisted: chart points and candles can be megabytes of typed arrays; a restored
 * status would claim a market source the service may no longer have.
 */
export const UNPERSISTED_KINDS: ReadonlySet<string> = new Set(["chartPoints", "candles", "status"]);

/** Invalidates the queries under each of `keys` (in any query client). */
export function invalidate(client: QueryClient, ...keys: QueryKey[]): Promise<void> {
  return Promise.all(keys.map((queryKey) => client.invalidateQueries({ queryKey }))).then(() => undefined);
}
