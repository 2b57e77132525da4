// A chart's lines on a stand-in chart: fed in place, a live refetch appended, a large series thinned and put
// on in two passes, conflation following the largest line, each line's colour, and nothing once the chart
// is gone.
import type { IChartApi, ITimeScaleApi, Time } from "lightweight-charts";
import { describe, expect, it } from "vitest";
import { ChartLines, CONFLATION_FROM } from "./chart-lines.ts";
import { FALLBACK_THEME, seriesColour } from "./chart-theme.ts";
import { DRAW_LIMIT } from "./decimate.ts";
import { type AfterPaint, appendFrom, firstPassLimit } from "./series-drawing.ts";
import { fakeChart, chartPoints as points } from "./testing/fake-chart.ts";

/** Lines on a stand-in chart, its second passes run at once unless `afterPaint` holds them. */
function setUp(
  afterPaint: AfterPaint = (run) => {
    run();
    return () => {};
  },
) {
  const fake = fakeChart();
  let chart: IChartApi | null = fake.chart as unknown as IChartApi;
  const lines = new ChartLines(() => chart, {
    timeScale: () => (chart ? (fake.timeScale as unknown as ITimeScaleApi<Time>) : null),
    width: () => 0,
    afterPaint,
    keepingView: (_anchor, redraw) => redraw(),
  });
  /** As the model's disposal does: the lines let go, then the chart is gone. */
  const dispose = () => {
    lines.release();
    chart = null;
  };
  return { fake, lines, dispose };
}

describe("ChartLines", () => {
  it("fills a line, appends a live refetch, replaces another request's, and does nothing once the chart is gone", () => {
    const { fake, lines, dispose } = setUp();
    lines.set("main", { label: "Binance", kind: "area", colourIndex: 0 }, FALLBACK_THEME);
    const first = points([100, 200, 300]);
    expect(lines.setPoints("main", first, "k1")).toBe("set");
    const s = fake.series[0];
    expect(s?.setData).toHaveBeenCalledWith([
      { time: 100, value: 0.1 },
      { time: 200, value: 0.2 },
      { time: 300, value: 0.3 },
    ]);
    expect(fake.timeScale.fitContent).toHaveBeenCalledTimes(1);
    expect(lines.setPoints("main", first, "k1")).toBe("unchanged");

    // The same request answered again with a changed last bucket and a new one: two updates, no setData.
    const grown = points([100, 200, 300, 400], [0.1, 0.2, 0.35, 0.4]);
    expect(lines.setPoints("main", grown, "k1")).toBe("appended");
    expect(s?.setData).toHaveBeenCalledTimes(1);
    expect(s?.update.mock.calls).toEqual([[{ time: 300, value: 0.35 }], [{ time: 400, value: 0.4 }]]);

    // Another request (another exchange) replaces the data even though its times line up.
    expect(lines.setPoints("main", points([100, 200, 300, 400, 500]), "k2")).toBe("set");
    expect(s?.setData).toHaveBeenCalledTimes(2);
    expect(lines.shows("main", "k2")).toBe(true);
    expect(lines.shows("main", "k1")).toBe(false);

    dispose();
    lines.set("x", { label: "x", kind: "line", colourIndex: 1 }, FALLBACK_THEME);
    expect(fake.chart.addSeries).toHaveBeenCalledTimes(1);
    expect(lines.setPoints("main", first, "k3")).toBe("unchanged");
    expect(lines.held("main")).toBeNull();
  });

  it("draws a very large series as its lows and highs, within the draw limit, keeping the extremes", () => {
    const { fake, lines } = setUp();
    lines.set("main", { label: "All exchanges", kind: "line", colourIndex: 1 }, FALLBACK_THEME);
    const times = Array.from({ length: 100_000 }, (_, i) => i * 120);
    const big = points(times);
    big.values[77_777] = 1e9;
    lines.setPoints("main", big, "k");
    for (const [drawn] of fake.series[0]?.setData.mock.calls ?? []) {
      const bars = drawn as { time: number; value: number }[];
      expect(bars.length).toBeLessThanOrEqual(DRAW_LIMIT);
      expect(bars[0]?.time).toBe(0);
      expect(bars.at(-1)?.time).toBe(times.at(-1));
      expect(bars.some((point) => point.value === 1e9)).toBe(true);
    }
    // The export still gets every point.
    expect(lines.shown()[0]?.points.times.length).toBe(100_000);
  });

  it("puts a large series on in two passes: a column's worth first, every point after the paint", () => {
    const pending: { run: () => void; cancelled: boolean }[] = [];
    const { fake, lines, dispose } = setUp((run) => {
      const job = { run, cancelled: false };
      pending.push(job);
      return () => {
        job.cancelled = true;
      };
    });
    lines.set("main", { label: "Binance", kind: "line", colourIndex: 0 }, FALLBACK_THEME);
    const s = fake.series[0];
    const drawn = (call: number) => s?.setData.mock.calls[call]?.[0] as { time: number }[];
    const times = Array.from({ length: 9_000 }, (_, i) => i * 120);

    lines.setPoints("main", points(times), "k");
    expect(drawn(0).length).toBeLessThanOrEqual(firstPassLimit(0));
    expect([drawn(0)[0]?.time, drawn(0).at(-1)?.time]).toEqual([0, times.at(-1)]);
    expect(pending).toHaveLength(1);
    // A live block arrives before the second pass: appended to what is drawn, and in the detail too.
    lines.setPoints("main", points([...times, 9_000 * 120]), "k");
    pending[0]?.run();
    expect(drawn(1)).toHaveLength(9_001);
    expect(fake.timeScale.fitContent).toHaveBeenCalledTimes(2);

    // Zoomed in before the detail came: the view stays where it was.
    lines.setPoints("main", points(times.map((t) => t + 1)), "k2");
    fake.timeScale.getVisibleRange.mockReturnValueOnce({ from: 1_000, to: 9_000 });
    pending[1]?.run();
    expect(fake.timeScale.setVisibleRange).toHaveBeenCalledWith({ from: 1_000, to: 9_000 });
    expect(fake.timeScale.fitContent).toHaveBeenCalledTimes(3);

    // New data, or the end of the chart, cancels a second pass not yet run; a small series needs none.
    lines.setPoints("main", points(times), "k3");
    lines.setPoints("main", points(times.slice(0, 100)), "k4");
    expect(pending[2]?.cancelled).toBe(true);
    expect(pending).toHaveLength(3);
    lines.setPoints("main", points(times), "k5");
    dispose();
    expect(pending[3]?.cancelled).toBe(true);
  });

  it("turns conflation on for a large series and off when it goes", () => {
    const { fake, lines } = setUp();
    lines.set("main", { label: "All exchanges", kind: "line", colourIndex: 1 }, FALLBACK_THEME);
    const big = points(Array.from({ length: CONFLATION_FROM }, (_, i) => i * 120));
    lines.setPoints("main", big, "k");
    expect(fake.chart.applyOptions).toHaveBeenCalledWith({
      timeScale: { enableConflation: true },
    });
    lines.remove("main");
    expect(fake.chart.removeSeries).toHaveBeenCalledTimes(1);
    expect(fake.chart.applyOptions).toHaveBeenLastCalledWith({
      timeScale: { enableConflation: false },
    });
  });

  it("gives each line its own colour, recolours one whose colour changes, and all of them with the theme", () => {
    const { fake, lines } = setUp();
    lines.set("main", { label: "Binance", kind: "area", colourIndex: 0 }, FALLBACK_THEME);
    lines.set("compare:all", { label: "All exchanges", kind: "line", colourIndex: 1 }, FALLBACK_THEME);
    const [main, compare] = fake.series;
    expect(main?.applyOptions).not.toHaveBeenCalled();
    lines.set("compare:all", { label: "All exchanges", kind: "line", colourIndex: 2 }, FALLBACK_THEME);
    expect(compare?.applyOptions).toHaveBeenCalledWith({ color: seriesColour(FALLBACK_THEME, 2) });
    expect(fake.chart.addSeries).toHaveBeenCalledTimes(2);
    expect(lines.spec("compare:all")?.colourIndex).toBe(2);

    const dark = { ...FALLBACK_THEME, series: ["#000000", ...FALLBACK_THEME.series.slice(1)] };
    lines.recolour(dark);
    expect(main?.applyOptions).toHaveBeenCalledTimes(1);
    expect(compare?.applyOptions).toHaveBeenLastCalledWith({ color: seriesColour(dark, 2) });
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
