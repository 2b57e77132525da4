// @vitest-environment jsdom
import { describe, expect, it, vi } from "vitest";
import { FALLBACK_THEME } from "../chart-models/chart-theme.ts";
import { fakeChart } from "../chart-models/testing/fake-chart.ts";
import { CandleChartModel } from "./candle-chart-model.ts";

function setUp() {
  const fake = fakeChart();
  /** Each markers plugin made: the series it is on, and its calls. */
  const markers: {
    series: unknown;
    setMarkers: ReturnType<typeof vi.fn>;
    detach: ReturnType<typeof vi.fn>;
  }[] = [];
  const model = new CandleChartModel(document.createElement("div"), {
    createChart: fake.create,
    theme: FALLBACK_THEME,
    timeZone: "UTC",
    createMarkers: (series) => {
      const made = { series, setMarkers: vi.fn(), detach: vi.fn() };
      markers.push(made);
      return made;
    },
  });
  return { model, chart: fake.chart, clicks: fake.clicks, click: fake.click, fake, markers };
}

describe("PointPicker, in the chart page's model", () => {
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

  it("marks the chosen point on the main series, moves the mark in place, follows a new series, and removes it", () => {
    const { model, fake, markers } = setUp();
    model.setCandleSeries("main", { label: "Binance" });
    model.setSeries("compare:all", { label: "All", kind: "line", colourIndex: 1 });
    model.markPoint(null);
    expect(markers).toHaveLength(0);
    model.markPoint(1_795_348_800);
    // The candlesticks (after the two volume histograms) carry it.
    expect(markers).toHaveLength(1);
    expect(markers[0]?.series).toBe(fake.series[2]);
    expect(markers[0]?.setMarkers).toHaveBeenLastCalledWith([
      expect.objectContaining({ time: 1_795_348_800, position: "aboveBar", shape: "arrowDown" }),
    ]);
    model.markPoint(1_795_348_920);
    expect(markers).toHaveLength(1);
    expect(markers[0]?.setMarkers).toHaveBeenLastCalledWith([
      expect.objectContaining({ time: 1_795_348_920 }),
    ]);
    // Another series changing leaves the mark alone; the main one turning into a line takes it along.
    model.removeSeries("compare:all");
    expect(markers[0]?.detach).not.toHaveBeenCalled();
    model.setSeries("main", { label: "Binance · MA120", kind: "area", colourIndex: 0 });
    expect(markers[0]?.detach).toHaveBeenCalledTimes(1);
    expect(markers).toHaveLength(2);
    expect(markers[1]?.series).toBe(fake.series.at(-1));
    expect(markers[1]?.setMarkers).toHaveBeenLastCalledWith([
      expect.objectContaining({ time: 1_795_348_920 }),
    ]);
    model.markPoint(null);
    expect(markers[1]?.detach).toHaveBeenCalledTimes(1);
    expect(markers).toHaveLength(2);
  });
});
