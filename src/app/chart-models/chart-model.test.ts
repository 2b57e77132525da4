// @vitest-environment jsdom
// The base every chart extends, on a stand-in chart: made once with its options, a kind's options laid
// over them, the theme and the value format redrawn only when they change, and disposed once.
import { describe, expect, it } from "vitest";
import { ChartModel, type ChartSetup } from "./chart-model.ts";
import { MIN_BAR_SPACING } from "./chart-options.ts";
import { FALLBACK_THEME } from "./chart-theme.ts";
import { fakeChart } from "./testing/fake-chart.ts";

/** A kind that draws nothing: it counts what the base asks of it. */
class BareModel extends ChartModel<object> {
  recoloured = 0;
  released = 0;
  update(): void {}
  protected recolour(): void {
    this.recoloured += 1;
  }
  protected crosshairMoved(): void {}
  protected override release(): void {
    this.released += 1;
  }
}

function setUp(setup: ChartSetup = {}) {
  const fake = fakeChart();
  const model = new BareModel(document.createElement("div"), { createChart: fake.create, ...setup });
  return { fake, model };
}

describe("ChartModel", () => {
  it("creates the chart once, follows the theme, and disposes once however often asked", () => {
    const tooltip = document.createElement("div");
    const { fake, model } = setUp({ theme: FALLBACK_THEME, tooltip });
    expect(fake.create).toHaveBeenCalledTimes(1);
    const options = fake.create.mock.calls[0]?.[1];
    expect(options?.autoSize).toBe(true);
    expect(options?.timeScale?.minBarSpacing).toBe(MIN_BAR_SPACING);
    expect(fake.handlers.size).toBe(1);

    model.setTheme({ ...FALLBACK_THEME, background: "#000000" });
    expect(fake.chart.applyOptions).toHaveBeenCalledWith(
      expect.objectContaining({ layout: expect.objectContaining({ background: { color: "#000000" } }) }),
    );
    expect(model.recoloured).toBe(1);

    model.dispose();
    model.dispose();
    expect(fake.chart.remove).toHaveBeenCalledTimes(1);
    expect(model.released).toBe(1);
    expect(fake.handlers.size).toBe(0);
    expect(tooltip.hidden).toBe(true);
    expect(model.disposed).toBe(true);
    // After disposal every call is a no-op.
    model.setTheme({ ...FALLBACK_THEME, background: "#ffffff" });
    expect(model.recoloured).toBe(1);
    expect(model.screenshot()).toBeNull();
  });

  it("lays a kind's options over its own and writes values in the format it is given", () => {
    const percent = (value: number) => `${value.toFixed(2)}%`;
    const own = { handleScroll: false, grid: { vertLines: { visible: false } } };
    const { fake, model } = setUp({ chartOptions: own, valueFormat: percent });
    expect(fake.chart.applyOptions).toHaveBeenCalledWith(own);
    const axisLabel = (options: unknown, value: number) =>
      (
        options as { localization: { priceFormatter: (price: number) => string } }
      ).localization.priceFormatter(value);
    expect(axisLabel(fake.create.mock.calls[0]?.[1], 5.3125)).toBe("5.31%");
    expect(model.formatValue(5.3125)).toBe("5.31%");
    model.setValueFormat((value) => `${value}`);
    expect(axisLabel(fake.chart.applyOptions.mock.lastCall?.[0], 5.3125)).toBe("5.3125");
    model.setValueFormat({ currency: "EUR", rate: 0.5, locale: "en-US" });
    expect(model.formatValue(100)).toBe("€50.00");
    model.dispose();
  });

  it("redraws nothing for the theme and the value format it already has (each redraw is a paint)", () => {
    const percent = (value: number) => `${value}%`;
    const { fake, model } = setUp({ theme: FALLBACK_THEME, valueFormat: percent });
    fake.chart.applyOptions.mockClear();
    // The same colours read again (a new object, as the theme's reader makes one per read).
    model.setTheme({ ...FALLBACK_THEME, series: [...FALLBACK_THEME.series] });
    model.setValueFormat(percent);
    expect(fake.chart.applyOptions).not.toHaveBeenCalled();
    expect(model.recoloured).toBe(0);
    // A changed colour or format still redraws.
    model.setTheme({ ...FALLBACK_THEME, series: ["#000000", ...FALLBACK_THEME.series.slice(1)] });
    expect(model.recoloured).toBe(1);
    model.setValueFormat({ currency: "USD", rate: 1 });
    model.setValueFormat({ currency: "USD", rate: 1 });
    model.setValueFormat({ currency: "USD", rate: 2 });
    expect(fake.chart.applyOptions).toHaveBeenCalledTimes(3);
    model.dispose();
  });
});
