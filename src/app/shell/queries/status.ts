// GET /status: our service's own health record, asked outside the request budget (it spends nothing at our
// service) and only of a service that said it is ours by sending X-Market-Source.
import { queryOptions, useQuery } from "@tanstack/react-query";
import { useSyncExternalStore } from "react";
import { pathOf, STATUS_ENDPOINT } from "../../../interface/endpoints.ts";
import type { HistoryStretch, Status } from "../../../interface/status.ts";
import { decodeResource } from "../../decoding/decode.ts";
import { queryKeys } from "../../queries/query-keys.ts";
import type { Connection } from "../../transport/connection.ts";
import { useConnection } from "../../transport/connection-context.tsx";
import type { MarketSource } from "../../transport/market-source.ts";

export function getStatus(connection: Connection, signal?: AbortSignal): Promise<Status> {
  return connection.transport.requestOutsideBudget(pathOf(STATUS_ENDPOINT, {}), {
    ...(signal ? { signal } : {}),
    decode: (value) => decodeResource(STATUS_ENDPOINT.resource, value, "the service's status"),
  });
}

export function statusQueryOptions(connection: Connection) {
  return queryOptions({
    queryKey: queryKeys.status(connection.baseUrl),
    queryFn: ({ signal }) => getStatus(connection, signal),
    // Health changes by the second, and asking costs no budget: every look asks again.
    staleTime: 0,
  });
}

export function useStatus({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...statusQueryOptions(useConnection()), enabled });
}

/** The claim a status supports, as the X-Market-Source header would put it. */
export function marketSourceOf(status: Status): MarketSource {
  const { source, exchanges } = status.market;
  if (source === "simulator")
    return { kind: "simulator", fallback: (status.market.fallback ?? null) !== null };
  const live = exchanges.filter((exchange) => exchange.connected).length;
  return { kind: "exchanges", live, total: exchanges.length };
}

/** A resolution of the real market's history that some exchange is still filling, over all exchanges. */
export interface FillingHistory {
  resolution: HistoryStretch["resolution"];
  /** The times its candles fill (Unix ms): the earliest start and latest end of any exchange's stretch. */
  fromMs: number;
  toMs: number;
  /** Steps done of all, every exchange's together, as a whole percentage. */
  percent: number;
}

const RESOLUTIONS: readonly HistoryStretch["resolution"][] = ["1m", "1h", "1d"];

/** A resolution's history as a sentence names it. */
export const HISTORY_NAMES: Record<HistoryStretch["resolution"], string> = {
  "1m": "1-minute",
  "1h": "hourly",
  "1d": "daily",
};

/** The resolutions whose history some exchange has not finished, finest first. */
export function historyFilling(status: Status): FillingHistory[] {
  const stretches = status.market.exchanges.flatMap((exchange) => exchange.backfill.history ?? []);
  return RESOLUTIONS.flatMap((resolution) => {
    const of = stretches.filter((s) => s.resolution === resolution);
    if (of.every((s) => s.state === "done")) return [];
    const done = of.reduce((sum, s) => sum + s.done, 0);
    const total = of.reduce((sum, s) => sum + s.total, 0);
    return [
      {
        resolution,
        fromMs: Math.min(...of.map((s) => s.fromMs)),
        toMs: Math.max(...of.map((s) => s.toMs)),
        percent: total === 0 ? 0 : Math.floor((100 * done) / total),
      },
    ];
  });
}

/** How often the status is asked again while history is filling (it is free: outside the budget). */
const FILLING_REFRESH_MS = 15_000;

/** The history still filling, for a service whose responses said it reads the exchanges. */
export function useHistoryFilling(): FillingHistory[] {
  const connection = useConnection();
  const { source } = useSyncExternalStore(connection.marketSource.subscribe, connection.marketSource.get);
  const status = useQuery({
    ...statusQueryOptions(connection),
    enabled: source?.kind === "exchanges",
    refetchInterval: (query) =>
      query.state.data && historyFilling(query.state.data).length > 0 ? FILLING_REFRESH_MS : false,
  });
  return status.data ? historyFilling(status.data) : [];
}
