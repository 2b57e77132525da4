// GET /v1/chartPoints/{filter}/{exchange}/{symbol} and /v1/chartPointsAllExchanges/{filter}/{symbol}:
// one query module for both, since the chart page switches between them. Points arrive as typed arrays;
// they are large, so the cache neither compares them structurally nor persists them.
import { queryOptions, useQuery } from "@tanstack/react-query";
import type { Connection } from "../api/connection.ts";
import { useConnection } from "../api/connection-context.tsx";
import { type ChartPoints, decodePoints } from "../api/decode.ts";
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

export function getChartPoints(
  connection: Connection,
  key: ChartPointsKey,
  options: FetchOptions,
): Promise<ChartPoints> {
  return connection.transport.request(chartPointsPath(key), { ...options, decode: decodePoints });
}

export function chartPointsQueryOptions(connection: Connection, key: ChartPointsKey) {
  return queryOptions({
    queryKey: queryKeys.chartPoints(key),
    queryFn: queryFnOf(connection, (c, options) => getChartPoints(c, key, options)),
    staleTime: STALE_TIME.block,
    structuralSharing: false,
  });
}

export function useChartPoints(key: ChartPointsKey) {
  return useQuery(chartPointsQueryOptions(useConnection(), key));
}
