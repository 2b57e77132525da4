// GET /v1/chartPoints/{filter}/{exchange}/{symbol} and /v1/chartPointsAllExchanges/{filter}/{symbol}:
// one query module for both, since the chart page switches between them. Answers can be megabytes: they
// are read as they arrive (progress per query key in download-progress-store.ts, cancelled with the
// query) and decoded off the main thread into typed arrays; the cache neither compares them structurally
// nor persists them. A series that runs up to now is refetched once a block from its last point only, and
// the new points extended onto the cached ones: the live chart costs a request a block, not the series.
import { queryOptions } from "@tanstack/react-query";
import { type ChartRequest, cappedRequest, chartPointsPath } from "../../../interface/chart-window.ts";
import { ENDPOINTS } from "../../../interface/endpoints.ts";
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
  /** Told of the bytes received (and the total, when known) as the answer arrives. */
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
    queryFn: queryFnOf(connection, async (c, options, { client }): Promise<ChartPoints> => {
      // Up to now and already held: only what came since its last point (which may have been the
      // unfinished bucket, so it is asked again).
      const held = key.endtime === null ? client.getQueryData<ChartPoints>(queryKey) : undefined;
      const since = held !== undefined && held.times.length > 0 ? (held.times.at(-1) as number) : null;
      try {
        const request = since === null ? cappedRequest(key, Date.now() / 1000) : { ...key, starttime: since };
        const fresh = await getChartPoints(c, request, {
          ...options,
          onProgress: (received, total) => downloadProgress.set(queryKey, received, total),
        });
        return held === undefined || since === null ? fresh : extendPoints(held, fresh, since);
      } finally {
        downloadProgress.clear(queryKey);
      }
    }),
    staleTime: staleTimeOf(ENDPOINTS.chartPoints),
    structuralSharing: false,
  });
}

/**
 * `held` up to (not including) `since`, then `fresh` (the answer from `since` on). The same object when
 * nothing came back (nothing changed), so nothing is redrawn.
 */
export function extendPoints(held: ChartPoints, fresh: ChartPoints, since: number): ChartPoints {
  if (fresh.times.length === 0) return held;
  let keep = held.times.length;
  while (keep > 0 && (held.times[keep - 1] as number) >= since) keep--;
  const times = new Float64Array(keep + fresh.times.length);
  const values = new Float64Array(times.length);
  times.set(held.times.subarray(0, keep));
  values.set(held.values.subarray(0, keep));
  times.set(fresh.times, keep);
  values.set(fresh.values, keep);
  return { ...held, times, values };
}
