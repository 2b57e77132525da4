// @vitest-environment jsdom
// A series' download line: the bytes so far with a bar when the length is known, Cancel while it loads,
// and after a cancel what to do next instead of a spinner.
import "@testing-library/jest-dom/vitest";
import type { UseQueryResult } from "@tanstack/react-query";
import { cleanup, render, screen } from "@testing-library/react";
import { userEvent } from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { ChartPoints } from "../decoding/chart-points/point-series.ts";
import { SeriesDownload } from "./series-download.tsx";
import type { SeriesFeed } from "./use-series-feed.ts";

afterEach(cleanup);

function feed(over: Partial<SeriesFeed>): SeriesFeed {
  return {
    query: {} as UseQueryResult<ChartPoints>,
    request: {
      kind: "points",
      key: {
        filter: "MEDIR120",
        exchange: "Binance",
        symbol: "BTC",
        scale: "raw",
        starttime: 1,
        endtime: null,
      },
    },
    queryKey: ["market", "chartPoints"],
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
  render(<SeriesDownload feed={value} label="Binance · MEDIR120" />);
}

const status = () => screen.queryByRole("status", { name: "Binance · MEDIR120 download" });
const bar = () => screen.queryByRole("progressbar", { name: "Binance · MEDIR120 downloaded" });

describe("SeriesDownload", () => {
  it("shows nothing when the series is not loading", () => {
    show(feed({}));
    expect(status()).toBeNull();
  });

  it("shows the bytes of the total with a bar, and Cancel cancels", async () => {
    const cancel = vi.fn();
    show(feed({ loading: true, progress: { received: 1_200_000, total: 3_400_000 }, cancel }));
    expect(status()).toHaveTextContent("downloading 1.2 MB of 3.4 MB");
    expect(bar()).toHaveAttribute("max", "3400000");
    expect(bar()).toHaveValue(1_200_000);
    await userEvent.click(screen.getByRole("button", { name: "Cancel Binance · MEDIR120" }));
    expect(cancel).toHaveBeenCalledOnce();
  });

  it("shows the bytes so far without a bar when the length is unknown", () => {
    show(feed({ loading: true, progress: { received: 950, total: null } }));
    expect(status()).toHaveTextContent("downloading 950 B so far");
    expect(bar()).toBeNull();
  });

  it("says it waits before the first byte, with Cancel", () => {
    show(feed({ loading: true }));
    expect(status()).toHaveTextContent("waiting for the answer…");
    expect(screen.getByRole("button", { name: "Cancel Binance · MEDIR120" })).toBeEnabled();
  });

  it("after a cancel says what to do, and Reload reloads", async () => {
    const reload = vi.fn();
    show(feed({ cancelled: true, reload }));
    expect(status()).toHaveTextContent("Cancelled — choose a range or press Reload");
    expect(bar()).toBeNull();
    await userEvent.click(screen.getByRole("button", { name: "Reload" }));
    expect(reload).toHaveBeenCalledOnce();
  });
});
