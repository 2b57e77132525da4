// GET /v1/chartPoints/{filter}/{exchange}/{symbol} and /v1/chartPointsAllExchanges/{filter}/{symbol}: one
// query module for both, since the chart page switches between them. Responses can be megabytes, so they
// are decoded off the main thread and neither compared structurally nor persisted; a live series is
// refetched from its last point only, so the live chart costs a request a block, not the series.
import { type QueryKey, queryOptions } from "@tanstack/react-query";
import {
  type CandleRequest,
  type ChartRequest,
  cappedRequest,
  chartPointsPath,
} from "../../../interface/chart-window.ts";
import { ENDPOINTS } from "../../../interface/endpoints.ts";
import { type Columns, countBefore, joinItems, POINT_COLUMNS } from "../../chart-models/history-drawing.ts";
import type { ChartPoints } from "../../decoding/chart-points/point-series.ts";
import {
  type PointsDecoder,
  sharedPointsDecoder,
} from "../../decoding/chart-points/worker-points-decoder.ts";
import { queryKeys } from "../../queries/query-keys.ts";
import { type FetchOptions, queryFnOf } from "../../queries/resource.ts";
import { staleTimeOf } from "../../queries/stale-times.ts";
import type { Connection } from "../../transport/connection.ts";
import type { ProgressListener } from "../../transport/read-body.ts";
import { downloadProgress } from "../download-progress-store.ts";

export interface ChartFetchOptions extends FetchOptions {
  /** Told of the bytes received (and the total, when known) as the response arrives. */
  onProgress?: ProgressListener;
  /** Where the body is decoded; by default the page's worker. */
  decoder?: PointsDecoder;
}

export function getChartPoints(
  connection: Connection,
  key: ChartRequest,
  { onProgress, decoder, ...options }: ChartFetchOptions,
): Promise<ChartPoints> {
  return connection.transport.request(chartPointsPath(key), {
    ...options,
    ...(onProgress ? { onProgress } : {}),
    decodeBody: (body, signal) => (decoder ?? sharedPointsDecoder()).decode(body, signal),
  });
}

export function chartPointsQueryOptions(connection: Connection, key: ChartRequest) {
  const queryKey = queryKeys.chartPoints(key);
  return queryOptions({
    queryKey,
    queryFn: seriesQueryFn(connection, key, queryKey, getChartPoints, extendPoints),
    staleTime: staleTimeOf(ENDPOINTS.chartPoints),
    structuralSharing: false,
  });
}

/**
 * The queryFn of a chart series: a series up to now that is cached asks only from its last time on (that
 * bucket was unfinished, so it is asked again), extended onto the cached one; progress goes to the store.
 */
export function seriesQueryFn<K extends CandleRequest, S extends { times: Float64Array }>(
  connection: Connection,
  key: K,
  queryKey: QueryKey,
  get: (connection: Connection, request: K, options: ChartFetchOptions) => Promise<S>,
  extend: (cached: S, fresh: S, since: number) => S,
) {
  return queryFnOf(connection, async (c, options, { client }): Promise<S> => {
    const cached = key.endtime === null ? client.getQueryData<S>(queryKey) : undefined;
    const since = cached !== undefined && cached.times.length > 0 ? (cached.times.at(-1) as number) : null;
    try {
      const request = since === null ? cappedRequest(key, Date.now() / 1000) : { ...key, starttime: since };
      const fresh = await get(c, request, {
        ...options,
        onProgress: (received, total) => downloadProgress.set(queryKey, received, total),
      });
      return cached === undefined || since === null ? fresh : extend(cached, fresh, since);
    } finally {
      downloadProgress.clear(queryKey);
    }
  });
}

/** `cached` before `since`, then `fresh`; the same object when nothing came, so nothing is redrawn. */
export function extendSeries<S extends { times: Float64Array }>(
  cached: S,
  fresh: S,
  since: number,
  columns: Columns<S>,
): S {
  if (fresh.times.length === 0) return cached;
  const joined = joinItems(cached, countBefore(cached.times, since), fresh, columns);
  const out = { ...cached };
  for (const name of columns) out[name] = joined[name];
  return out;
}

export function extendPoints(cached: ChartPoints, fresh: ChartPoints, since: number): ChartPoints {
  return extendSeries(cached, fresh, since, POINT_COLUMNS);
}
