// @vitest-environment jsdom
import { describe, expect, it } from "vitest";
import { MiniChartModel } from "./mini-chart-model.ts";
import { chartPoints, fakeChart } from "./testing/fake-chart.ts";

const day = 86_400;
const percent = (value: number) => `${value.toFixed(2)}%`;

describe("MiniChartModel", () => {
  it("draws its options in place: the same again redraws nothing, new points replace the shown ones", () => {
    const fake = fakeChart();
    const model = new MiniChartModel(document.createElement("div"), { createChart: fake.create });
    const first = chartPoints([day, 2 * day], [5.31, 5.32]);
    model.update({ points: first, valueFormat: percent, timeUnit: "days" });
    model.update({ points: first, valueFormat: percent, timeUnit: "days" });
    const area = fake.series[0];
    expect(fake.series).toHaveLength(1);
    expect(area?.setData).toHaveBeenCalledTimes(1);
    // Longer points that start the same are still set anew, never appended (a small series is cheap).
    const longer = chartPoints([day, 2 * day, 3 * day], [5.31, 5.32, 5.4]);
    model.update({ points: longer, valueFormat: percent, timeUnit: "days" });
    expect(area?.setData).toHaveBeenCalledTimes(2);
    expect(area?.update).not.toHaveBeenCalled();
    expect(model.formatValue(5.3125)).toBe("5.31%");
    model.dispose();
  });

  it("labels days by their UTC date and times in its zone otherwise, on the axis and in its one-line tooltip", () => {
    const fake = fakeChart();
    const tooltip = document.createElement("div");
    const model = new MiniChartModel(document.createElement("div"), {
      createChart: fake.create,
      tooltip,
      timeZone: "Asia/Tokyo",
    });
    const points = chartPoints([day], [5.3125]);
    model.update({ points, valueFormat: percent, timeUnit: "days" });
    const timeLabel = () =>
      (fake.chart.applyOptions.mock.calls.find(([o]) => o.localization?.timeFormatter)?.[0] as {
        localization: { timeFormatter: (time: number) => string };
      }) ?? null;
    expect(timeLabel()?.localization.timeFormatter(day)).toMatch(/Jan 2, 1970 \(UTC day\)$/);
    fake.moveCrosshair({ time: day, x: 10, values: [[0, 5.3125]] });
    expect(tooltip.hidden).toBe(false);
    expect(tooltip.textContent).toMatch(/^Jan 2, 1970 \(UTC day\) · 5\.31%$/);
    fake.moveCrosshair({});
    expect(tooltip.hidden).toBe(true);

    fake.chart.applyOptions.mockClear();
    model.update({ points, valueFormat: percent, timeUnit: "times" });
    expect(fake.chart.applyOptions).toHaveBeenCalledWith(
      expect.objectContaining({ timeScale: expect.objectContaining({ timeVisible: true }) }),
    );
    // Times in its zone, the zone named: 00:00 UTC is 09:00 in Tokyo.
    fake.moveCrosshair({ time: day, x: 10, values: [[0, 5.3125]] });
    expect(tooltip.textContent).toMatch(/^Jan 2, 1970, 9:00\sAM UTC\+09:00 · 5\.31%$/);
    model.dispose();
  });
});
