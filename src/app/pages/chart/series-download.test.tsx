// @vitest-environment jsdom
// A series' download line: the bytes so far with a bar when the length is known, Cancel while it loads,
// and after a cancel what to do next instead of a spinner.
import type { UseQueryResult } from "@tanstack/react-query";
import { act } from "react";
import { createRoot, type Root } from "react-dom/client";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { ChartPoints } from "../../decoding/chart-points/point-series.ts";
import { SeriesDownload } from "./series-download.tsx";
import type { SeriesFeed } from "./use-series-feed.ts";

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let container: HTMLDivElement;
let root: Root;

beforeEach(() => {
  container = document.createElement("div");
  document.body.append(container);
  root = createRoot(container);
});

afterEach(() => {
  act(() => root.unmount());
  container.remove();
});

function feed(over: Partial<SeriesFeed>): SeriesFeed {
  return {
    query: {} as UseQueryResult<ChartPoints>,
    key: { filter: "MEDIR120", exchange: "Binance", symbol: "BTC", scale: null, starttime: 1, endtime: null },
    loading: false,
    progress: null,
    cancelled: false,
    cancel: vi.fn(),
    reload: vi.fn(),
    shown: null,
    ...over,
  };
}

function show(value: SeriesFeed): void {
  act(() => root.render(<SeriesDownload feed={value} label="Binance · MEDIR120" />));
}

function status(): HTMLElement | null {
  return container.querySelector('[role="status"]');
}

function button(name: string): HTMLButtonElement {
  const found = [...container.querySelectorAll("button")].find((b) => b.textContent === name);
  if (!found) throw new Error(`no ${name} button`);
  return found;
}

describe("SeriesDownload", () => {
  it("shows nothing when the series is not loading", () => {
    show(feed({}));
    expect(status()).toBeNull();
  });

  it("shows the bytes of the total with a bar, and Cancel cancels", () => {
    const cancel = vi.fn();
    show(feed({ loading: true, progress: { received: 1_200_000, total: 3_400_000 }, cancel }));
    expect(status()?.getAttribute("aria-label")).toBe("Binance · MEDIR120 download");
    expect(status()?.textContent).toContain("downloading 1.2 MB of 3.4 MB");
    const bar = container.querySelector("progress");
    expect(bar?.getAttribute("max")).toBe("3400000");
    expect(bar?.getAttribute("value")).toBe("1200000");
    act(() => button("Cancel").click());
    expect(cancel).toHaveBeenCalledOnce();
  });

  it("shows the bytes so far without a bar when the length is unknown", () => {
    show(feed({ loading: true, progress: { received: 950, total: null } }));
    expect(status()?.textContent).toContain("downloading 950 B so far");
    expect(container.querySelector("progress")).toBeNull();
  });

  it("says it waits before the first byte, with Cancel", () => {
    show(feed({ loading: true }));
    expect(status()?.textContent).toContain("waiting for the answer…");
    expect(button("Cancel")).toBeTruthy();
  });

  it("after a cancel says what to do, and Reload reloads", () => {
    const reload = vi.fn();
    show(feed({ cancelled: true, reload }));
    expect(status()?.textContent).toContain("Cancelled — choose a range or press Reload");
    expect(container.querySelector("progress")).toBeNull();
    act(() => button("Reload").click());
    expect(reload).toHaveBeenCalledOnce();
  });
});
