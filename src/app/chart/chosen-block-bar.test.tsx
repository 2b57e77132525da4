// @vitest-environment jsdom
// The chart's chosen point: the newest until a click or a step chooses another, by keyboard too, named in
// the chart's zone, linking to the symbol page's provenance of its block where the service offers it.
import { act, cleanup, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { ChartCandles } from "../decoding/candles/candle-series.ts";
import type { ChartPoints } from "../decoding/chart-points/point-series.ts";
import { USD } from "../format/currency.ts";
import { markNotOffered } from "../queries/service-offers.ts";
import { DEFAULT_SETTINGS } from "../store/settings.ts";
import { renderPage, resetPage } from "../testing/page-harness.tsx";
import type { CandleChartModel } from "./candle-chart-model.ts";
import { ChosenBlockBar, type ChosenBlockBarProps } from "./chosen-block-bar.tsx";

// 2026-11-22T12:00:00Z and the two blocks after it: long past, so each is a block already made.
const T = 1_795_348_800;
const TIMES = [T, T + 120, T + 240];

function candles(): ChartCandles {
  const f = (values: number[]) => Float64Array.from(values);
  return {
    times: f(TIMES),
    open: f([1, 2, 3]),
    high: f([1, 2, 3]),
    low: f([1, 2, 3]),
    close: f([80_000, 80_100, 80_200]),
    volume: f([1, 1, 1]),
    buyVolume: f([1, 1, 1]),
    sellVolume: f([0, 0, 0]),
    trades: f([1, 1, 1]),
    exchange: null,
    symbol: "BTC",
  };
}

function points(): ChartPoints {
  return {
    times: Float64Array.from(TIMES),
    values: Float64Array.from([80_000, 80_100, 80_200]),
    exchange: null,
    filter: "MA120",
    symbol: "BTC",
  };
}

/** Candles of `times`, each closing at 70,000 + its index × 10. */
function candlesAt(times: number[]): ChartCandles {
  const f = (values: number[]) => Float64Array.from(values);
  const ones = times.map(() => 1);
  return {
    ...candles(),
    times: f(times),
    open: f(ones),
    high: f(ones),
    low: f(ones),
    close: f(times.map((_, i) => 70_000 + i * 10)),
    volume: f(ones),
    buyVolume: f(ones),
    sellVolume: f(times.map(() => 0)),
    trades: f(ones),
  };
}

/**
 * A stand-in for the chart: the test clicks its points and reads what is marked; it holds `held` of the
 * main series (older pages in front of the answer), or nothing.
 */
function clickableModel(held: ChartCandles | null = null) {
  let pick: ((time: number) => void) | null = null;
  const markPoint = vi.fn<(time: number | null) => void>();
  const model = {
    onPointClick: (handler: (time: number) => void) => {
      pick = handler;
      return () => {
        pick = null;
      };
    },
    markPoint,
    held: (id: string) => (id === "main" ? held : null),
  } as unknown as CandleChartModel;
  return { model, markPoint, click: (time: number) => act(() => pick?.(time)) };
}

function show(props: Partial<ChosenBlockBarProps> = {}) {
  const all: ChosenBlockBarProps = {
    symbol: "BTC",
    scale: "raw",
    data: candles(),
    model: null,
    fx: USD,
    utcDays: false,
    ...props,
  };
  return renderPage({
    routes: [{ path: "/chart/:symbol", Component: () => <ChosenBlockBar {...all} /> }],
    entry: "/chart/BTC",
    settings: { ...DEFAULT_SETTINGS, timeZone: "UTC" },
  });
}

afterEach(resetPage);

const bar = () => screen.getByRole("group", { name: /^Chosen (candle|point)$/ });
/** What the bar says of the point chosen (an output, announced as it changes). */
const chosen = () => within(bar()).getByRole("status");
const link = () => screen.getByRole("link", { name: "How this price was made" });

describe("the chosen point", () => {
  it("is the newest candle at first, linking to its block's provenance", () => {
    show();
    expect(chosen()).toHaveTextContent(/^Nov 22, 2026, 12:04\sPM UTC · close \$80,200\.00 · newest$/);
    expect(link()).toHaveAttribute("href", `/symbol/BTC?block=${T + 240}`);
    expect(screen.getByRole("button", { name: "Later candle" })).toBeDisabled();
  });

  it("steps to earlier and later candles from the keyboard", async () => {
    const { user } = show();
    screen.getByRole("button", { name: "Earlier candle" }).focus();
    await user.keyboard("{Enter}");
    await user.keyboard("{Enter}");
    expect(chosen()).toHaveTextContent(/12:00\sPM UTC · close \$80,000\.00$/);
    expect(link()).toHaveAttribute("href", `/symbol/BTC?block=${T}`);
    expect(screen.getByRole("button", { name: "Earlier candle" })).toBeDisabled();
    await user.click(screen.getByRole("button", { name: "Later candle" }));
    expect(link()).toHaveAttribute("href", `/symbol/BTC?block=${T + 120}`);
  });

  it("follows a click on the chart", () => {
    const { model, click } = clickableModel();
    show({ model });
    click(T + 120);
    expect(chosen()).toHaveTextContent(/12:02\sPM UTC · close \$80,100\.00$/);
    expect(link()).toHaveAttribute("href", `/symbol/BTC?block=${T + 120}`);
  });

  it("chooses among the older candles the chart holds, loaded as the reader scrolled back", async () => {
    // Two older candles a day before the answer's, in front of it.
    const older = [T - 86_400, T - 86_400 + 120];
    const { model, markPoint, click } = clickableModel(candlesAt([...older, ...TIMES]));
    const { user } = show({ model });
    click(T - 86_400 + 130);
    expect(chosen()).toHaveTextContent(/^Nov 21, 2026, 12:02\sPM UTC · close \$70,010\.00$/);
    expect(link()).toHaveAttribute("href", `/symbol/BTC?block=${T - 86_400 + 120}`);
    expect(markPoint).toHaveBeenLastCalledWith(T - 86_400 + 120);
    await user.click(screen.getByRole("button", { name: "Earlier candle" }));
    expect(link()).toHaveAttribute("href", `/symbol/BTC?block=${T - 86_400}`);
    expect(screen.getByRole("button", { name: "Earlier candle" })).toBeDisabled();
  });

  it("chooses from the answer while the chart does not hold it yet", () => {
    // The chart still holds an older answer, which ends before this one.
    const { model, click } = clickableModel(candlesAt([T - 120, T]));
    show({ model });
    expect(chosen()).toHaveTextContent(/close \$80,200\.00 · newest$/);
    click(T - 120);
    expect(chosen()).toHaveTextContent(/12:00\sPM UTC · close \$80,000\.00$/);
  });

  it("is marked on the chart once chosen, moved as the choice changes, and unmarked when cleared", async () => {
    const { model, markPoint, click } = clickableModel();
    const { user } = show({ model });
    // The newest, followed live, is not marked.
    expect(markPoint).toHaveBeenLastCalledWith(null);
    click(T + 130);
    expect(markPoint).toHaveBeenLastCalledWith(T + 120);
    await user.click(screen.getByRole("button", { name: "Earlier candle" }));
    expect(markPoint).toHaveBeenLastCalledWith(T);
    const calls = markPoint.mock.calls.length;
    cleanup();
    expect(markPoint).toHaveBeenCalledTimes(calls + 1);
    expect(markPoint).toHaveBeenLastCalledWith(null);
  });

  it("takes a line's point (stamped at its block's end) a block back, and says a bucket opens its last block", () => {
    show({ data: points(), scale: "1h" });
    expect(bar()).toHaveAccessibleName("Chosen point");
    expect(link()).toHaveAttribute("href", `/symbol/BTC?block=${T + 240 + 3600 - 240}`);
    expect(bar()).toHaveTextContent("A 1h point holds 30 blocks of 120 s: this opens its last");
  });

  it("links to no provenance on a service known not to offer it", () => {
    markNotOffered("http://service.test", "provenance");
    show({ data: points(), scale: "1h" });
    expect(chosen()).toHaveTextContent(/\$80,200\.00 · newest$/);
    expect(screen.queryByRole("link")).toBeNull();
    expect(bar()).not.toHaveTextContent("this opens");
  });

  it("shows nothing without points", () => {
    show({ data: undefined });
    expect(screen.queryByRole("group")).toBeNull();
  });
});
