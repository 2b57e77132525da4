// GET /status: our service's own health record (its schema in src/interface/status.ts). Asked outside
// the request budget (see Transport.requestOutsideBudget: it spends nothing at our service) and only of a
// service that said it is ours by sending X-Market-Source. Fresh on every look: the popover asks it when
// opened, and a restored page asks it when no answer has yet said where the numbers come from.
import { queryOptions, useQuery } from "@tanstack/react-query";
import { pathOf, STATUS_ENDPOINT } from "../../../interface/endpoints.ts";
import type { Status } from "../../../interface/status.ts";
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
