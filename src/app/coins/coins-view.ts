// The coin list's view as it lives in the URL, so every view is a shareable link and back/forward work:
// ?q= (search), ?sort=<column>&dir=asc|desc, ?fav=1 (favourites only). Defaults stay out of the URL.
import { type SortDirection, sortableTable } from "../components/table-sort.ts";

export const SORT_COLUMNS = ["rank", "name", "symbol", "price", "change", "volume", "supply", "cap"] as const;
export type SortColumn = (typeof SORT_COLUMNS)[number];

export interface CoinsView {
  /** The search as typed ("" for none). */
  q: string;
  sort: SortColumn;
  dir: SortDirection;
  /** Favourites only. */
  fav: boolean;
}

export const DEFAULT_VIEW: CoinsView = { q: "", sort: "rank", dir: "asc", fav: false };

/** Words and ranks start A→Z, figures largest first. */
export const COIN_SORT = sortableTable<SortColumn>({
  columns: SORT_COLUMNS,
  defaultSort: { column: DEFAULT_VIEW.sort, direction: DEFAULT_VIEW.dir },
  ascendingFirst: ["rank", "name", "symbol"],
});

/** The view a URL's search params stand for; anything unreadable takes its default. */
export function parseCoinsView(params: URLSearchParams): CoinsView {
  const { column, direction } = COIN_SORT.read(params);
  return { q: params.get("q") ?? "", sort: column, dir: direction, fav: params.get("fav") === "1" };
}

/** The search params for `view`, keeping `base`'s others; its own in one order, defaults left out. */
export function serialiseCoinsView(view: CoinsView, base?: URLSearchParams): URLSearchParams {
  const others = new URLSearchParams(base);
  for (const key of ["q", "sort", "dir", "fav"]) others.delete(key);
  if (view.q.trim() !== "") others.set("q", view.q);
  const params = COIN_SORT.write(others, { column: view.sort, direction: view.dir });
  if (view.fav) params.set("fav", "1");
  return params;
}

/** A click on a column's header. */
export function toggleSort(view: CoinsView, column: SortColumn): CoinsView {
  const { column: sort, direction: dir } = COIN_SORT.next({ column: view.sort, direction: view.dir }, column);
  return { ...view, sort, dir };
}
