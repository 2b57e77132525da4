// @vitest-environment jsdom
import { describe, expect, it } from "vitest";
import { FALLBACK_THEME, seriesColour } from "../chart-models/chart-theme.ts";
import { fakeChart } from "../chart-models/testing/fake-chart.ts";
import { describeBars, minuteBars, RequestsChartModel } from "./requests-chart-model.ts";

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
    expect(describeBars(bars, "Requests", "UTC")).toMatch(
      /^Requests: 10 admitted and 7 refused, busiest minute .+ with 12$/,
    );
    expect(describeBars(minuteBars([]), "Requests", "UTC")).toBe("Requests: no requests in this period");
    // The busiest minute in the zone of the settings, the zone named.
    expect(describeBars(bars, "Requests", "Asia/Tokyo")).toMatch(/busiest minute .+ UTC\+09:00 with 12$/);
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
    const bars = minuteBars([
      { time: at("09:00"), admitted: 5, refused: 0 },
      { time: at("09:01"), admitted: 5, refused: 7 },
    ]);
    model.update({ bars });
    model.update({ bars });
    expect(total?.setData).toHaveBeenCalledWith([
      { time: seconds("09:00"), value: 5 },
      { time: seconds("09:01"), value: 12 },
    ]);
    expect(admitted?.setData).toHaveBeenCalledWith([
      { time: seconds("09:00"), value: 5 },
      { time: seconds("09:01"), value: 5 },
    ]);
    expect(fake.timeScale.fitContent).toHaveBeenCalledTimes(1);
    model.dispose();
    model.dispose();
    expect(fake.chart.remove).toHaveBeenCalledTimes(1);
    expect(model.disposed).toBe(true);
  });

  it("writes the minute under the crosshair in its legend, and recolours both bars with the theme", () => {
    const fake = fakeChart();
    const legend = document.createElement("p");
    const model = new RequestsChartModel(document.createElement("div"), { createChart: fake.create, legend });
    model.update({ bars: minuteBars([{ time: at("09:01"), admitted: 5, refused: 7 }]) });
    fake.moveCrosshair({ time: seconds("09:01"), x: 20 });
    expect(legend.textContent).toMatch(/: 5 admitted, 7 refused$/);
    fake.moveCrosshair({});
    expect(legend.textContent).toBe("");
    const [total, admitted] = fake.series;
    model.setTheme({ ...FALLBACK_THEME, series: ["#000000", "#ff0000"] });
    expect(total?.applyOptions).toHaveBeenCalledWith({ color: "#ff0000" });
    expect(admitted?.applyOptions).toHaveBeenCalledWith({ color: "#000000" });
    model.dispose();
  });
});
