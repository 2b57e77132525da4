import { describe, expect, it } from "vitest";
import { packRows, unpackRows } from "./seed-task.ts";

describe("block rows between threads", () => {
  it("packs block rows losslessly, nulls included", () => {
    const rows = [
      {
        series: 3,
        time: 1_763_800_000,
        ma120: 1.5,
        mair120: null,
        medir120: 2.25,
        lastTradeOffset: null,
        volumeUSD: 0,
        trades: 0,
        open: null,
        high: null,
        low: null,
        close: null,
        buyVolume: 0,
        sellVolume: 0,
        tradesLeftOut: 0,
      },
      {
        series: 4,
        time: 1_763_800_120,
        ma120: 95_000.125,
        mair120: 95_001,
        medir120: null,
        lastTradeOffset: 0,
        volumeUSD: 1e9,
        trades: 7,
        open: 95_000.5,
        high: 95_010,
        low: 94_990.25,
        close: 95_001,
        buyVolume: 1.23456789,
        sellVolume: 0.5,
        tradesLeftOut: 2,
      },
    ];
    expect(unpackRows(packRows(rows))).toEqual(rows);
  });
});
