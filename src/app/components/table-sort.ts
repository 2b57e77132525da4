// One way to sort a table by a column, so every sortable table behaves alike; in the address the default
// sort is left out, so a link to the view everyone starts at stays clean.

export type SortDirection = "asc" | "desc";

export interface ColumnSort<C extends string> {
  column: C;
  direction: SortDirection;
}

/** A direction as aria-sort and the tables' captions say it. */
export const DIRECTION_WORDS = { asc: "ascending", desc: "descending" } as const;

/**
 * A table's sorting: its columns, the sort it starts at (the one the address leaves out), and the columns
 * first sorted A→Z (names, ranks); every other column starts largest or latest first.
 */
export function sortableTable<C extends string>(table: {
  columns: readonly C[];
  defaultSort: ColumnSort<C>;
  ascendingFirst: readonly C[];
}) {
  const { columns, defaultSort, ascendingFirst } = table;
  const firstDirection = (column: C): SortDirection => (ascendingFirst.includes(column) ? "asc" : "desc");
  /** Choosing the sorted column turns it round; choosing another starts it at its first direction. */
  const next = (current: ColumnSort<C>, column: C): ColumnSort<C> =>
    current.column === column
      ? { column, direction: current.direction === "asc" ? "desc" : "asc" }
      : { column, direction: firstDirection(column) };
  /** A column it cannot read gives the default sort; a direction it cannot read, the column's first. */
  const read = (params: URLSearchParams): ColumnSort<C> => {
    const column = columns.find((known) => known === params.get("sort"));
    if (column === undefined) return defaultSort;
    const direction = params.get("dir");
    return {
      column,
      direction: direction === "asc" || direction === "desc" ? direction : firstDirection(column),
    };
  };
  /** New params with `sort` in them, the others kept. */
  const write = (params: URLSearchParams, sort: ColumnSort<C>): URLSearchParams => {
    const written = new URLSearchParams(params);
    if (sort.column === defaultSort.column && sort.direction === defaultSort.direction) {
      written.delete("sort");
      written.delete("dir");
    } else {
      written.set("sort", sort.column);
      written.set("dir", sort.direction);
    }
    return written;
  };
  /** The params after `column` is chosen. */
  const choose = (params: URLSearchParams, column: C) => write(params, next(read(params), column));
  return { firstDirection, next, read, write, choose };
}

/** Two cells' order in `direction`, 0 for a tie; a missing value goes last either way, having no rank. */
export function compareCells(a: string | number | null, b: string | number | null, direction: SortDirection) {
  const aMissing = a === null || Number.isNaN(a);
  const bMissing = b === null || Number.isNaN(b);
  if (aMissing || bMissing) return aMissing === bMissing ? 0 : aMissing ? 1 : -1;
  const order =
    typeof a === "string" && typeof b === "string"
      ? a.localeCompare(b, undefined, { sensitivity: "base" })
      : (a as number) - (b as number);
  return direction === "asc" ? order : -order;
}
