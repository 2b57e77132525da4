// GET /v1/candles/{trading_place}/{symbol} and /v1/candlesAllExchanges/{symbol}: one query module for both,
// handled as chart-points.ts handles the chart points, for the same reasons (the chart points worker
// decodes candles too).
import { queryOptions } from "@tanstack/react-query";
import { type CandleRequest, candlesPath } from "../../../interface/chart-window.ts";
import { ENDPOINTS } from "../../../interface/endpoints.ts";
import { CANDLE_COLUMNS, type ChartCandles } from "../../decoding/candles/candle-series.ts";
import { sharedPointsDecoder } from "../../decoding/chart-points/worker-points-decoder.ts";
import { queryKeys } from "../../queries/query-keys.ts";
import { notingUnknownPath } from "../../queries/service-offers.ts";
import { staleTimeOf } from "../../queries/stale-times.ts";
import type { Connection } from "../../transport/connection.ts";
import { type ChartFetchOptions, extendSeries, seriesQueryFn } from "./chart-points.ts";

/**
 * One exchange's candles (`key.exchange` names it); all exchanges' go through getCandlesAllExchanges. A
 * service without candles (the public service) is noted as such, so the chart opens on its line.
 */
export function getCandles(
  connection: Connection,
  key: CandleRequest,
  { onProgress, decoder, ...options }: ChartFetchOptions,
): Promise<ChartCandles> {
  return notingUnknownPath(
    connection.baseUrl,
    "candles",
    connection.transport.request(candlesPath(key), {
      ...options,
      ...(onProgress ? { onProgress } : {}),
      decodeBody: (body, signal) => (decoder ?? sharedPointsDecoder()).decodeCandles(body, signal),
    }),
  );
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
    queryFn: seriesQueryFn(connection, key, queryKey, getCandles, extendCandles),
    staleTime: staleTimeOf(ENDPOINTS.candles),
    structuralSharing: false,
  });
}

export function extendCandles(cached: ChartCandles, fresh: ChartCandles, since: number): ChartCandles {
  const out = extendSeries(cached, fresh, since, CANDLE_COLUMNS);
  return out === cached ? out : { ...out, exchange: fresh.exchange, symbol: fresh.symbol || cached.symbol };
}
