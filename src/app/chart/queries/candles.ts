// GET /v1/candles/{trading_place}/{symbol} and /v1/candlesAllExchanges/{symbol}: one query module for both,
// as chart-points.ts is for the chart points, and for the same reasons: answers can be megabytes, read as
// they arrive (progress per query key), decoded off the main thread into typed arrays (the chart points
// worker, which reads candles too), neither compared structurally nor persisted. A series up to now is
// refetched once a block from its last candle only (the unfinished one, asked again), the new candles
// extended onto the cached ones.
import { queryOptions } from "@tanstack/react-query";
import { type CandleRequest, candlesPath, cappedRequest } from "../../../interface/chart-window.ts";
import { ENDPOINTS } from "../../../interface/endpoints.ts";
import { CANDLE_COLUMNS, type ChartCandles } from "../../decoding/candles/candle-series.ts";
import { sharedPointsDecoder } from "../../decoding/chart-points/worker-points-decoder.ts";
import { queryKeys } from "../../queries/query-keys.ts";
import { queryFnOf } from "../../queries/resource.ts";
import { staleTimeOf } from "../../queries/stale-times.ts";
import type { Connection } from "../../transport/connection.ts";
import { downloadProgress } from "../download-progress-store.ts";
import type { ChartFetchOptions } from "./chart-points.ts";

/** One exchange's candles (`key.exchange` names it); all exchanges' go through getCandlesAllExchanges. */
export function getCandles(
  connection: Connection,
  key: CandleRequest,
  { onProgress, decoder, ...options }: ChartFetchOptions,
): Promise<ChartCandles> {
  return connection.transport.request(candlesPath(key), {
    ...options,
    ...(onProgress ? { onProgress } : {}),
    decodeBody: (body, signal) => (decoder ?? sharedPointsDecoder()).decodeCandles(body, signal),
  });
}

/** All exchanges' candles: the same fetch, the request naming no exchange. */
export function getCandlesAllExchanges(
  connection: Connection,
  key: Omit<CandleRequest, "exchange">,
  options: ChartFetchOptions,
): Promise<ChartCandles> {
  return getCandles(connection, { ...key, exchange: null }, options);
}

export function candlesQueryOptions(connection: Connection, key: CandleRequest) {
  const queryKey = queryKeys.candles(key);
  return queryOptions({
    queryKey,
    queryFn: queryFnOf(connection, async (c, options, { client }): Promise<ChartCandles> => {
      // Up to now and already held: only what came since its last candle (unfinished then, so asked again).
      const held = key.endtime === null ? client.getQueryData<ChartCandles>(queryKey) : undefined;
      const since = held !== undefined && held.times.length > 0 ? (held.times.at(-1) as number) : null;
      try {
        const request = since === null ? cappedRequest(key, Date.now() / 1000) : { ...key, starttime: since };
        const fresh = await getCandles(c, request, {
          ...options,
          onProgress: (received, total) => downloadProgress.set(queryKey, received, total),
        });
        return held === undefined || since === null ? fresh : extendCandles(held, fresh, since);
      } finally {
        downloadProgress.clear(queryKey);
      }
    }),
    staleTime: staleTimeOf(ENDPOINTS.candles),
    structuralSharing: false,
  });
}

/**
 * `held` up to (not including) `since`, then `fresh` (the answer from `since` on). The same object when
 * nothing came back, so nothing is redrawn.
 */
export function extendCandles(held: ChartCandles, fresh: ChartCandles, since: number): ChartCandles {
  if (fresh.times.length === 0) return held;
  let keep = held.times.length;
  while (keep > 0 && (held.times[keep - 1] as number) >= since) keep--;
  const out = { ...held, exchange: fresh.exchange, symbol: fresh.symbol || held.symbol };
  for (const name of CANDLE_COLUMNS) {
    const column = new Float64Array(keep + fresh.times.length);
    column.set(held[name].subarray(0, keep));
    column.set(fresh[name], keep);
    out[name] = column;
  }
  return out;
}
