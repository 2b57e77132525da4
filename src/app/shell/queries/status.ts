// GET /status: our service's own health record, outside /v1 and outside the interface (the public service
// has none): where the market comes from, each exchange's health, where the rates come from. Asked outside
// the request budget (see Transport.requestOutsideBudget: it spends nothing at our service) and only of a
// service that said it is ours by sending X-Market-Source. Fresh on every look: the popover asks it when
// opened, and a restored page asks it when no answer has yet said where the numbers come from.
import { queryOptions, useQuery } from "@tanstack/react-query";
import { z } from "zod";
import { pathOf, STATUS_ENDPOINT } from "../../../interface/endpoints.ts";
import { decodeResource } from "../../decoding/decode.ts";
import { queryKeys } from "../../queries/query-keys.ts";
import type { Connection } from "../../transport/connection.ts";
import { useConnection } from "../../transport/connection-context.tsx";
import type { MarketSource } from "../../transport/market-source.ts";

const time = z.string().nullable();

const ExchangeHealthSchema = z.object({
  name: z.string(),
  connected: z.boolean(),
  pairs: z.number(),
  lastTradeTime: time,
  tradesPerMinute: z.number(),
  reconnects: z.number(),
  filledOverRest: z.number(),
  droppedLate: z.number(),
  droppedDuplicate: z.number(),
  backfill: z.object({
    state: z.enum(["none", "running", "done"]),
    doneBlocks: z.number(),
    totalBlocks: z.number(),
  }),
});

const StatusSchema = z.object({
  market: z.object({
    source: z.enum(["simulator", "exchanges"]),
    latestBlockEnd: time,
    exchanges: z.array(ExchangeHealthSchema),
  }),
  rates: z.object({ source: z.enum(["history", "issuers"]) }),
});

export type ExchangeHealth = z.infer<typeof ExchangeHealthSchema>;
export type Status = z.infer<typeof StatusSchema>;

export function getStatus(connection: Connection, signal?: AbortSignal): Promise<Status> {
  return connection.transport.requestOutsideBudget(pathOf(STATUS_ENDPOINT, {}), {
    ...(signal ? { signal } : {}),
    decode: (value) => decodeResource(StatusSchema, value, "the service's status"),
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
  if (source === "simulator") return { kind: "simulator" };
  const live = exchanges.filter((exchange) => exchange.connected).length;
  return { kind: "exchanges", live, total: exchanges.length };
}
