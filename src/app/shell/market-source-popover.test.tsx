// @vitest-environment jsdom
// The exchange health popover tells which resolutions of each exchange's history are still filling: a line
// per resolution, through the real routes and shell against the fake service behind fetch.
import { screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import type { ExchangeHealth, HistoryStretch, Status } from "../../interface/status.ts";
import { COINS } from "../decoding/testing/wire-samples.ts";
import { AppRoutes } from "../routes.tsx";
import { fakeService, renderPage, resetPage } from "../testing/page-harness.tsx";

afterEach(resetPage);

const DAY = 86_400_000;
const TODAY = Date.UTC(2026, 10, 22);

const stretch = (
  resolution: HistoryStretch["resolution"],
  fromMs: number,
  toMs: number,
  rest: Partial<HistoryStretch>,
): HistoryStretch => ({
  resolution,
  fromMs,
  toMs,
  coveredFromMs: null,
  state: "waiting",
  done: 0,
  total: 0,
  ...rest,
});

const exchange = (name: string, backfill: ExchangeHealth["backfill"]): ExchangeHealth => ({
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
  backfill,
});

const STATUS: Status = {
  market: {
    source: "exchanges",
    latestBlockEnd: null,
    exchanges: [
      exchange("Binance", {
        state: "running",
        doneBlocks: 720,
        totalBlocks: 720,
        history: [
          stretch("1m", TODAY - DAY, TODAY, {
            state: "done",
            done: 720,
            total: 720,
            coveredFromMs: TODAY - DAY,
          }),
          stretch("1h", TODAY - 90 * DAY, TODAY - DAY, { state: "running", done: 16, total: 40 }),
          stretch("1d", TODAY - 365 * DAY, TODAY - 90 * DAY, {
            state: "done",
            done: 20,
            total: 20,
            coveredFromMs: TODAY - 365 * DAY,
          }),
        ],
      }),
      exchange("Kraken", {
        state: "done",
        doneBlocks: 720,
        totalBlocks: 720,
        history: [
          stretch("1h", TODAY - 90 * DAY, TODAY - DAY, {
            state: "done",
            done: 20,
            total: 20,
            coveredFromMs: TODAY - 31 * DAY,
          }),
          stretch("1d", TODAY - 365 * DAY, TODAY - 90 * DAY, {
            state: "done",
            done: 20,
            total: 20,
            coveredFromMs: null,
          }),
        ],
      }),
    ],
  },
  rates: { source: "issuers" },
};

describe("the history in the exchange health popover", () => {
  it("shows a line per resolution: what fills and how far, and how far back each exchange's candles reached", async () => {
    fakeService((url) =>
      url.pathname === "/status"
        ? { status: 200, body: STATUS }
        : { status: 200, body: COINS, headers: { "X-Market-Source": "exchanges; live=2; total=2" } },
    );
    const { user } = renderPage({ routes: [{ path: "*", Component: AppRoutes }], entry: "/" });
    await user.click(await screen.findByRole("button", { name: "Live from 2 exchanges" }));
    const dialog = await screen.findByRole("dialog", { name: "Exchange health" });
    const binance = await within(dialog).findByRole("listitem", { name: "Binance" });
    const figure = (item: HTMLElement, term: string) =>
      within(item).getByText(term, { selector: "dt" }).nextElementSibling?.textContent;
    expect(figure(binance, "1-minute history")).toBe("done, from 2026-11-21");
    expect(figure(binance, "Hourly history")).toBe("filling 40 % (2026-08-24 to 2026-11-21)");
    expect(figure(binance, "Daily history")).toBe("done, from 2025-11-22");
    expect(within(binance).queryByText("Backfill")).toBeNull();
    const kraken = within(dialog).getByRole("listitem", { name: "Kraken" });
    // Kraken keeps 720 hours: its hourly history reaches back 30 days of the 90.
    expect(figure(kraken, "Hourly history")).toBe("done, from 2026-10-22");
    expect(figure(kraken, "Daily history")).toBe("done: the exchange had none");
  });
});
