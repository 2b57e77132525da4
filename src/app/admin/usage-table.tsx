// The usage review as a table: one row per client, sortable by every figure (aria-sort on the header),
// each client's name a toggle that shows its requests per minute on the chart below.
import type { ClientUsage } from "../../interface/admin.ts";
import { SortableHeader } from "../components/sortable-header.tsx";
import { DIRECTION_WORDS } from "../components/table-sort.ts";
import { formatIsoIn } from "../format/time-zone.ts";
import { useTimeZone } from "../store/settings-context.tsx";
import { formatBytes, formatCount } from "./admin-format.ts";
import { sortUsage, type UsageColumn, type UsageSort } from "./usage-sort.ts";

interface Column {
  key: UsageColumn;
  label: string;
  numeric: boolean;
}

const COLUMNS: readonly Column[] = [
  { key: "name", label: "Client", numeric: false },
  { key: "admitted", label: "Admitted", numeric: true },
  { key: "refused", label: "Refused", numeric: true },
  { key: "errors", label: "Errors", numeric: true },
  { key: "bytes", label: "Bytes", numeric: true },
  { key: "firstSeen", label: "First seen", numeric: false },
  { key: "lastSeen", label: "Last seen", numeric: false },
  { key: "peakPerMinute", label: "Peak/min", numeric: true },
];

/** Endpoints shown per client; the rest are counted. */
const TOP_ENDPOINTS = 3;

export function UsageTable({
  clients,
  sort,
  selected,
  onSort,
  onSelect,
}: {
  clients: readonly ClientUsage[];
  sort: UsageSort;
  selected: string | null;
  onSort: (column: UsageColumn) => void;
  onSelect: (client: string | null) => void;
}) {
  const zone = useTimeZone();
  const rows = sortUsage(clients, sort);
  const sortedBy = COLUMNS.find((column) => column.key === sort.column)?.label ?? sort.column;
  return (
    <div className="table-scroll admin-scroll">
      <table className="data-table admin-table">
        <caption className="visually-hidden">
          Usage per client, sorted by {sortedBy.toLowerCase()}, {DIRECTION_WORDS[sort.direction]}
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
              />
            ))}
            <th scope="col">Top endpoints</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => {
            const chosen = row.client === selected;
            return (
              <tr key={row.client} className={chosen ? "admin-row--selected" : undefined}>
                <th scope="row">
                  <button
                    type="button"
                    className="admin-link-button"
                    aria-pressed={chosen}
                    title={row.client}
                    onClick={() => onSelect(chosen ? null : row.client)}
                  >
                    {row.name}
                  </button>
                </th>
                <td className="num">{formatCount(row.admitted)}</td>
                <td className={row.refused > 0 ? "num admin-bad" : "num"}>{formatCount(row.refused)}</td>
                <td className="num">{formatCount(row.errors)}</td>
                <td className="num">{formatBytes(row.bytes)}</td>
                <td>{formatIsoIn(row.firstSeen, zone)}</td>
                <td>{formatIsoIn(row.lastSeen, zone)}</td>
                <td className="num">{formatCount(row.peakPerMinute)}</td>
                <td className="admin-endpoints">{topEndpoints(row)}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

function topEndpoints(row: ClientUsage): string {
  const shown = row.endpoints
    .slice(0, TOP_ENDPOINTS)
    .map(
      (e) =>
        `${e.endpoint} ${formatCount(e.admitted)}${e.refused > 0 ? ` (+${formatCount(e.refused)} refused)` : ""}`,
    );
  const more = row.endpoints.length - shown.length;
  return [...shown, ...(more > 0 ? [`${more} more`] : [])].join(", ") || "—";
}
