import { describe, expect, it } from "vitest";
import { type ColumnSort, compareCells, sortableTable } from "./table-sort.ts";

type Column = "name" | "price" | "change" | "volume" | "time";
// A table like the symbol page's exchanges: by volume, largest first, unless chosen otherwise.
const DEFAULT_SORT: ColumnSort<Column> = { column: "volume", direction: "desc" };
const TABLE = sortableTable<Column>({
  columns: ["name", "price", "change", "volume", "time"],
  defaultSort: DEFAULT_SORT,
  ascendingFirst: ["name"],
});

const params = (query: string) => new URLSearchParams(query);

describe("a table's sort in the URL", () => {
  it("starts at the default sort and ignores what it cannot read", () => {
    expect(TABLE.read(params(""))).toEqual(DEFAULT_SORT);
    expect(TABLE.read(params("sort=colour&dir=asc"))).toEqual(DEFAULT_SORT);
    expect(TABLE.read(params("sort=price&dir=sideways"))).toEqual({
      column: "price",
      direction: "desc",
    });
    expect(TABLE.read(params("sort=name"))).toEqual({ column: "name", direction: "asc" });
    expect(TABLE.read(params("sort=time&dir=asc"))).toEqual({ column: "time", direction: "asc" });
  });

  it("turns the sorted column round and starts another at its natural direction", () => {
    expect(TABLE.next(DEFAULT_SORT, "volume")).toEqual({ column: "volume", direction: "asc" });
    expect(TABLE.next({ column: "volume", direction: "asc" }, "volume")).toEqual(DEFAULT_SORT);
    expect(TABLE.next(DEFAULT_SORT, "name")).toEqual({ column: "name", direction: "asc" });
    expect(TABLE.next(DEFAULT_SORT, "change")).toEqual({ column: "change", direction: "desc" });
  });

  it("writes the sort and leaves the default out, keeping the other params", () => {
    expect(TABLE.write(params("open=Binance"), { column: "price", direction: "asc" }).toString()).toBe(
      "open=Binance&sort=price&dir=asc",
    );
    expect(TABLE.write(params("sort=price&dir=asc&open=OKX"), DEFAULT_SORT).toString()).toBe("open=OKX");
  });

  it("writes the sort after a column is chosen", () => {
    expect(TABLE.choose(params("open=OKX"), "name").toString()).toBe("open=OKX&sort=name&dir=asc");
    expect(TABLE.choose(params("sort=volume&dir=asc"), "volume").toString()).toBe("");
  });
});

describe("two cells' order", () => {
  it("puts a missing value last either way and leaves ties to the table", () => {
    for (const direction of ["asc", "desc"] as const) {
      expect(compareCells(null, 1, direction)).toBeGreaterThan(0);
      expect(compareCells(2, Number.NaN, direction)).toBeLessThan(0);
      expect(compareCells(null, Number.NaN, direction)).toBe(0);
    }
    expect(compareCells("bitcoin", "Bitcoin", "asc")).toBe(0);
    expect(compareCells(1, 2, "desc")).toBeGreaterThan(0);
  });
});
