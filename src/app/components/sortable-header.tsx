// A sortable table's column header: a button, and aria-sort so a screen reader hears how the table is sorted.
import { type ColumnSort, DIRECTION_WORDS } from "./table-sort.ts";

export function SortableHeader<C extends string>({
  column,
  sort,
  onSort,
  className,
  markClass,
  idleMark = "",
  label,
  short,
}: {
  column: C;
  sort: ColumnSort<C>;
  onSort: (column: C) => void;
  className?: string;
  markClass?: string;
  idleMark?: string;
  label: string;
  /** Shorter text on screen, when the label is too long for the header; the label stays its name. */
  short?: string;
}) {
  const active = sort.column === column;
  return (
    <th scope="col" className={className} aria-sort={active ? DIRECTION_WORDS[sort.direction] : "none"}>
      <button
        type="button"
        className={active ? "sort-button sort-button--active" : "sort-button"}
        onClick={() => onSort(column)}
      >
        {short ? (
          <>
            <span aria-hidden="true">{short}</span>
            <span className="visually-hidden">{label}</span>
          </>
        ) : (
          label
        )}
        <span
          className={markClass && (active ? `${markClass} ${markClass}--active` : markClass)}
          aria-hidden="true"
        >
          {active ? (sort.direction === "asc" ? "▲" : "▼") : idleMark}
        </span>
      </button>
    </th>
  );
}
