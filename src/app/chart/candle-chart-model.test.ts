// @vitest-environment jsdom
// The chart page's model drawing candles: three series per candle series (the whole volume, the buying part
// over it, the candlesticks) fed in place, a live refetch appended with update, too many candles merged,
// lines of other exchanges' closes beside them, the tooltip's candle rows, recolouring and disposal.
import { describe, expect, it } from "vitest";
import { FALLBACK_THEME } from "../chart-models/chart-theme.ts";
import { fakeChart } from "../chart-models/testing/fake-chart.ts";
import { type ChartCandles, closesOf } from "../decoding/candles/candle-series.ts";
import { CandleChartModel } from "./candle-chart-model.ts";
import { CANDLE_DRAW_LIMIT, mergedCandles, timeIndex } from "./candle-drawing.ts";

/** Candles at `times`: open t/100, close open+1 (rising) or -1 on odd places, volume 3 = 2 buy + 1 sell. */
function candles(times: number[], exchange: string | null = "Binance"): ChartCandles {
  const f = (g: (t: number, i: number) => number) => Float64Array.from(times, g);
  return {
    times: Float64Array.from(times),
    open: f((t) => t / 100),
    high: f((t) => t / 100 + 5),
    low: f((t) => t / 100 - 5),
    close: f((t, i) => t / 100 + (i % 2 === 0 ? 1 : -1)),
    volume: f(() => 3),
    buyVolume: f(() => 2),
    sellVolume: f(() => 1),
    trades: f(() => 7),
    exchange,
    symbol: "BTC",
  };
}

function setUp() {
  const fake = fakeChart();
  const tooltip = document.createElement("div");
  const host = document.createElement("div");
  host.append(tooltip);
  const model = new CandleChartModel(host, {
    createChart: fake.create,
    theme: FALLBACK_THEME,
    tooltip,
    timeZone: "UTC",
    afterPaint: (run) => {
      run();
      return () => {};
    },
  });
  return { fake, model, tooltip };
}

describe("CandleChartModel", () => {
  it("draws candles and the volume beneath them, appends a live refetch, and replaces another request's", () => {
    const { fake, model } = setUp();
    model.setCandleSeries("main", { label: "Binance" });
    const [whole, buying, price] = fake.series;
    expect(whole?.options).toMatchObject({ priceScaleId: "volume", priceFormat: { type: "volume" } });
    expect(fake.priceScale.applyOptions).toHaveBeenCalledWith({ scaleMargins: { top: 0.8, bottom: 0 } });
    expect(price?.applyOptions).toHaveBeenCalledWith(
      expect.objectContaining({ upColor: FALLBACK_THEME.up, downColor: FALLBACK_THEME.down }),
    );
    expect(buying?.applyOptions).toHaveBeenCalledWith({ color: "rgba(15, 123, 69, 0.55)" });

    const first = candles([1000, 2000]);
    expect(model.setCandles("main", first, "k1")).toBe("set");
    expect(price?.setData).toHaveBeenCalledWith([
      { time: 1000, open: 10, high: 15, low: 5, close: 11 },
      { time: 2000, open: 20, high: 25, low: 15, close: 19 },
    ]);
    expect(whole?.setData).toHaveBeenCalledWith([
      { time: 1000, value: 3 },
      { time: 2000, value: 3 },
    ]);
    expect(buying?.setData).toHaveBeenCalledWith([
      { time: 1000, value: 2 },
      { time: 2000, value: 2 },
    ]);
    expect(model.setCandles("main", first, "k1")).toBe("unchanged");

    // The unfinished last candle comes again, and a new one: updated in place, no setData.
    expect(model.setCandles("main", candles([1000, 2000, 3000]), "k1")).toBe("appended");
    expect(price?.setData).toHaveBeenCalledTimes(1);
    expect(price?.update.mock.calls.map(([bar]) => bar.time)).toEqual([2000, 3000]);
    expect(whole?.update).toHaveBeenCalledTimes(2);

    expect(model.setCandles("main", candles([1000, 2000, 3000]), "k2")).toBe("set");
    expect(price?.setData).toHaveBeenCalledTimes(2);
    expect(model.shownCandles().map((s) => s.label)).toEqual(["Binance"]);
  });

  it("draws the forming candle after the history and keeps it there through a refetch; gone, it leaves the history", () => {
    const { fake, model } = setUp();
    model.setCandleSeries("main", { label: "Binance" });
    const [whole, , price] = fake.series;
    model.setCandles("main", candles([1000, 2000]), "k1");
    const forming = {
      time: 4000,
      open: 40,
      high: 42,
      low: 39,
      close: 41,
      volume: 5,
      buyVolume: 3,
      sellVolume: 2,
      trades: 9,
    };
    model.formCandle("main", forming);
    expect(price?.data().map((bar) => bar.time)).toEqual([1000, 2000, 4000]);
    expect(whole?.data().at(-1)).toEqual({ time: 4000, value: 5 });
    // A refetch bringing a closed candle older than the forming one: drawn again, not updated (an update
    // before the series' last bar is refused), the forming candle after it.
    expect(() => model.setCandles("main", candles([1000, 2000, 3000]), "k1")).not.toThrow();
    expect(price?.data().map((bar) => bar.time)).toEqual([1000, 2000, 3000, 4000]);
    // Moved in place.
    model.formCandle("main", { ...forming, close: 43, high: 43 });
    expect(price?.data().at(-1)).toMatchObject({ time: 4000, close: 43 });
    // A new scale's bucket, older than the bar drawn beyond the history: drawn again, not refused.
    expect(() => model.formCandle("main", { ...forming, time: 3000 })).not.toThrow();
    expect(price?.data().map((bar) => bar.time)).toEqual([1000, 2000, 3000]);
    expect(price?.data().at(-1)).toMatchObject({ time: 3000, open: 40 });
    // Another scale's subject: the forming candle goes, the history stays.
    model.formCandle("main", null);
    expect(price?.data().map((bar) => bar.time)).toEqual([1000, 2000, 3000]);
    expect(price?.data().at(-1)).toMatchObject({ time: 3000, open: 30 });
  });

  it("gives a closed bucket's bar its final figures, also when they come with the next bucket's first candle or after it", () => {
    const { fake, model } = setUp();
    model.setCandleSeries("main", { label: "Binance" });
    const [whole, , price] = fake.series;
    model.setCandles("main", candles([1000, 2000]), "k1");
    const bucket = (time: number, close: number, trades: number) => ({
      time,
      open: 40,
      high: Math.max(42, close),
      low: 39,
      close,
      volume: trades,
      buyVolume: 1,
      sellVolume: trades - 1,
      trades,
    });
    model.formCandle("main", bucket(3000, 41, 5));
    // The bucket's final candle and the next one's first, in one batch: 3000 closes at 44, then 4000 starts.
    model.formCandle("main", bucket(4000, 45, 1), bucket(3000, 44, 6));
    expect(price?.data().map((bar) => [bar.time, (bar as { close?: number }).close])).toEqual([
      [1000, 11],
      [2000, 19],
      [3000, 44],
      [4000, 45],
    ]);
    expect(whole?.data().at(-2)).toEqual({ time: 3000, value: 6 });
    // A final that comes after the next bucket's bar: the older bar is updated in place.
    model.formCandle("main", bucket(5000, 46, 1));
    model.formCandle("main", bucket(5000, 47, 2), bucket(4000, 48, 3));
    expect(price?.data().map((bar) => bar.time)).toEqual([1000, 2000, 3000, 4000, 5000]);
    expect(price?.data()[3]).toMatchObject({ time: 4000, close: 48 });
    // A closed bucket the chart never drew, older than its last bar: drawn again in order, not refused.
    model.formCandle("main", bucket(6000, 49, 1));
    expect(() => model.formCandle("main", bucket(6000, 50, 2), bucket(5500, 51, 4))).not.toThrow();
    expect(price?.data().map((bar) => bar.time)).toEqual([1000, 2000, 3000, 4000, 5000, 5500, 6000]);
    expect(price?.data()[5]).toMatchObject({ time: 5500, close: 51 });
    // A history response without the closed buckets (it came before they closed) keeps them drawn.
    model.setCandles("main", candles([1000, 2000]), "k2");
    expect(price?.data().map((bar) => bar.time)).toEqual([1000, 2000, 3000, 4000, 5000, 5500, 6000]);
    expect(price?.data()[2]).toMatchObject({ time: 3000, close: 44 });
    // Another series: the live bars go with it.
    model.formCandle("main", null);
    expect(price?.data().map((bar) => bar.time)).toEqual([1000, 2000]);
  });

  it("turns a line into candles and back under the same id, the price scale's room following", () => {
    const { fake, model } = setUp();
    model.setSeries("main", { label: "Binance · MEDIR120", kind: "area", colourIndex: 0 });
    const area = fake.series[0];
    model.setCandleSeries("main", { label: "Binance" });
    expect(fake.chart.removeSeries).toHaveBeenCalledWith(area);
    expect(fake.series).toHaveLength(4);
    model.setSeries("main", { label: "Binance · MEDIR120", kind: "area", colourIndex: 0 });
    expect(fake.chart.removeSeries).toHaveBeenCalledTimes(4);
    expect(fake.priceScale.applyOptions).toHaveBeenLastCalledWith({
      scaleMargins: { top: 0.12, bottom: 0.08 },
    });
  });

  it("overlays another exchange's closes as a line and exports its candles too", () => {
    const { fake, model } = setUp();
    model.setCandleSeries("main", { label: "Binance" });
    model.setSeries("compare:all", { label: "All exchanges · close", kind: "line", colourIndex: 1 });
    const all = candles([1000, 2000], null);
    expect(model.setCloses("compare:all", all, "k")).toBe("set");
    expect(fake.series[3]?.setData).toHaveBeenCalledWith([
      { time: 1000, value: 11 },
      { time: 2000, value: 19 },
    ]);
    expect(model.setCloses("compare:all", all, "k")).toBe("unchanged");
    expect(model.shown()[0]?.points).toBe(closesOf(all));
    model.setCandles("main", candles([1000, 2000]), "m");
    expect(model.shownCandles().map((s) => [s.label, s.candles.exchange])).toEqual([
      ["Binance", "Binance"],
      ["All exchanges · close", null],
    ]);
  });

  it("shows the hovered candle's open, high, low, close, volume and trades, then each line", () => {
    const { fake, model, tooltip } = setUp();
    model.setCandleSeries("main", { label: "Binance" });
    model.setSeries("compare:all", { label: "All exchanges · close", kind: "line", colourIndex: 1 });
    model.setCandles("main", candles([1000, 2000]), "m");
    model.setCloses("compare:all", candles([1000, 2000], null), "c");
    fake.moveCrosshair({ time: 2000, x: 40, values: [[2, 0]] });
    expect(tooltip.hidden).toBe(false);
    const rows = [...tooltip.querySelectorAll(".chart-tooltip__row")].map((row) => row.textContent);
    expect(rows).toEqual([
      "Binance: O $20.00 H $25.00 L $15.00 C $19.00",
      "Volume 3 (buy 2 / sell 1)",
      "Trades 7",
      "All exchanges · close: $19.00",
    ]);
    expect(tooltip.querySelector(".chart-tooltip__time")?.textContent).toContain("UTC");
    fake.moveCrosshair({});
    expect(tooltip.hidden).toBe(true);
  });

  it("shows the forming candle's figures over its bar, and the history's once the forming candle is older", () => {
    const { fake, model, tooltip } = setUp();
    model.setCandleSeries("main", { label: "Binance" });
    model.setCandles("main", candles([1000, 2000]), "m");
    const forming = {
      time: 2000,
      open: 20,
      high: 26,
      low: 15,
      close: 25.5,
      volume: 4,
      buyVolume: 3,
      sellVolume: 1,
      trades: 8,
    };
    const rowsAt = (time: number) => {
      fake.moveCrosshair({ time, x: 40, values: [[2, 0]] });
      return [...tooltip.querySelectorAll(".chart-tooltip__row")].map((row) => row.textContent);
    };
    // Drawn over the history's last bar: the bar shows the forming figures.
    model.formCandle("main", forming);
    expect(rowsAt(2000)).toEqual([
      "Binance: O $20.00 H $26.00 L $15.00 C $25.50",
      "Volume 4 (buy 3 / sell 1)",
      "Trades 8",
    ]);
    // Drawn beyond it, a bar of its own.
    model.formCandle("main", { ...forming, time: 3000, trades: 2 });
    expect(rowsAt(3000)).toContain("Trades 2");
    // The bucket before stays as last drawn (its final candle, or history, not yet come).
    expect(rowsAt(2000)).toContain("Trades 8");
    // Another series' bucket under the history: the history's figures stand.
    model.formCandle("main", { ...forming, time: 1000 });
    expect(rowsAt(1000)).toContain("Binance: O $10.00 H $15.00 L $5.00 C $11.00");
  });

  it("without candles, shows the time and each line under the crosshair, hidden off the points", () => {
    const { fake, model, tooltip } = setUp();
    model.setSeries("main", { label: "Binance", kind: "area", colourIndex: 0 });
    model.setSeries("compare:all", { label: "All exchanges", kind: "line", colourIndex: 1 });
    // Over a time where only the main series has a point.
    fake.moveCrosshair({ time: 300, x: 40, values: [[0, 80_100]] });
    expect(tooltip.hidden).toBe(false);
    expect(tooltip.textContent).toContain("Binance: $80,100.00");
    expect(tooltip.textContent).not.toContain("All exchanges");
    fake.moveCrosshair({});
    expect(tooltip.hidden).toBe(true);
    fake.moveCrosshair({ time: 300, x: 40, values: [[1, 1]] });
    expect(tooltip.textContent).toContain("All exchanges: $1.00");
    model.dispose();
    expect(tooltip.hidden).toBe(true);
  });

  it("recolours candles with the theme and lets go of everything on dispose", () => {
    const { fake, model } = setUp();
    model.setCandleSeries("main", { label: "Binance" });
    model.setTheme({ ...FALLBACK_THEME, up: "#00ff00", down: "#ff0000" });
    expect(fake.series[2]?.applyOptions).toHaveBeenLastCalledWith(
      expect.objectContaining({ upColor: "#00ff00", wickDownColor: "#ff0000" }),
    );
    model.dispose();
    model.dispose();
    expect(fake.chart.remove).toHaveBeenCalledTimes(1);
    model.setCandleSeries("other", { label: "x" });
    expect(model.setCandles("main", candles([1]), "k")).toBe("unchanged");
  });

  it("draws too many candles merged, first to the chart's width and then up to the draw limit", () => {
    const { fake, model } = setUp();
    model.setCandleSeries("main", { label: "Binance" });
    const times = Array.from({ length: CANDLE_DRAW_LIMIT + 10 }, (_, i) => 1000 + i * 120);
    expect(model.setCandles("main", candles(times), "k")).toBe("set");
    const calls = fake.series[2]?.setData.mock.calls ?? [];
    expect(calls).toHaveLength(2);
    expect(calls[0]?.[0].length).toBe(1200);
    expect(calls[1]?.[0].length).toBe(CANDLE_DRAW_LIMIT);
  });

  it("draws a live refetch again over the first pass's merged candles, appends it once every candle is drawn", () => {
    const fake = fakeChart();
    let detail: (() => void) | null = null;
    const model = new CandleChartModel(document.createElement("div"), {
      createChart: fake.create,
      theme: FALLBACK_THEME,
      timeZone: "UTC",
      afterPaint: (run) => {
        detail = run;
        return () => {
          detail = null;
        };
      },
    });
    model.setCandleSeries("main", { label: "Binance" });
    const times = Array.from({ length: 3002 }, (_, i) => 1000 + i * 120);
    expect(model.setCandles("main", candles(times.slice(0, 3000)), "k")).toBe("set");
    const price = fake.series[2];
    expect(price?.setData.mock.lastCall?.[0]).toHaveLength(1200);
    // The first pass merges: a newer answer cannot go in with update.
    expect(model.setCandles("main", candles(times.slice(0, 3001)), "k")).toBe("set");
    expect(price?.update).not.toHaveBeenCalled();
    (detail as (() => void) | null)?.();
    expect(price?.setData.mock.lastCall?.[0]).toHaveLength(3001);
    expect(model.setCandles("main", candles(times), "k")).toBe("appended");
    expect(price?.update.mock.calls.map(([bar]) => bar.time)).toEqual(times.slice(3000));
  });
});

describe("mergedCandles", () => {
  it("merges runs as a coarser scale would: first open, highest high, lowest low, last close, sums", () => {
    const merged = mergedCandles(candles([100, 200, 300, 400]), 2);
    expect([...merged.times]).toEqual([100, 300]);
    expect([...merged.open]).toEqual([1, 3]);
    expect([...merged.high]).toEqual([7, 9]);
    expect([...merged.low]).toEqual([-4, -2]);
    expect([...merged.close]).toEqual([1, 3]);
    expect([...merged.volume]).toEqual([6, 6]);
    expect([...merged.buyVolume]).toEqual([4, 4]);
    expect([...merged.trades]).toEqual([14, 14]);
    const few = candles([100]);
    expect(mergedCandles(few, 2)).toBe(few);
  });

  it("finds a time by binary search", () => {
    const times = Float64Array.from([10, 20, 30, 40]);
    expect(timeIndex(times, 30)).toBe(2);
    expect(timeIndex(times, 35)).toBeNull();
    expect(timeIndex(new Float64Array(0), 1)).toBeNull();
  });
});
