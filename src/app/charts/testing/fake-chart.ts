// A stand-in for lightweight-charts' chart, for the chart models' tests (jsdom has no canvas): it records
// what a model asks of it, and hands its crosshair handlers to the test to move the crosshair.
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
  }[] = [];
  const handlers = new Set<(param: unknown) => void>();
  const timeScale = {
    fitContent: vi.fn(),
    getVisibleRange: vi.fn((): { from: number; to: number } | null => null),
    setVisibleRange: vi.fn(),
  };
  /** Every price scale the model asks for: one stand-in recording the options applied to it. */
  const priceScale = { applyOptions: vi.fn() };
  const chart = {
    addSeries: vi.fn((_type: unknown, options: unknown) => {
      const s = { options, setData: vi.fn(), update: vi.fn(), applyOptions: vi.fn() };
      series.push(s);
      return s;
    }),
    removeSeries: vi.fn(),
    applyOptions: vi.fn(),
    priceScale: vi.fn((_id: string) => priceScale),
    timeScale: () => timeScale,
    subscribeCrosshairMove: vi.fn((h: (param: unknown) => void) => handlers.add(h)),
    unsubscribeCrosshairMove: vi.fn((h: (param: unknown) => void) => handlers.delete(h)),
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
  return { chart, create, series, handlers, timeScale, priceScale, moveCrosshair };
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
