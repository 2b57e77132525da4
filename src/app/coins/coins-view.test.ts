import { describe, expect, it } from "vitest";
import {
  COIN_SORT,
  type CoinsView,
  DEFAULT_VIEW,
  parseCoinsView,
  SORT_COLUMNS,
  serialiseCoinsView,
  toggleSort,
} from "./coins-view.ts";

const parse = (search: string) => parseCoinsView(new URLSearchParams(search));

describe("parseCoinsView", () => {
  it("reads no params as the default view", () => {
    expect(parse("")).toEqual(DEFAULT_VIEW);
  });

  it("reads search, sort, direction and the favourites filter", () => {
    expect(parse("?q=eth&sort=price&dir=asc&fav=1")).toEqual({
      q: "eth",
      sort: "price",
      dir: "asc",
      fav: true,
    });
  });

  it("keeps the search as typed, spaces and case included", () => {
    expect(parse("?q=Bitcoin%20Ca").q).toBe("Bitcoin Ca");
  });

  it("gives a column without a direction its natural one", () => {
    expect(parse("?sort=cap").dir).toBe("desc");
    expect(parse("?sort=name").dir).toBe("asc");
  });

  it("falls back to defaults for unknown values", () => {
    expect(parse("?sort=colour&dir=sideways&fav=yes")).toEqual(DEFAULT_VIEW);
    expect(parse("?sort=volume&dir=up")).toMatchObject({ sort: "volume", dir: "desc" });
  });
});

describe("serialiseCoinsView", () => {
  it("leaves the default view out of the URL", () => {
    expect(serialiseCoinsView(DEFAULT_VIEW).toString()).toBe("");
  });

  it("writes what differs from the default", () => {
    const view: CoinsView = { q: "eth", sort: "price", dir: "desc", fav: true };
    expect(serialiseCoinsView(view).toString()).toBe("q=eth&sort=price&dir=desc&fav=1");
  });

  it("writes the direction even when it is the column's natural one", () => {
    expect(serialiseCoinsView({ ...DEFAULT_VIEW, sort: "rank", dir: "desc" }).toString()).toBe(
      "sort=rank&dir=desc",
    );
  });

  it("drops a blank search", () => {
    expect(serialiseCoinsView({ ...DEFAULT_VIEW, q: "   " }).toString()).toBe("");
  });

  it("writes its params in one order whatever the order before", () => {
    const base = new URLSearchParams("fav=1&sort=name&dir=asc");
    expect(serialiseCoinsView({ q: "x", sort: "name", dir: "asc", fav: true }, base).toString()).toBe(
      "q=x&sort=name&dir=asc&fav=1",
    );
  });

  it("keeps other params and replaces its own", () => {
    const base = new URLSearchParams("utm=x&q=old&fav=1");
    expect(serialiseCoinsView({ ...DEFAULT_VIEW, q: "new" }, base).toString()).toBe("utm=x&q=new");
  });

  it("round-trips every column and direction", () => {
    for (const sort of SORT_COLUMNS) {
      for (const dir of ["asc", "desc"] as const) {
        for (const fav of [false, true]) {
          const view: CoinsView = { q: "a b&c", sort, dir, fav };
          expect(parseCoinsView(serialiseCoinsView(view))).toEqual(view);
        }
      }
    }
  });
});

describe("toggleSort", () => {
  it("turns the current column round", () => {
    expect(toggleSort({ ...DEFAULT_VIEW, sort: "price", dir: "desc" }, "price")).toMatchObject({
      sort: "price",
      dir: "asc",
    });
    expect(toggleSort(DEFAULT_VIEW, "rank")).toMatchObject({ sort: "rank", dir: "desc" });
  });

  it("starts another column in its natural direction and keeps the rest", () => {
    const view = { q: "x", sort: "name", dir: "desc", fav: true } as const;
    expect(toggleSort(view, "cap")).toEqual({
      q: "x",
      sort: "cap",
      dir: COIN_SORT.firstDirection("cap"),
      fav: true,
    });
  });
});
