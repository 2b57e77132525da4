// @vitest-environment jsdom
import { act, cleanup, renderHook } from "@testing-library/react";
import type { UTCTimestamp } from "lightweight-charts";
import { type ReactNode, StrictMode } from "react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { SettingsStore } from "../store/settings.ts";
import { SettingsProvider } from "../store/settings-context.tsx";
import { ChartModel } from "./chart-model.ts";
import type { ChartTheme } from "./chart-theme.ts";
import { fakeChart } from "./testing/fake-chart.ts";
import { useChartModel } from "./use-chart-model.ts";

// The browser's zone, fixed: the machine's own must not decide what the chart says.
vi.mock("../format/time-zone.ts", async (importOriginal) => ({
  ...(await importOriginal<typeof import("../format/time-zone.ts")>()),
  browserTimeZone: () => "Asia/Tokyo",
}));

/** A chart that only counts what it is given. */
class CountingModel extends ChartModel<{ points: number[]; label: string }> {
  readonly shown: string[] = [];
  update(options: { points: number[]; label: string }): void {
    this.shown.push(`${options.label}:${options.points.length}`);
  }
  protected recolour(): void {}
  protected crosshairMoved(): void {}
}

const wrapper = ({ children }: { children: ReactNode }) => (
  <StrictMode>
    <SettingsProvider store={new SettingsStore(null)}>{children}</SettingsProvider>
  </StrictMode>
);

beforeEach(() => {
  // jsdom has no canvas, and the hook makes no chart without one.
  vi.stubGlobal("CanvasRenderingContext2D", class {});
});
// Every hook unmounted before the next test (and before the environment goes): a hook left mounted has
// React work scheduled that may run once jsdom's window is gone.
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function setup(later = false) {
  const fake = fakeChart();
  const container = { current: document.createElement("div") };
  const made: CountingModel[] = [];
  const make = (element: HTMLElement, theme: ChartTheme) => {
    const model = new CountingModel(element, { createChart: fake.create, theme });
    made.push(model);
    return later ? Promise.resolve(model) : model;
  };
  return { fake, container, made, make };
}

describe("useChartModel", () => {
  it("makes one chart for its container, passes new options in place, and disposes it on unmount", async () => {
    const { fake, container, made, make } = setup();
    const points = [1, 2, 3];
    const { result, rerender, unmount } = renderHook(
      ({ label, list }) => useChartModel(container, make, { points: list, label }),
      { wrapper, initialProps: { label: "a", list: points } },
    );
    await act(async () => {});
    // StrictMode's first mount is gone before the chart would be made: one chart, not two.
    expect(fake.create).toHaveBeenCalledTimes(1);
    expect(result.current.model).toBe(made[0]);
    expect(made[0]?.shown).toEqual(["a:3"]);
    // A new object of the same members is no change; a changed member is.
    rerender({ label: "a", list: points });
    rerender({ label: "b", list: points });
    expect(made[0]?.shown).toEqual(["a:3", "b:3"]);
    expect(fake.create).toHaveBeenCalledTimes(1);
    unmount();
    expect(made[0]?.disposed).toBe(true);
    expect(fake.chart.remove).toHaveBeenCalledTimes(1);
  });

  it("waits for `make`, which may load the model first, and draws the latest options with it", async () => {
    const { fake, container, made, make } = setup(true);
    const none: number[] = [];
    const { result, rerender } = renderHook(
      ({ ready, label }) => useChartModel(container, ready ? make : null, { points: none, label }),
      { wrapper, initialProps: { ready: false, label: "a" } },
    );
    await act(async () => {});
    expect(fake.create).not.toHaveBeenCalled();
    rerender({ ready: true, label: "b" });
    await act(async () => {});
    expect(result.current.model).toBe(made.at(-1));
    expect(made.at(-1)?.shown).toEqual(["b:0"]);
    expect(made.filter((model) => !model.disposed)).toHaveLength(1);
  });

  it("makes no chart where there is no canvas", async () => {
    vi.unstubAllGlobals();
    const { fake, container, make } = setup();
    const { result } = renderHook(() => useChartModel(container, make, { points: [], label: "a" }), {
      wrapper,
    });
    await act(async () => {});
    expect(fake.create).not.toHaveBeenCalled();
    expect(result.current.model).toBeNull();
  });

  it("writes its times in the zone of the settings, follows a change of it, and UTC days when told", async () => {
    const { fake, container, made, make } = setup();
    const store = new SettingsStore(null);
    store.update({ timeZone: "UTC" });
    const fixedWrapper = ({ children }: { children: ReactNode }) => (
      <SettingsProvider store={store}>{children}</SettingsProvider>
    );
    const { rerender } = renderHook(
      ({ utcDays }) => useChartModel(container, make, { points: [], label: "a" }, { utcDays }),
      { wrapper: fixedWrapper, initialProps: { utcDays: false } },
    );
    await act(async () => {});
    const model = made[0] as CountingModel;
    expect(model.times).toEqual({ zone: "UTC", utcDays: false });
    act(() => store.update({ timeZone: "browser" }));
    expect(model.times).toEqual({ zone: "Asia/Tokyo", utcDays: false });
    // The crosshair's label the chart was given writes Tokyo's time and names its offset.
    const applied = fake.chart.applyOptions.mock.calls.at(-1)?.[0];
    const label = applied.localization.timeFormatter(Date.UTC(2026, 0, 1, 0, 0) / 1000);
    expect(label).toMatch(/9:00.*UTC\+09:00$/);
    rerender({ utcDays: true });
    expect(model.times).toEqual({ zone: "Asia/Tokyo", utcDays: true });
    expect(model.formatTime((Date.UTC(2026, 0, 1, 20, 0) / 1000) as UTCTimestamp)).toMatch(/1.*\(UTC day\)$/);
  });
});
