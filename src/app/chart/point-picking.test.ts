// @vitest-environment jsdom
import { describe, expect, it, vi } from "vitest";
import { FALLBACK_THEME } from "../charts/chart-theme.ts";
import { fakeChart } from "../charts/testing/fake-chart.ts";
import { PointPickingChartModel } from "./point-picking.ts";

function setUp() {
  const fake = fakeChart();
  const clicks = new Set<(param: unknown) => void>();
  const chart = Object.assign(fake.chart, {
    subscribeClick: vi.fn((h: (param: unknown) => void) => clicks.add(h)),
    unsubscribeClick: vi.fn((h: (param: unknown) => void) => clicks.delete(h)),
  });
  const model = new PointPickingChartModel(document.createElement("div"), {
    createChart: fake.create,
    theme: FALLBACK_THEME,
    timeZone: "UTC",
  });
  const click = (time: unknown) => {
    for (const handler of clicks) handler({ time, point: { x: 5, y: 5 }, seriesData: new Map() });
  };
  return { model, chart, clicks, click };
}

describe("PointPickingChartModel", () => {
  it("says which point a click landed on, and nothing for a click beside the points", () => {
    const { model, click } = setUp();
    const picked: number[] = [];
    const stop = model.onPointClick((time) => picked.push(time));
    click(1_795_348_800);
    click(undefined);
    expect(picked).toEqual([1_795_348_800]);
    stop();
    click(1_795_348_920);
    expect(picked).toEqual([1_795_348_800]);
  });

  it("lets go of the chart's click on dispose", () => {
    const { model, chart, clicks, click } = setUp();
    const pick = vi.fn();
    model.onPointClick(pick);
    model.dispose();
    expect(chart.unsubscribeClick).toHaveBeenCalledTimes(1);
    expect(clicks.size).toBe(0);
    click(1_795_348_800);
    expect(pick).not.toHaveBeenCalled();
  });
});
