// @vitest-environment jsdom
import type { IChartApi } from "lightweight-charts";
import { describe, expect, it, vi } from "vitest";
import { FALLBACK_THEME, seriesColour } from "../charts/chart-theme.ts";
import { type CreateChartFn, describeBars, minuteBars, RequestsChartModel } from "./requests-chart-model.ts";

/** A stand-in for lightweight-charts' chart: records what the model asks of it. */
function fakeChart() {
  const series: {
    options: unknown;
    setData: ReturnType<typeof vi.fn>;
    applyOptions: ReturnType<typeof vi.fn>;
  }[] = [];
  const fitContent = vi.fn();
  const chart = {
    addSeries: vi.fn((_type: unknown, options: unknown) => {
      const s = { options, setData: vi.fn(), applyOptions: vi.fn() };
      series.push(s);
      return s;
    }),
    applyOptions: vi.fn(),
    timeScale: () => ({ fitContent }),
    subscribeCrosshairMove: vi.fn(),
    unsubscribeCrosshairMove: vi.fn(),
    remove: vi.fn(),
  };
  const create = vi.fn((() => chart as unknown as IChartApi) as CreateChartFn);
  return { chart, create, series, fitContent };
}

const at = (hhmm: string) => `2026-11-24T${hhmm}:00.000Z`;
const seconds = (hhmm: string) => Date.parse(at(hhmm)) / 1000;

describe("the requests per minute", () => {
  it("runs every minute from the first to the last, the ones left out as zeros", () => {
    const bars = minuteBars([
      { time: at("09:03"), admitted: 2, refused: 1 },
      { time: at("09:00"), admitted: 5, refused: 0 },
    ]);
    expect(bars.times).toEqual([seconds("09:00"), seconds("09:01"), seconds("09:02"), seconds("09:03")]);
    expect(bars.admitted).toEqual([5, 0, 0, 2]);
    expect(bars.refused).toEqual([0, 0, 0, 1]);
    expect(minuteBars([])).toEqual({ times: [], admitted: [], refused: [] });
  });

  it("says the totals and the busiest minute in words", () => {
    const bars = minuteBars([
      { time: at("09:00"), admitted: 5, refused: 0 },
      { time: at("09:01"), admitted: 5, refused: 7 },
    ]);
    expect(describeBars(bars, "Requests")).toMatch(
      /^Requests: 10 admitted and 7 refused, busiest minute .+ with 12$/,
    );
    expect(describeBars(minuteBars([]), "Requests")).toBe("Requests: no requests in this period");
  });

  it("stacks them: the total behind in the refused colour, the admitted in front", () => {
    const fake = fakeChart();
    const model = new RequestsChartModel(document.createElement("div"), {
      createChart: fake.create,
      theme: FALLBACK_THEME,
    });
    const [total, admitted] = fake.series;
    expect(total?.options).toMatchObject({ color: seriesColour(FALLBACK_THEME, 1) });
    expect(admitted?.options).toMatchObject({ color: seriesColour(FALLBACK_THEME, 0) });
    model.setMinutes(
      minuteBars([
        { time: at("09:00"), admitted: 5, refused: 0 },
        { time: at("09:01"), admitted: 5, refused: 7 },
      ]),
    );
    expect(total?.setData).toHaveBeenCalledWith([
      { time: seconds("09:00"), value: 5 },
      { time: seconds("09:01"), value: 12 },
    ]);
    expect(admitted?.setData).toHaveBeenCalledWith([
      { time: seconds("09:00"), value: 5 },
      { time: seconds("09:01"), value: 5 },
    ]);
    expect(fake.fitContent).toHaveBeenCalledTimes(1);
    model.dispose();
    model.dispose();
    expect(fake.chart.remove).toHaveBeenCalledTimes(1);
    expect(model.disposed).toBe(true);
  });
});
