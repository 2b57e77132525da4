// @vitest-environment jsdom
// Older history put in front of a series (the chart page loads it as the reader scrolls back): the bars
// drawn are kept, the older ones drawn as densely, the view shifted by the bars added so it does not move,
// a live refetch after it still appended, another request's page refused.
import { describe, expect, it } from "vitest";
import { FALLBACK_THEME } from "../chart-models/chart-theme.ts";
import { chartPoints, fakeChart } from "../chart-models/testing/fake-chart.ts";
import type { ChartCandles } from "../decoding/candles/candle-series.ts";
import { CandleChartModel } from "./candle-chart-model.ts";
import { CANDLE_DRAW_LIMIT } from "./candle-drawing.ts";

const STEP = 120;
const T0 = 1_700_000_040;
const times = (from: number, n: number) => Array.from({ length: n }, (_, i) => T0 + (from + i) * STEP);

function candles(at: number[]): ChartCandles {
  const f = (g: (t: number) => number) => Float64Array.from(at, g);
  return {
    times: Float64Array.from(at),
    open: f((t) => t / 100),
    high: f((t) => t / 100 + 5),
    low: f((t) => t / 100 - 5),
    close: f((t) => t / 100 + 1),
    volume: f(() => 3),
    buyVolume: f(() => 2),
    sellVolume: f(() => 1),
    trades: f(() => 7),
    exchange: "Binance",
    symbol: "BTC",
  };
}

function setUp() {
  const fake = fakeChart();
  const model = new CandleChartModel(document.createElement("div"), {
    createChart: fake.create,
    theme: FALLBACK_THEME,
    timeZone: "UTC",
    afterPaint: (run) => {
      run();
      return () => {};
    },
  });
  return { fake, model };
}

describe("history in front of a series", () => {
  it("puts older candles in front, the view shifted by the bars added, and appends a live refetch after", () => {
    const { fake, model } = setUp();
    model.setCandleSeries("main", { label: "Binance" });
    const answer = candles(times(0, 720));
    model.setCandles("main", answer, "day");
    const price = fake.series[2];
    // The reader has dragged the view 30 bars before the first candle.
    fake.scrollTo({ from: -30, to: 200 });
    expect(model.prependCandles("main", candles(times(-720, 720)), "day")).toBe("prepended");
    const drawn = price?.setData.mock.lastCall?.[0] as { time: number }[];
    expect(drawn).toHaveLength(1440);
    expect(drawn[0]?.time).toBe(T0 - 720 * STEP);
    expect(drawn[720]?.time).toBe(T0);
    expect(fake.timeScale.setVisibleLogicalRange).toHaveBeenLastCalledWith({ from: 690, to: 920 });
    expect(fake.timeScale.fitContent).toHaveBeenCalledTimes(1);
    expect(model.shownCandles()[0]?.candles.times.length).toBe(1440);

    // The same page again, or one of another request, changes nothing.
    expect(model.prependCandles("main", candles(times(-720, 720)), "day")).toBe("unchanged");
    expect(model.prependCandles("main", candles(times(-1440, 720)), "week")).toBe("unchanged");
    expect(model.shows("main", "day")).toBe(true);
    expect(model.shows("main", "week")).toBe(false);

    // The live refetch: its newest candles appended, the history still in front of them.
    const setDataCalls = price?.setData.mock.calls.length;
    expect(model.setCandles("main", candles(times(0, 722)), "day")).toBe("appended");
    expect(price?.setData.mock.calls.length).toBe(setDataCalls);
    expect(price?.update).toHaveBeenCalledTimes(3);
    expect(model.shownCandles()[0]?.candles.times.length).toBe(1442);
    expect(model.shownCandles()[0]?.candles.times[0]).toBe(T0 - 720 * STEP);
  });

  it("merges older candles as densely as the candles drawn when there are too many to draw", () => {
    const { fake, model } = setUp();
    model.setCandleSeries("main", { label: "Binance" });
    model.setCandles("main", candles(times(0, 4 * CANDLE_DRAW_LIMIT)), "all");
    const price = fake.series[2];
    const before = price?.setData.mock.lastCall?.[0] as { time: number }[];
    expect(before).toHaveLength(CANDLE_DRAW_LIMIT);
    fake.scrollTo({ from: -5, to: 300 });
    model.prependCandles("main", candles(times(-2000, 2000)), "all");
    const after = price?.setData.mock.lastCall?.[0] as { time: number }[];
    // 2,000 older candles at four a bar: 500 bars, the drawn ones kept as they were.
    expect(after).toHaveLength(CANDLE_DRAW_LIMIT + 500);
    expect(after.slice(500)).toEqual(before);
    expect(fake.timeScale.setVisibleLogicalRange).toHaveBeenLastCalledWith({ from: 495, to: 800 });

    // A second page goes in front of the first, merged as densely, the bars drawn kept again.
    fake.scrollTo({ from: -5, to: 300 });
    model.prependCandles("main", candles(times(-6000, 4000)), "all");
    const again = price?.setData.mock.lastCall?.[0] as { time: number }[];
    expect(again).toHaveLength(CANDLE_DRAW_LIMIT + 500 + 1000);
    expect(again.slice(1000)).toEqual(after);
    expect(again[0]?.time).toBe(T0 - 6000 * STEP);
    // The export reads every candle held, the pages and the answer in time order, each column with its time.
    const held = model.shownCandles()[0]?.candles;
    expect(held?.times.length).toBe(6000 + 4 * CANDLE_DRAW_LIMIT);
    expect(held?.times[0]).toBe(T0 - 6000 * STEP);
    expect(held?.times[3999]).toBe(T0 - 2001 * STEP);
    expect(held?.times[4000]).toBe(T0 - 2000 * STEP);
    expect(held?.times[6000]).toBe(T0);
    expect(held?.times.every((t, i) => i === 0 || t === (held.times[i - 1] as number) + STEP)).toBe(true);
    expect(held?.open.every((open, i) => open === (held.times[i] as number) / 100)).toBe(true);

    // Merged bars cannot take a live refetch with update: the newer answer is drawn again, history in front.
    const updates = price?.update.mock.calls.length;
    expect(model.setCandles("main", candles(times(0, 4 * CANDLE_DRAW_LIMIT + 1)), "all")).toBe("set");
    expect(price?.update.mock.calls.length).toBe(updates);
    expect(model.shownCandles()[0]?.candles.times.length).toBe(6001 + 4 * CANDLE_DRAW_LIMIT);
  });

  it("puts older points in front of a line, and older closes in front of a compared exchange's line", () => {
    const { fake, model } = setUp();
    model.setSeries("main", { label: "Binance · MEDIR120", kind: "area", colourIndex: 0 });
    model.setPoints("main", chartPoints(times(0, 100)), "points");
    fake.scrollTo({ from: -10, to: 90 });
    expect(model.prependPoints("main", chartPoints(times(-50, 50)), "points")).toBe("prepended");
    const line = fake.series[0];
    expect(line?.setData.mock.lastCall?.[0]).toHaveLength(150);
    expect(fake.timeScale.setVisibleLogicalRange).toHaveBeenLastCalledWith({ from: 40, to: 140 });
    expect(model.shown()[0]?.points.times.length).toBe(150);

    model.setSeries("compare:Kraken", { label: "Kraken · close", kind: "line", colourIndex: 1 });
    model.setCloses("compare:Kraken", candles(times(0, 100)), "kraken");
    expect(model.prependCloses("compare:Kraken", candles(times(-50, 50)), "kraken")).toBe("prepended");
    expect(model.prependCloses("compare:Kraken", candles(times(-80, 40)), "kraken")).toBe("prepended");
    const compared = model.shownCandles().find((s) => s.id === "compare:Kraken")?.candles;
    expect(compared?.times.length).toBe(180);
    expect(compared?.times[0]).toBe(T0 - 80 * STEP);
    expect(compared?.times.every((t, i) => i === 0 || t === (compared.times[i - 1] as number) + STEP)).toBe(
      true,
    );
    expect(compared?.close.every((close, i) => close === (compared.times[i] as number) / 100 + 1)).toBe(true);
    // A newer answer keeps the history in front of it.
    model.setCloses("compare:Kraken", candles(times(0, 101)), "kraken");
    expect(model.shownCandles().find((s) => s.id === "compare:Kraken")?.candles.times.length).toBe(181);
  });
});
