// @vitest-environment jsdom
import { describe, expect, it } from "vitest";
import { MIN_BAR_SPACING } from "./chart-options.ts";
import { FALLBACK_THEME, seriesColour } from "./chart-theme.ts";
import { DRAW_LIMIT } from "./decimate.ts";
import { CONFLATION_FROM, PointsChartModel } from "./points-chart-model.ts";
import { appendFrom, firstPassLimit } from "./series-drawing.ts";
import { fakeChart, chartPoints as points } from "./testing/fake-chart.ts";

describe("PointsChartModel (and the ChartModel it extends)", () => {
  it("creates the chart once, fills a series, appends a live refetch, and disposes twice", () => {
    const fake = fakeChart();
    const container = document.createElement("div");
    const model = new PointsChartModel(container, { createChart: fake.create, theme: FALLBACK_THEME });
    expect(fake.create).toHaveBeenCalledTimes(1);
    const options = fake.create.mock.calls[0]?.[1];
    expect(options?.autoSize).toBe(true);
    expect(options?.timeScale?.minBarSpacing).toBe(MIN_BAR_SPACING);
    expect(fake.handlers.size).toBe(1);

    model.setSeries("main", { label: "Binance", kind: "area", colourIndex: 0 });
    const first = points([100, 200, 300]);
    expect(model.setPoints("main", first, "k1")).toBe("set");
    const s = fake.series[0];
    expect(s?.setData).toHaveBeenCalledWith([
      { time: 100, value: 0.1 },
      { time: 200, value: 0.2 },
      { time: 300, value: 0.3 },
    ]);
    expect(fake.timeScale.fitContent).toHaveBeenCalledTimes(1);
    expect(model.setPoints("main", first, "k1")).toBe("unchanged");

    // The same request answered again with a changed last bucket and a new one: two updates, no setData.
    const grown = points([100, 200, 300, 400], [0.1, 0.2, 0.35, 0.4]);
    expect(model.setPoints("main", grown, "k1")).toBe("appended");
    expect(s?.setData).toHaveBeenCalledTimes(1);
    expect(s?.update.mock.calls).toEqual([[{ time: 300, value: 0.35 }], [{ time: 400, value: 0.4 }]]);

    // Another request (another exchange) replaces the data even though its times line up.
    expect(model.setPoints("main", points([100, 200, 300, 400, 500]), "k2")).toBe("set");
    expect(s?.setData).toHaveBeenCalledTimes(2);

    model.setTheme({ ...FALLBACK_THEME, background: "#000000" });
    expect(fake.chart.applyOptions).toHaveBeenCalledWith(
      expect.objectContaining({ layout: expect.objectContaining({ background: { color: "#000000" } }) }),
    );
    expect(s?.applyOptions).toHaveBeenCalled();
    expect(fake.create).toHaveBeenCalledTimes(1);

    model.dispose();
    model.dispose();
    expect(fake.chart.remove).toHaveBeenCalledTimes(1);
    expect(fake.handlers.size).toBe(0);
    expect(model.disposed).toBe(true);
    // After disposal every call is a no-op.
    model.setSeries("x", { label: "x", kind: "line", colourIndex: 1 });
    expect(model.setPoints("main", first, "k3")).toBe("unchanged");
    expect(model.screenshot()).toBeNull();
  });

  it("draws a very large series as its lows and highs, within the draw limit, keeping the extremes", () => {
    const fake = fakeChart();
    const model = new PointsChartModel(document.createElement("div"), { createChart: fake.create });
    model.setSeries("main", { label: "All exchanges", kind: "line", colourIndex: 1 });
    const times = Array.from({ length: 100_000 }, (_, i) => i * 120);
    const big = points(times);
    big.values[77_777] = 1e9;
    model.setPoints("main", big, "k");
    const drawn = fake.series[0]?.setData.mock.calls[0]?.[0] as { time: number; value: number }[];
    expect(drawn.length).toBeLessThanOrEqual(DRAW_LIMIT);
    expect(drawn[0]?.time).toBe(0);
    expect(drawn.at(-1)?.time).toBe(times.at(-1));
    expect(drawn.some((point) => point.value === 1e9)).toBe(true);
    // The export still gets every point.
    expect(model.shown()[0]?.points.times.length).toBe(100_000);
    model.dispose();
  });

  it("puts a large series on in two passes: a column's worth first, every point after the paint", () => {
    const fake = fakeChart();
    const pending: { run: () => void; cancelled: boolean }[] = [];
    const afterPaint = (run: () => void) => {
      const job = { run, cancelled: false };
      pending.push(job);
      return () => {
        job.cancelled = true;
      };
    };
    const model = new PointsChartModel(document.createElement("div"), {
      createChart: fake.create,
      afterPaint,
    });
    model.setSeries("main", { label: "Binance", kind: "line", colourIndex: 0 });
    const s = fake.series[0];
    const drawn = (call: number) => s?.setData.mock.calls[call]?.[0] as { time: number }[];
    const times = Array.from({ length: 9_000 }, (_, i) => i * 120);

    model.setPoints("main", points(times), "k");
    expect(drawn(0).length).toBeLessThanOrEqual(firstPassLimit(0));
    expect([drawn(0)[0]?.time, drawn(0).at(-1)?.time]).toEqual([0, times.at(-1)]);
    expect(pending).toHaveLength(1);
    // A live block arrives before the second pass: appended to what is drawn, and in the detail too.
    model.setPoints("main", points([...times, 9_000 * 120]), "k");
    pending[0]?.run();
    expect(drawn(1)).toHaveLength(9_001);
    expect(fake.timeScale.fitContent).toHaveBeenCalledTimes(2);

    // Zoomed in before the detail came: the view stays where it was.
    model.setPoints("main", points(times.map((t) => t + 1)), "k2");
    fake.timeScale.getVisibleRange.mockReturnValueOnce({ from: 1_000, to: 9_000 });
    pending[1]?.run();
    expect(fake.timeScale.setVisibleRange).toHaveBeenCalledWith({ from: 1_000, to: 9_000 });
    expect(fake.timeScale.fitContent).toHaveBeenCalledTimes(3);

    // New data, or the end of the chart, cancels a second pass not yet run; a small series needs none.
    model.setPoints("main", points(times), "k3");
    model.setPoints("main", points(times.slice(0, 100)), "k4");
    expect(pending[2]?.cancelled).toBe(true);
    expect(pending).toHaveLength(3);
    model.setPoints("main", points(times), "k5");
    model.dispose();
    expect(pending[3]?.cancelled).toBe(true);
  });

  it("turns conflation on for a large series and off when it goes", () => {
    const fake = fakeChart();
    const model = new PointsChartModel(document.createElement("div"), { createChart: fake.create });
    model.setSeries("main", { label: "All exchanges", kind: "line", colourIndex: 1 });
    const big = points(Array.from({ length: CONFLATION_FROM }, (_, i) => i * 120));
    model.setPoints("main", big, "k");
    expect(fake.chart.applyOptions).toHaveBeenCalledWith({
      timeScale: { enableConflation: true },
    });
    model.removeSeries("main");
    expect(fake.chart.removeSeries).toHaveBeenCalledTimes(1);
    expect(fake.chart.applyOptions).toHaveBeenLastCalledWith({
      timeScale: { enableConflation: false },
    });
    model.dispose();
  });

  it("gives each series its own colour and formats values in the chosen currency", () => {
    const fake = fakeChart();
    const model = new PointsChartModel(document.createElement("div"), { createChart: fake.create });
    model.setSeries("main", { label: "Binance", kind: "area", colourIndex: 0 });
    model.setSeries("compare:all", { label: "All exchanges", kind: "line", colourIndex: 1 });
    const [main, compare] = fake.series;
    expect(main?.applyOptions).not.toHaveBeenCalled();
    model.setSeries("compare:all", { label: "All exchanges", kind: "line", colourIndex: 2 });
    expect(compare?.applyOptions).toHaveBeenCalledWith({ color: seriesColour(FALLBACK_THEME, 2) });
    expect(fake.chart.addSeries).toHaveBeenCalledTimes(2);
    model.setValueFormat({ currency: "EUR", rate: 0.5, locale: "en-US" });
    expect(model.formatValue(100)).toBe("€50.00");
    model.dispose();
  });

  it("lays a small chart's options over its own and writes values in the format it is given", () => {
    const fake = fakeChart();
    const percent = (value: number) => `${value.toFixed(2)}%`;
    const own = { handleScroll: false, grid: { vertLines: { visible: false } } };
    const model = new PointsChartModel(document.createElement("div"), {
      createChart: fake.create,
      chartOptions: own,
      valueFormat: percent,
    });
    expect(fake.chart.applyOptions).toHaveBeenCalledWith(own);
    const axisLabel = (options: unknown, value: number) =>
      (
        options as { localization: { priceFormatter: (price: number) => string } }
      ).localization.priceFormatter(value);
    expect(axisLabel(fake.create.mock.calls[0]?.[1], 5.3125)).toBe("5.31%");
    expect(model.formatValue(5.3125)).toBe("5.31%");
    model.setValueFormat((value) => `${value}`);
    expect(axisLabel(fake.chart.applyOptions.mock.lastCall?.[0], 5.3125)).toBe("5.3125");
    model.dispose();
  });

  it("redraws nothing for the theme and the value format it already has (each redraw is a paint)", () => {
    const fake = fakeChart();
    const percent = (value: number) => `${value}%`;
    const model = new PointsChartModel(document.createElement("div"), {
      createChart: fake.create,
      theme: FALLBACK_THEME,
      valueFormat: percent,
    });
    model.setSeries("main", { label: "Rate", kind: "area", colourIndex: 0 });
    const series = fake.series[0];
    fake.chart.applyOptions.mockClear();
    // The same colours read again (a new object, as the theme's reader makes one per read).
    model.setTheme({ ...FALLBACK_THEME, series: [...FALLBACK_THEME.series] });
    model.setValueFormat(percent);
    expect(fake.chart.applyOptions).not.toHaveBeenCalled();
    expect(series?.applyOptions).not.toHaveBeenCalled();
    // A changed colour or format still redraws.
    model.setTheme({ ...FALLBACK_THEME, series: ["#000000", ...FALLBACK_THEME.series.slice(1)] });
    expect(series?.applyOptions).toHaveBeenCalledTimes(1);
    model.setValueFormat({ currency: "USD", rate: 1 });
    model.setValueFormat({ currency: "USD", rate: 1 });
    model.setValueFormat({ currency: "USD", rate: 2 });
    expect(fake.chart.applyOptions).toHaveBeenCalledTimes(3);
    model.dispose();
  });

  it("fills its tooltip with the time and each series under the crosshair, hidden off the points", () => {
    const fake = fakeChart();
    const tooltip = document.createElement("div");
    const model = new PointsChartModel(document.createElement("div"), { createChart: fake.create, tooltip });
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
});

describe("appendFrom", () => {
  it("continues only a series that starts the same and keeps its last time", () => {
    expect(appendFrom(points([1, 2, 3]), points([1, 2, 3, 4]))).toBe(2);
    expect(appendFrom(points([1, 2, 3]), points([1, 2, 3]))).toBe(2);
    expect(appendFrom(points([1, 2, 3]), points([2, 3, 4]))).toBeNull();
    expect(appendFrom(points([1, 2, 3]), points([1, 2]))).toBeNull();
    expect(appendFrom(points([]), points([1]))).toBeNull();
  });
});
