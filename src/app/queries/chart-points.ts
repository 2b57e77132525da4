// GET /v1/chartPoints/{filter}/{exchange}/{symbol} and /v1/chartPointsAllExchanges/{filter}/{symbol}:
// one query module for both, since the chart page switches between them. Answers can be megabytes: they
// are read as they arrive (progress per query key in charts/download-progress-store.ts, cancelled with the
// query) and decoded off the main thread into typed arrays; the cache neither compares them structurally
// nor persists them.
import { queryOptions, useQuery } from "@tanstack/react-query";
import type { ChartPoints } from "../api/chart-points.ts";
import type { Connection } from "../api/connection.ts";
import { useConnection } from "../api/connection-context.tsx";
import type { ProgressListener } from "../api/download-progress.ts";
import { downloadProgress } from "../charts/download-progress-store.ts";
import { type PointsDecoder, sharedPointsDecoder } from "../charts/points-decoder.ts";
import { type ChartPointsKey, queryKeys } from "./query-keys.ts";
import { type FetchOptions, queryFnOf, segment } from "./resource.ts";
import { STALE_TIME } from "./stale-times.ts";

export function chartPointsPath(key: ChartPointsKey): string {
  const base =
    key.exchange === null
      ? `/v1/chartPointsAllExchanges/${segment(key.filter)}/${segment(key.symbol)}`
      : `/v1/chartPoints/${segment(key.filter)}/${segment(key.exchange)}/${segment(key.symbol)}`;
  const query = new URLSearchParams();
  if (key.scale !== null) query.set("scale", key.scale);
  if (key.starttime !== null) query.set("starttime", String(key.starttime));
  if (key.endtime !== null) query.set("endtime", String(key.endtime));
  const search = query.toString();
  return search === "" ? base : `${base}?${search}`;
}

export interface ChartFetchOptions extends FetchOptions {
  /** Told of the bytes received (and the total, when known) as the answer arrives. */
  onProgress?: ProgressListener;
  /** Where the body is decoded; by default the page's worker. */
  decoder?: PointsDecoder;
}

export function getChartPoints(
  connection: Connection,
  key: ChartPointsKey,
  { onProgress, decoder, ...options }: ChartFetchOptions,
): Promise<ChartPoints> {
  return connection.transport.request(chartPointsPath(key), {
    ...options,
    ...(onProgress ? { onProgress } : {}),
    decodeBody: (body, signal) => (decoder ?? sharedPointsDecoder()).decode(body, signal),
  });
}

export function chartPointsQueryOptions(connection: Connection, key: ChartPointsKey) {
  const queryKey = queryKeys.chartPoints(key);
  return queryOptions({
    queryKey,
    queryFn: queryFnOf(connection, async (c, options) => {
      try {
        return await getChartPoints(c, key, {
          ...options,
          onProgress: (received, total) => downloadProgress.set(queryKey, received, total),
        });
      } finally {
        downloadProgress.clear(queryKey);
      }
    }),
    staleTime: STALE_TIME.block,
    structuralSharing: false,
  });
}

export function useChartPoints(key: ChartPointsKey) {
  return useQuery(chartPointsQueryOptions(useConnection(), key));
}
