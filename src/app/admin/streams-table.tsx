// The live streams of the usage review as a table: one row per client that streamed or holds a stream,
// sortable by every figure (aria-sort on the header): who holds streams now and for how long, and how
// long, how many and how much the ended ones were.
import { SortableHeader } from "../components/sortable-header.tsx";
import { DIRECTION_WORDS } from "../components/table-sort.ts";
import { formatBytes, formatCount, formatDuration } from "./admin-format.ts";
import { type StreamColumn, type StreamingClient, type StreamSort, sortStreams } from "./stream-sort.ts";

interface Column {
  key: StreamColumn;
  label: string;
  /** Shorter text on screen; the label stays the header's name. */
  short?: string;
  numeric: boolean;
}

const COLUMNS: readonly Column[] = [
  { key: "name", label: "Client", numeric: false },
  { key: "open", label: "Open now", numeric: true },
  { key: "openSeconds", label: "Oldest open for", short: "Open for", numeric: true },
  { key: "streams", label: "Streams ended", short: "Ended", numeric: true },
  { key: "seconds", label: "Total time", numeric: true },
  { key: "longestSeconds", label: "Longest", numeric: true },
  { key: "events", label: "Events", numeric: true },
  { key: "bytes", label: "Bytes", numeric: true },
];

export function StreamsTable({
  clients,
  sort,
  onSort,
}: {
  clients: readonly StreamingClient[];
  sort: StreamSort;
  onSort: (column: StreamColumn) => void;
}) {
  const rows = sortStreams(clients, sort);
  const sortedBy = COLUMNS.find((column) => column.key === sort.column)?.label ?? sort.column;
  return (
    <div className="table-scroll admin-scroll">
      <table className="data-table admin-table">
        <caption className="visually-hidden">
          Live streams per client, sorted by {sortedBy.toLowerCase()}, {DIRECTION_WORDS[sort.direction]}
        </caption>
        <thead>
          <tr>
            {COLUMNS.map((column) => (
              <SortableHeader
                key={column.key}
                column={column.key}
                sort={sort}
                onSort={onSort}
                className={column.numeric ? "num" : undefined}
                label={column.label}
                short={column.short}
              />
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map(({ client, name, streams }) => {
            const open = streams.open ?? 0;
            return (
              <tr key={client}>
                <th scope="row" title={client}>
                  {name}
                </th>
                <td className={open > 0 ? "num admin-strong" : "num"}>
                  {streams.open === null ? "—" : formatCount(open)}
                </td>
                <td className="num">{open > 0 ? formatDuration(streams.openSeconds ?? 0) : "—"}</td>
                <td className="num">{formatCount(streams.streams)}</td>
                <td className="num">{streams.streams > 0 ? formatDuration(streams.seconds) : "—"}</td>
                <td className="num">{streams.streams > 0 ? formatDuration(streams.longestSeconds) : "—"}</td>
                <td className="num">{formatCount(streams.events)}</td>
                <td className="num">{formatBytes(streams.bytes)}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
