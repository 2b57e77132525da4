// The coin list's view as it lives in the URL, so every view is a shareable link and back/forward work:
// ?q= (search), ?sort=<column>&dir=asc|desc, ?fav=1 (favourites only). Defaults stay out of the URL.

export const SORT_COLUMNS = ["rank", "name", "symbol", "price", "change", "volume", "supply", "cap"] as const;
export type SortColumn = (typeof SORT_COLUMNS)[number];
export type SortDirection = "asc" | "desc";

export interface CoinsView {
  /** The search as typed ("" for none). */
  q: string;
  sort: SortColumn;
  dir: SortDirection;
  /** Favourites only. */
  fav: boolean;
}

export const DEFAULT_VIEW: CoinsView = { q: "", sort: "rank", dir: "asc", fav: false };

/** The direction a column sorts in when first clicked: words and ranks A→Z, figures largest first. */
export function defaultDirection(column: SortColumn): SortDirection {
  return column === "rank" || column === "name" || column === "symbol" ? "asc" : "desc";
}

function isSortColumn(value: string | null): value is SortColumn {
  return value !== null && (SORT_COLUMNS as readonly string[]).includes(value);
}

/** The view a URL's search params stand for; anything unreadable takes its default. */
export function parseCoinsView(params: URLSearchParams): CoinsView {
  const sortParam = params.get("sort");
  const sort = isSortColumn(sortParam) ? sortParam : DEFAULT_VIEW.sort;
  const dirParam = params.get("dir");
  const dir = dirParam === "asc" || dirParam === "desc" ? dirParam : defaultDirection(sort);
  return { q: params.get("q") ?? "", sort, dir, fav: params.get("fav") === "1" };
}

/**
 * The search params for `view`, keeping any other params of `base`, its own always in the same order
 * (q, sort, dir, fav). A default (no search, rank ascending, every coin) leaves its param out.
 */
export function serialiseCoinsView(view: CoinsView, base?: URLSearchParams): URLSearchParams {
  const params = new URLSearchParams(base);
  for (const key of ["q", "sort", "dir", "fav"]) params.delete(key);
  if (view.q.trim() !== "") params.set("q", view.q);
  if (view.sort !== DEFAULT_VIEW.sort || view.dir !== DEFAULT_VIEW.dir) {
    params.set("sort", view.sort);
    params.set("dir", view.dir);
  }
  if (view.fav) params.set("fav", "1");
  return params;
}

/** A click on a column's header: the same column turns round, another starts in its natural direction. */
export function toggleSort(view: CoinsView, column: SortColumn): CoinsView {
  if (view.sort === column) return { ...view, dir: view.dir === "asc" ? "desc" : "asc" };
  return { ...view, sort: column, dir: defaultDirection(column) };
}
