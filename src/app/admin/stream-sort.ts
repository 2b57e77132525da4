// The live-streams table's order: by any column, either way; the clients that held streams longest first
// unless the operator chooses otherwise (time held is what a stream costs the service). Ties go to the
// client holding more open now, then pulling more bytes, then by name, so the order never jumps between
// refreshes.
import type { ClientUsage, StreamUsage } from "../../interface/admin.ts";
import { type ColumnSort, sortableTable } from "../components/table-sort.ts";

/** A client of the review that streamed in the period or holds a stream now. */
export type StreamingClient = ClientUsage & { streams: StreamUsage };

export const STREAM_COLUMNS = [
  "name",
  "open",
  "openSeconds",
  "streams",
  "seconds",
  "longestSeconds",
  "events",
  "bytes",
] as const;
export type StreamColumn = (typeof STREAM_COLUMNS)[number];
export type StreamSort = ColumnSort<StreamColumn>;

export const DEFAULT_STREAM_SORT: StreamSort = { column: "seconds", direction: "desc" };

export const STREAM_SORT = sortableTable<StreamColumn>({
  columns: STREAM_COLUMNS,
  defaultSort: DEFAULT_STREAM_SORT,
  ascendingFirst: ["name"],
});

/** The clients of a review that streamed or hold a stream, in the review's order. */
export function streamingClients(clients: readonly ClientUsage[]): StreamingClient[] {
  return clients.filter((client): client is StreamingClient => client.streams !== null);
}

export function sortStreams(clients: readonly StreamingClient[], sort: StreamSort): StreamingClient[] {
  const sign = sort.direction === "asc" ? 1 : -1;
  return [...clients].sort(
    (a, b) =>
      sign * compareBy(sort.column, a, b) ||
      (b.streams.open ?? 0) - (a.streams.open ?? 0) ||
      b.streams.bytes - a.streams.bytes ||
      a.name.localeCompare(b.name) ||
      a.client.localeCompare(b.client),
  );
}

function compareBy(column: StreamColumn, a: StreamingClient, b: StreamingClient): number {
  if (column === "name") return a.name.localeCompare(b.name, undefined, { sensitivity: "base" });
  // Open streams are unknown (null) only outside the service's own review: they rank as none.
  return (a.streams[column] ?? 0) - (b.streams[column] ?? 0);
}
