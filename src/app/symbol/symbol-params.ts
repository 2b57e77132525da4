// The symbol page's view state as it lives in the URL (the exchange table's sort, the open rows), so every
// view is a shareable link; anything unreadable falls back to the default view.
import { type ColumnSort, sortableTable } from "../components/table-sort.ts";

export const SORT_KEYS = ["name", "price", "change", "volume", "time"] as const;
export type SortKey = (typeof SORT_KEYS)[number];
export type ExchangeSort = ColumnSort<SortKey>;

/** The service lists exchanges by volume, largest first, so the table starts there. */
export const EXCHANGE_SORT = sortableTable<SortKey>({
  columns: SORT_KEYS,
  defaultSort: { column: "volume", direction: "desc" },
  ascendingFirst: ["name"],
});

/** The exchanges whose last trades are open, each once, in the order they were opened. */
export function readOpen(params: URLSearchParams): string[] {
  return [...new Set(params.getAll("open").filter((name) => name !== ""))];
}

/** New params with `exchange` opened, or closed when it was open. */
export function withToggled(params: URLSearchParams, exchange: string): URLSearchParams {
  const open = readOpen(params);
  const next = new URLSearchParams(params);
  next.delete("open");
  const after = open.includes(exchange) ? open.filter((name) => name !== exchange) : [...open, exchange];
  for (const name of after) next.append("open", name);
  return next;
}
