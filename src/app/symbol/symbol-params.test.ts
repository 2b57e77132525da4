import { describe, expect, it } from "vitest";
import { readOpen, withToggled } from "./symbol-params.ts";

const params = (query: string) => new URLSearchParams(query);

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
