// The usage table's order: by any column, either way; the most refused first unless the operator chooses
// otherwise (the clients that hit their limit most are the ones to look at). Ties go to the busier client,
// then by name, so the order never jumps between refreshes.
import type { ClientUsage } from "../../interface/admin.ts";
import { type ColumnSort, sortableTable } from "../components/table-sort.ts";

export const USAGE_COLUMNS = [
  "name",
  "admitted",
  "refused",
  "errors",
  "bytes",
  "firstSeen",
  "lastSeen",
  "peakPerMinute",
] as const;
export type UsageColumn = (typeof USAGE_COLUMNS)[number];
export type UsageSort = ColumnSort<UsageColumn>;

export const DEFAULT_USAGE_SORT: UsageSort = { column: "refused", direction: "desc" };

/** Names start A→Z, figures and times largest or latest first. */
export const USAGE_SORT = sortableTable<UsageColumn>({
  columns: USAGE_COLUMNS,
  defaultSort: DEFAULT_USAGE_SORT,
  ascendingFirst: ["name"],
});

export function sortUsage(clients: readonly ClientUsage[], sort: UsageSort): ClientUsage[] {
  const sign = sort.direction === "asc" ? 1 : -1;
  return [...clients].sort(
    (a, b) =>
      sign * compareBy(sort.column, a, b) ||
      b.refused - a.refused ||
      b.admitted - a.admitted ||
      a.name.localeCompare(b.name) ||
      a.client.localeCompare(b.client),
  );
}

function compareBy(column: UsageColumn, a: ClientUsage, b: ClientUsage): number {
  switch (column) {
    case "name":
      return a.name.localeCompare(b.name, undefined, { sensitivity: "base" });
    case "firstSeen":
    case "lastSeen":
      return Date.parse(a[column]) - Date.parse(b[column]);
    default:
      return a[column] - b[column];
  }
}
