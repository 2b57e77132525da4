import { describe, expect, it } from "vitest";
import { DEFAULT_SORT, nextSort, readOpen, readSort, withSort, withToggled } from "./symbol-params.ts";

const params = (query: string) => new URLSearchParams(query);

describe("the exchange table's sort in the URL", () => {
  it("starts by volume, largest first, and ignores what it cannot read", () => {
    expect(readSort(params(""))).toEqual(DEFAULT_SORT);
    expect(readSort(params("sort=colour&dir=asc"))).toEqual(DEFAULT_SORT);
    expect(readSort(params("sort=price&dir=sideways"))).toEqual({ key: "price", dir: "desc" });
    expect(readSort(params("sort=name"))).toEqual({ key: "name", dir: "asc" });
    expect(readSort(params("sort=time&dir=asc"))).toEqual({ key: "time", dir: "asc" });
  });

  it("turns the sorted column round and starts another at its natural direction", () => {
    expect(nextSort(DEFAULT_SORT, "volume")).toEqual({ key: "volume", dir: "asc" });
    expect(nextSort({ key: "volume", dir: "asc" }, "volume")).toEqual({ key: "volume", dir: "desc" });
    expect(nextSort(DEFAULT_SORT, "name")).toEqual({ key: "name", dir: "asc" });
    expect(nextSort(DEFAULT_SORT, "change")).toEqual({ key: "change", dir: "desc" });
  });

  it("writes the sort and leaves the default out, keeping the other params", () => {
    expect(withSort(params("open=Binance"), { key: "price", dir: "asc" }).toString()).toBe(
      "open=Binance&sort=price&dir=asc",
    );
    expect(withSort(params("sort=price&dir=asc&open=OKX"), DEFAULT_SORT).toString()).toBe("open=OKX");
  });
});

describe("the open exchanges in the URL", () => {
  it("reads each open exchange once", () => {
    expect(readOpen(params("open=Binance&open=&open=Kraken&open=Binance"))).toEqual(["Binance", "Kraken"]);
  });

  it("opens and closes one exchange without touching the rest", () => {
    const opened = withToggled(params("sort=name&dir=asc&open=OKX"), "Gate.io");
    expect(readOpen(opened)).toEqual(["OKX", "Gate.io"]);
    expect(opened.get("sort")).toBe("name");
    expect(readOpen(withToggled(opened, "OKX"))).toEqual(["Gate.io"]);
    expect(withToggled(params("open=OKX"), "OKX").toString()).toBe("");
  });
});
