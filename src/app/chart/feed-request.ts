// What one series of the chart page asks for, chart points or candles, so that the feed, the legend and
// the download control work the same for both.
import type { QueryKey, UseQueryOptions } from "@tanstack/react-query";
import type { CandleRequest, ChartRequest } from "../../interface/chart-window.ts";
import type { ChartCandles } from "../decoding/candles/candle-series.ts";
import type { ChartPoints } from "../decoding/chart-points/point-series.ts";
import { queryKeys } from "../queries/query-keys.ts";
import type { Connection } from "../transport/connection.ts";
import { candlesQueryOptions } from "./queries/candles.ts";
import { chartPointsQueryOptions } from "./queries/chart-points.ts";

export type FeedRequest = { kind: "points"; key: ChartRequest } | { kind: "candles"; key: CandleRequest };

/** What a series' response holds. */
export type SeriesData = ChartPoints | ChartCandles;

export function feedQueryKey(request: FeedRequest): QueryKey {
  return request.kind === "points" ? queryKeys.chartPoints(request.key) : queryKeys.candles(request.key);
}

/** The request's query, from its query module. */
export function feedQueryOptions(
  connection: Connection,
  request: FeedRequest,
): UseQueryOptions<SeriesData, Error, SeriesData, QueryKey> {
  const options =
    request.kind === "points"
      ? chartPointsQueryOptions(connection, request.key)
      : candlesQueryOptions(connection, request.key);
  return options as unknown as UseQueryOptions<SeriesData, Error, SeriesData, QueryKey>;
}

/** Whether the series runs up to now (and so is refetched once a block). */
export function followsLive(request: FeedRequest): boolean {
  return request.key.endtime === null;
}
