// A stand-in for lightweight-charts' chart, for the chart models' tests (jsdom has no canvas): it records
// what a model asks of it, and hands its crosshair and click handlers to the test to move the crosshair and
// click.
import type { IChartApi } from "lightweight-charts";
import { vi } from "vitest";
import type { ChartPoints } from "../../decoding/chart-points/point-series.ts";
import type { CreateChartFn } from "../chart-model.ts";

export function fakeChart() {
  const series: {
    options: unknown;
    setData: ReturnType<typeof vi.fn>;
    update: ReturnType<typeof vi.fn>;
    applyOptions: ReturnType<typeof vi.fn>;
    data: () => { time: number }[];
  }[] = [];
  const handlers = new Set<(param: unknown) => void>();
  const clicks = new Set<(param: unknown) => void>();
  const rangeHandlers = new Set<(range: { from: number; to: number } | null) => void>();
  /** The time scale's bars: every time some series' data has, ascending (as lightweight-charts merges them). */
  const barTimes = () =>
    [...new Set(series.flatMap((s) => s.data().map((bar) => bar.time)))].sort((a, b) => a - b);
  const timeScale = {
    fitContent: vi.fn(),
    getVisibleRange: vi.fn((): { from: number; to: number } | null => null),
    setVisibleRange: vi.fn(),
    getVisibleLogicalRange: vi.fn((): { from: number; to: number } | null => null),
    setVisibleLogicalRange: vi.fn(),
    subscribeVisibleLogicalRangeChange: vi.fn((h: (range: { from: number; to: number } | null) => void) =>
      rangeHandlers.add(h),
    ),
    unsubscribeVisibleLogicalRangeChange: vi.fn((h: (range: { from: number; to: number } | null) => void) =>
      rangeHandlers.delete(h),
    ),
    /** The index of the bar at `time` (or the nearest), as lightweight-charts numbers them. */
    timeToIndex: vi.fn((time: number): number | null => {
      const times = barTimes();
      if (times.length === 0) return null;
      const at = times.findIndex((t) => t >= time);
      return at < 0 ? times.length - 1 : at;
    }),
  };
  /** Every price scale the model asks for: one stand-in recording the options applied to it. */
  const priceScale = { applyOptions: vi.fn() };
  const chart = {
    addSeries: vi.fn((_type: unknown, options: unknown) => {
      let bars: { time: number }[] = [];
      const s = {
        options,
        // What the series holds, as its data() answers: the last data set, then each update.
        setData: vi.fn((data: { time: number }[]) => {
          bars = [...data];
        }),
        update: vi.fn((bar: { time: number }, historicalUpdate = false) => {
          const last = bars.at(-1)?.time;
          // As lightweight-charts does: an update goes on the last bar or after it, or (historicalUpdate)
          // over a bar the series holds.
          if (historicalUpdate) {
            const i = bars.findIndex((b) => b.time === bar.time);
            if (i < 0) throw new Error("Cannot update non-existing data point when historicalUpdate is true");
            bars[i] = bar;
            return;
          }
          if (last !== undefined && bar.time < last) throw new Error("Cannot update oldest data");
          if (last === bar.time) bars[bars.length - 1] = bar;
          else bars.push(bar);
        }),
        applyOptions: vi.fn(),
        data: () => bars,
      };
      series.push(s);
      return s;
    }),
    removeSeries: vi.fn(),
    applyOptions: vi.fn(),
    priceScale: vi.fn((_id: string) => priceScale),
    timeScale: () => timeScale,
    subscribeCrosshairMove: vi.fn((h: (param: unknown) => void) => handlers.add(h)),
    unsubscribeCrosshairMove: vi.fn((h: (param: unknown) => void) => handlers.delete(h)),
    subscribeClick: vi.fn((h: (param: unknown) => void) => clicks.add(h)),
    unsubscribeClick: vi.fn((h: (param: unknown) => void) => clicks.delete(h)),
    takeScreenshot: vi.fn(() => document.createElement("canvas")),
    remove: vi.fn(),
  };
  const create = vi.fn((() => chart as unknown as IChartApi) as CreateChartFn);
  /** The crosshair over `time` at `x`, each series in `values` (by its place in `series`) at its value. */
  const moveCrosshair = (param: { time?: number; x?: number; values?: [number, number][] }) => {
    const seriesData = new Map((param.values ?? []).map(([at, value]) => [series[at], { value }]));
    const point = param.x === undefined ? undefined : { x: param.x, y: 10 };
    for (const handler of handlers) handler({ time: param.time, point, seriesData });
  };
  /** A click at `time` (undefined: beside the points). */
  const click = (time: unknown) => {
    for (const handler of clicks) handler({ time, point: { x: 5, y: 5 }, seriesData: new Map() });
  };
  /** The reader scrolls or zooms: the visible logical range becomes `range`. */
  const scrollTo = (range: { from: number; to: number } | null) => {
    timeScale.getVisibleLogicalRange.mockReturnValue(range);
    for (const handler of rangeHandlers) handler(range);
  };
  return { chart, create, series, handlers, clicks, timeScale, priceScale, moveCrosshair, click, scrollTo };
}

/** Chart points of BTC on Binance (MEDIR120) at these times; by default each value is its time / 1000. */
export function chartPoints(times: number[], values = times.map((t) => t / 1000)): ChartPoints {
  return {
    times: Float64Array.from(times),
    values: Float64Array.from(values),
    exchange: "Binance",
    filter: "MEDIR120",
    symbol: "BTC",
  } as ChartPoints;
}
