// The symbol page's view state as it lives in the URL: how the exchange table is sorted (?sort=&dir=) and
// which exchanges show their last trades (?open=Binance&open=Kraken), so every view is a shareable link
// and back/forward step through it. Anything unreadable falls back to the default view.

export const SORT_KEYS = ["name", "price", "change", "volume", "time"] as const;
export type SortKey = (typeof SORT_KEYS)[number];
export type SortDir = "asc" | "desc";

export interface ExchangeSort {
  key: SortKey;
  dir: SortDir;
}

/** The service lists exchanges by volume, largest first: the table says so and starts there. */
export const DEFAULT_SORT: ExchangeSort = { key: "volume", dir: "desc" };

function isSortKey(value: string | null): value is SortKey {
  return (SORT_KEYS as readonly (string | null)[]).includes(value);
}

export function readSort(params: URLSearchParams): ExchangeSort {
  const key = params.get("sort");
  if (!isSortKey(key)) return DEFAULT_SORT;
  const dir = params.get("dir");
  return { key, dir: dir === "asc" || dir === "desc" ? dir : firstDirection(key) };
}

/** A column's first direction when picked: names A→Z; numbers and times largest/newest first. */
export function firstDirection(key: SortKey): SortDir {
  return key === "name" ? "asc" : "desc";
}

/** Picking the sorted column again turns it round; picking another starts at its first direction. */
export function nextSort(current: ExchangeSort, key: SortKey): ExchangeSort {
  if (current.key === key) return { key, dir: current.dir === "asc" ? "desc" : "asc" };
  return { key, dir: firstDirection(key) };
}

/** New params with `sort` in them; the default sort leaves the address clean. */
export function withSort(params: URLSearchParams, sort: ExchangeSort): URLSearchParams {
  const next = new URLSearchParams(params);
  if (sort.key === DEFAULT_SORT.key && sort.dir === DEFAULT_SORT.dir) {
    next.delete("sort");
    next.delete("dir");
  } else {
    next.set("sort", sort.key);
    next.set("dir", sort.dir);
  }
  return next;
}

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
