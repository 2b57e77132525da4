// The one step every kind of series of the chart page goes through (a line, candles): a live refetch
// appended, another answer drawn again and fitted, older history kept in front of newer answers and put in
// front with the view kept, and the second pass refitting only where the kind says so.
import type { ITimeScaleApi, Time } from "lightweight-charts";
import { describe, expect, it, vi } from "vitest";
import { HeldSeries, type SeriesBars, type SeriesHost } from "./held-series.ts";
import type { HeldExtent } from "./history-drawing.ts";

interface Times {
  times: Float64Array;
}

const at = (...times: number[]): Times => ({ times: Float64Array.from(times) });
const join = (older: Times, count: number, newer: Times) =>
  at(...older.times.subarray(0, count), ...newer.times);
const concat = (parts: readonly Times[]) => at(...parts.flatMap((part) => [...part.times]));
const timesOf = (data: Times | null) => (data ? [...data.times] : null);

function setUp(refitsDetail: boolean, firstPass = 100) {
  const timeScale = {
    fitContent: vi.fn(),
    getVisibleRange: vi.fn((): { from: number; to: number } | null => null),
    setVisibleRange: vi.fn(),
  };
  let detail: (() => void) | null = null;
  const host: SeriesHost = {
    timeScale: () => timeScale as unknown as ITimeScaleApi<Time>,
    width: () => 0,
    afterPaint: (run) => {
      detail = run;
      return () => {
        detail = null;
      };
    },
    keepingView: vi.fn((_anchor: number, redraw: () => void) => redraw()),
  };
  const bars = {
    limit: 1_000,
    refitsDetail,
    firstPass: () => firstPass,
    join,
    concat: vi.fn(concat),
    appendable: () => true,
    append: vi.fn(),
    draw: vi.fn(),
    prepended: vi.fn((held: HeldExtent, older: Times) => {
      const count = older.times.filter((t) => t < (held.first as number)).length;
      return count === 0 ? null : { part: at(...older.times.subarray(0, count)), redraw: () => {} };
    }),
  } satisfies SeriesBars<Times>;
  const series = new HeldSeries<Times>(bars, host);
  return { series, bars, host, timeScale, detail: () => detail?.() };
}

describe("HeldSeries", () => {
  it("appends the same request's longer answer, draws another's again and fits it", () => {
    const { series, bars, timeScale } = setUp(true);
    const first = at(1, 2, 3);
    expect(series.set(first, "k")).toBe("set");
    expect(series.set(first, "k")).toBe("unchanged");
    expect(series.set(at(1, 2, 3, 4), "k")).toBe("appended");
    expect(bars.append).toHaveBeenCalledWith(expect.anything(), expect.anything(), 2);
    expect(series.set(at(1, 2, 3, 4), "other")).toBe("set");
    expect(bars.draw).toHaveBeenCalledTimes(2);
    expect(timeScale.fitContent).toHaveBeenCalledTimes(2);
    expect(series.shows("other")).toBe(true);
    expect(series.shows("k")).toBe(false);
  });

  it("keeps older history in front of the request's newer answers, and the view where it is", () => {
    const { series, host, timeScale } = setUp(true);
    series.set(at(10, 20), "k");
    expect(series.prepend(at(10, 20), "k")).toBe("unchanged");
    expect(series.prepend(at(1, 5), "other")).toBe("unchanged");
    expect(series.prepend(at(1, 5, 10), "k")).toBe("prepended");
    expect(host.keepingView).toHaveBeenCalledWith(10, expect.any(Function));
    expect(timesOf(series.held)).toEqual([1, 5, 10, 20]);
    expect(series.older).toBe(2);
    // A newer answer that no longer holds the oldest of it: the history stays, the view is not fitted.
    timeScale.fitContent.mockClear();
    expect(series.set(at(20, 30), "k")).toBe("set");
    expect(timesOf(series.held)).toEqual([1, 5, 10, 20, 30]);
    expect(series.older).toBe(3);
    expect(timeScale.fitContent).not.toHaveBeenCalled();
  });

  it("puts pages in front without joining them to what is held until that is read, then joins them once", () => {
    const { series, bars, host } = setUp(true);
    series.set(at(10, 20), "k");
    expect(series.prepend(at(5, 8, 10), "k")).toBe("prepended");
    expect(series.prepend(at(1, 2, 5), "k")).toBe("prepended");
    // Each page is told the extent of all that is held, the pages before it included.
    expect(bars.prepended).toHaveBeenLastCalledWith({ first: 5, length: 4 }, expect.anything());
    expect(host.keepingView).toHaveBeenLastCalledWith(5, expect.any(Function));
    expect(series.length).toBe(6);
    expect(series.older).toBe(4);
    expect(bars.concat).not.toHaveBeenCalled();
    expect(timesOf(series.held)).toEqual([1, 2, 5, 8, 10, 20]);
    expect(timesOf(series.held)).toEqual([1, 2, 5, 8, 10, 20]);
    expect(bars.concat).toHaveBeenCalledTimes(1);
    // A page after that goes in front of the joined series; a newer answer keeps all of the history.
    expect(series.prepend(at(0, 1), "k")).toBe("prepended");
    expect(series.set(at(20, 30), "k")).toBe("set");
    expect(timesOf(series.held)).toEqual([0, 1, 2, 5, 8, 10, 20, 30]);
    expect(series.older).toBe(6);
    // Another request's answer holds only itself.
    series.prepend(at(-1), "k");
    expect(series.set(at(40), "other")).toBe("set");
    expect(timesOf(series.held)).toEqual([40]);
    expect(series.length).toBe(1);
  });

  it("draws many bars in two passes; the second refits a view showing them all only if the kind says so", () => {
    for (const refits of [true, false]) {
      const { series, bars, timeScale, detail } = setUp(refits, 2);
      series.set(at(1, 2, 3, 4), "k");
      expect(bars.draw).toHaveBeenLastCalledWith(expect.anything(), 2);
      timeScale.getVisibleRange.mockReturnValue({ from: 1, to: 4 });
      timeScale.fitContent.mockClear();
      detail();
      expect(bars.draw).toHaveBeenLastCalledWith(expect.anything(), 1_000);
      expect(timeScale.fitContent).toHaveBeenCalledTimes(refits ? 1 : 0);
      expect(timeScale.setVisibleRange).toHaveBeenCalledTimes(refits ? 0 : 1);
    }
  });
});
