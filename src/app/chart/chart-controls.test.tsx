// @vitest-environment jsdom
// The chart page's controls as a person meets them: the view choice, the filter disabled in the candle
// view with its reason beside it, the view itself on a service without candles, and the ranges whose
// history the service is still filling marked so.
import { screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { ExchangeHealth, Status } from "../../interface/status.ts";
import { fakeService, renderPage, resetPage } from "../testing/page-harness.tsx";
import { CANDLES_NOT_OFFERED, ChartControls, FILTER_NOT_FOR_CANDLES } from "./chart-controls.tsx";
import { readChartState } from "./chart-params.ts";
import { usePairs } from "./queries/pairs.ts";

afterEach(resetPage);

function show(search: string, candlesOffered = true) {
  fakeService(() => ({ status: 404, body: { errorcode: 404, errormessage: "nothing in this test" } }));
  const onChange = vi.fn();
  const element = (
    <ChartControls
      state={readChartState(new URLSearchParams(search))}
      exchanges={["Binance", "Kraken"]}
      onChange={onChange}
      candlesOffered={candlesOffered}
    />
  );
  const page = renderPage({ routes: [{ path: "*", element }], entry: "/" });
  return { onChange, user: page.user };
}

describe("ChartControls", () => {
  it("offers Candles and Line, candles pressed by default, and picks one", async () => {
    const { onChange, user } = show("");
    expect(screen.getByRole("button", { name: "View Candles" })).toHaveAttribute("aria-pressed", "true");
    await user.click(screen.getByRole("button", { name: "View Line" }));
    expect(onChange).toHaveBeenCalledWith({ view: "line" });
  });

  it("disables the filter in the candle view and says why", () => {
    show("view=candles");
    const filter = screen.getByRole("group", { name: "Filter" });
    expect(filter).toBeDisabled();
    expect(filter).toHaveAccessibleDescription(FILTER_NOT_FOR_CANDLES);
    expect(screen.getByText(FILTER_NOT_FOR_CANDLES)).toBeVisible();
    expect(screen.getByRole("button", { name: "Filter MAIR120" })).toBeDisabled();
  });

  it("keeps the filter usable in the line view, as an older address with a filter opens", async () => {
    const { onChange, user } = show("filter=MAIR120");
    expect(screen.getByRole("button", { name: "View Line" })).toHaveAttribute("aria-pressed", "true");
    const filter = screen.getByRole("group", { name: "Filter" });
    expect(filter).toBeEnabled();
    expect(screen.queryByText(FILTER_NOT_FOR_CANDLES)).toBeNull();
    await user.click(screen.getByRole("button", { name: "Filter MEDIR120" }));
    expect(onChange).toHaveBeenCalledWith({ filter: "MEDIR120" });
  });

  it("on a service without candles, keeps the view on the line and says why", () => {
    show("view=line", false);
    const view = screen.getByRole("group", { name: "View" });
    expect(view).toBeDisabled();
    expect(view).toHaveAccessibleDescription(CANDLES_NOT_OFFERED);
    expect(screen.getByRole("button", { name: "View Line" })).toHaveAttribute("aria-pressed", "true");
    expect(screen.getByRole("button", { name: "View Candles" })).toBeDisabled();
    expect(screen.getByRole("group", { name: "Filter" })).toBeEnabled();
  });
});

const DAY = 86_400_000;
const NOW = Date.UTC(2026, 10, 22, 12, 0);

const stretch = (
  resolution: "1m" | "1h" | "1d",
  state: "waiting" | "running" | "done",
  done: number,
  total: number,
): NonNullable<ExchangeHealth["backfill"]["history"]>[number] => {
  const range = {
    "1m": [NOW - DAY, NOW],
    "1h": [NOW - 90 * DAY, NOW - DAY],
    "1d": [NOW - 365 * DAY, NOW - 90 * DAY],
  }[resolution];
  return {
    resolution,
    fromMs: range[0] as number,
    toMs: range[1] as number,
    coveredFromMs: null,
    state,
    done,
    total,
  };
};

const exchange = (name: string, history: ExchangeHealth["backfill"]["history"]): ExchangeHealth => ({
  name,
  connected: true,
  pairs: 20,
  lastTradeTime: null,
  tradesTaken: 0,
  tradesPerMinute: 0,
  reconnects: 0,
  filledOverRest: 0,
  droppedLate: 0,
  droppedDuplicate: 0,
  backfill: { state: "running", doneBlocks: 720, totalBlocks: 720, ...(history ? { history } : {}) },
});

/** A request the chart makes anyway: its answer says where the numbers come from. */
function AskPairs() {
  usePairs();
  return null;
}

/** The controls beside the chart's pairs request, against a service that reads the exchanges. */
function chartWhileFilling(status: Status) {
  fakeService((url) =>
    url.pathname === "/status"
      ? { status: 200, body: status }
      : {
          status: 404,
          body: { errorcode: 404, errormessage: "nothing in this test" },
          headers: { "X-Market-Source": "exchanges; live=2; total=2" },
        },
  );
  const element = (
    <>
      <AskPairs />
      <ChartControls
        state={readChartState(new URLSearchParams("scale=1h"))}
        exchanges={null}
        onChange={() => {}}
      />
    </>
  );
  renderPage({ routes: [{ path: "*", element }], entry: "/" });
  vi.setSystemTime(NOW);
}

describe("ranges whose history is still filling", () => {
  const filling: Status = {
    market: {
      source: "exchanges",
      latestBlockEnd: null,
      exchanges: [
        exchange("Binance", [
          stretch("1m", "done", 720, 720),
          stretch("1h", "running", 8, 40),
          stretch("1d", "done", 20, 20),
        ]),
        exchange("Kraken", [
          stretch("1m", "done", 720, 720),
          stretch("1h", "done", 40, 40),
          stretch("1d", "done", 20, 20),
        ]),
      ],
    },
    rates: { source: "issuers" },
  };

  it("marks the ranges that reach into the filling hourly history, saying how far it is", async () => {
    chartWhileFilling(filling);
    const ninety = await screen.findByRole("button", { name: "Range 90 d" });
    await vi.waitFor(() => expect(ninety).toHaveAccessibleDescription("Filling: hourly history 60 %"));
    expect(ninety).toHaveTextContent("90 d ◔");
    for (const range of ["7 d", "30 d", "1 y"])
      expect(screen.getByRole("button", { name: `Range ${range}` })).toHaveAccessibleDescription(
        "Filling: hourly history 60 %",
      );
    // The last day comes from 1-minute candles, done: not marked.
    const day = screen.getByRole("button", { name: "Range 1 d" });
    expect(day).not.toHaveAccessibleDescription(/Filling/);
    expect(day).toHaveTextContent(/^1 d$/);
    expect(screen.getByRole("button", { name: "Range All" })).toHaveAccessibleDescription(
      /As far back as one request reaches.*\. Filling: hourly history 60 %$/,
    );
  });

  it("marks nothing once every resolution is done", async () => {
    const done = (name: string) =>
      exchange(name, [
        stretch("1m", "done", 720, 720),
        stretch("1h", "done", 40, 40),
        stretch("1d", "done", 20, 20),
      ]);
    chartWhileFilling({
      ...filling,
      market: { ...filling.market, exchanges: [done("Binance"), done("Kraken")] },
    });
    const ninety = await screen.findByRole("button", { name: "Range 90 d" });
    await vi.waitFor(() => expect(ninety).toHaveTextContent(/^90 d$/));
    expect(ninety).not.toHaveAccessibleDescription(/Filling/);
  });
});
