// @vitest-environment jsdom
// History on scroll as the chart page runs it: a page asked after the reader's gesture, and, when that page
// was held up past the gesture's window (the budget queued it), the loading going on once it lands while the
// view still reaches before the first bar, one request per page, none when the view no longer does.
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, cleanup, renderHook } from "@testing-library/react";
import type { ReactNode } from "react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { CandleRequest } from "../../interface/chart-window.ts";
import type { ChartCandles } from "../decoding/candles/candle-series.ts";
import type { Connection } from "../transport/connection.ts";
import type { CandleChartModel } from "./candle-chart-model.ts";
import { type HistorySeries, useChartHistory } from "./use-chart-history.ts";

/** Each page asked, answered when the test says. */
const asked: { key: CandleRequest; answer: (candles: ChartCandles) => void }[] = [];

vi.mock("./queries/candles.ts", () => ({
  getCandles: (_connection: unknown, key: CandleRequest) =>
    new Promise<ChartCandles>((answer) => asked.push({ key, answer })),
}));
vi.mock("../transport/connection-context.tsx", () => ({
  useConnection: () => ({}) as Connection,
}));

const START = 1_795_305_600;

function candles(times: number[]): ChartCandles {
  const f = () => Float64Array.from(times, () => 1);
  return {
    times: Float64Array.from(times),
    open: f(),
    high: f(),
    low: f(),
    close: f(),
    volume: f(),
    buyVolume: f(),
    sellVolume: f(),
    trades: f(),
    exchange: "Binance",
    symbol: "BTC",
  };
}

/** A chart page's model as the history sees it: the view's range is the test's to move. */
function stubModel() {
  let range: { from: number; to: number } | null = null;
  const watchers = new Set<(range: { from: number; to: number } | null) => void>();
  const model = {
    shows: () => true,
    visibleRange: () => range,
    watchVisibleRange: (handler: (range: { from: number; to: number } | null) => void) => {
      watchers.add(handler);
      return () => watchers.delete(handler);
    },
    prependCandles: vi.fn(() => "prepended"),
  };
  /** The view moves to `next` (the reader, or the chart keeping it after a page). */
  const moveTo = (next: { from: number; to: number } | null) => {
    range = next;
    for (const watcher of watchers) watcher(next);
  };
  return { model: model as unknown as CandleChartModel, prepended: model.prependCandles, moveTo };
}

let now = 0;

beforeEach(() => {
  asked.length = 0;
  now = 10_000;
  vi.spyOn(performance, "now").mockImplementation(() => now);
});

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

function setUp() {
  const { model, prepended, moveTo } = stubModel();
  const container = { current: document.createElement("div") };
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  const main: HistorySeries = {
    id: "main",
    request: {
      kind: "candles",
      key: { exchange: "Binance", symbol: "BTC", scale: "raw", starttime: START, endtime: null },
    },
  };
  const hook = renderHook(() => useChartHistory(model, container, "raw", main, []), { wrapper });
  /** The reader drags the chart back to `from` bars (negative: empty room before the first bar). */
  const dragTo = (from: number) => {
    container.current.dispatchEvent(new Event("pointerdown"));
    moveTo({ from, to: from + 100 });
  };
  /** The page asked `at` comes back, `wait` ms after it was asked, the view then at `from`. */
  const answer = async (at: number, wait: number, from: number) => {
    now += wait;
    const page = asked[at];
    if (!page) throw new Error(`no page ${at} asked`);
    // The model keeps the view where the reader left it: shifted by the bars gained.
    prepended.mockImplementationOnce(() => {
      moveTo({ from, to: from + 100 });
      return "prepended";
    });
    await act(async () => page.answer(candles([page.key.starttime as number])));
  };
  return { hook, dragTo, answer, prepended };
}

describe("useChartHistory", () => {
  it("goes on loading when a page held up past the gesture lands with the view still before the first bar", async () => {
    const { dragTo, answer, prepended } = setUp();
    dragTo(-50);
    expect(asked).toHaveLength(1);
    // Queued for 3 s; one bar gained, the view still shows 49 bars of empty room.
    await answer(0, 3_000, -49);
    expect(prepended).toHaveBeenCalledTimes(1);
    expect(asked).toHaveLength(2);
    expect(asked[1]?.key.endtime).toBe((asked[0]?.key.starttime as number) - 1);
    // The next one, as slow, lands where the view no longer reaches back: the loading stops there.
    await answer(1, 3_000, 20);
    expect(asked).toHaveLength(2);
  });

  it("asks each page once however the view moves while it is on its way", async () => {
    const { dragTo, answer } = setUp();
    dragTo(-50);
    dragTo(-80);
    dragTo(-120);
    expect(asked).toHaveLength(1);
    await answer(0, 2_000, -119);
    expect(asked).toHaveLength(2);
    dragTo(-130);
    expect(asked).toHaveLength(2);
  });

  it("asks the next page once when a page lands within the gesture's window, the view still back", async () => {
    const { dragTo, answer } = setUp();
    dragTo(-50);
    await answer(0, 200, -49);
    expect(asked).toHaveLength(2);
    await answer(1, 200, -48);
    expect(asked).toHaveLength(3);
    expect(new Set(asked.map((page) => page.key.starttime)).size).toBe(3);
  });
});
