// @vitest-environment jsdom
// The header says where the numbers come from, as the service's answers say it, on every page: the real
// routes and shell against the fake service behind fetch.
import { act, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { ExchangeHealth, Status } from "../../interface/status.ts";
import { COINS, SUPPLY, SYMBOL_DETAILS } from "../decoding/testing/wire-samples.ts";
import { AppRoutes } from "../routes.tsx";
import { type Answer, fakeService, type Page, renderPage, resetPage } from "../testing/page-harness.tsx";
import { spokeMarketSourceKey } from "../transport/market-source.ts";

afterEach(resetPage);

const EXCHANGES_HEADER = { "X-Market-Source": "exchanges; live=7; total=10" };
const SIMULATOR_HEADER = { "X-Market-Source": "simulator" };

const exchange = (name: string, connected: boolean, extra: Partial<ExchangeHealth> = {}): ExchangeHealth => ({
  name,
  connected,
  pairs: 34,
  lastTradeTime: "2026-11-22T11:59:50.000Z",
  tradesTaken: 48_210,
  tradesPerMinute: 812.4,
  reconnects: 1,
  filledOverRest: 12,
  droppedLate: 0,
  droppedDuplicate: 3,
  backfill: { state: "none", doneBlocks: 0, totalBlocks: 0 },
  ...extra,
});

const STATUS: Status = {
  market: {
    source: "exchanges",
    latestBlockEnd: "2026-11-22T11:58:00.000Z",
    exchanges: [
      exchange("Binance", true, { backfill: { state: "running", doneBlocks: 10, totalBlocks: 720 } }),
      exchange("Kraken", false, { reconnects: 5, lastTradeTime: null }),
    ],
  },
  rates: { source: "issuers" },
};

/** The market's answers, each with `headers`; /status answers `status`; anything else an error record. */
function market(headers: Record<string, string>, status: unknown = STATUS) {
  return fakeService((url): Answer => {
    const path = url.pathname;
    if (path === "/status") return { status: 200, body: status };
    const body =
      path === "/v1/coins"
        ? COINS
        : path === "/v1/symbol/BTC"
          ? SYMBOL_DETAILS
          : path.startsWith("/v1/supply/")
            ? SUPPLY
            : { errorcode: 404, errormessage: `nothing at ${path} in this test` };
    return { status: "errorcode" in body ? 404 : 200, body, headers };
  });
}

function open(entry: string): Page {
  return renderPage({ routes: [{ path: "*", Component: AppRoutes }], entry });
}

/** The app's header (a page may have its own header too). */
const appHeader = () => {
  const header = screen
    .getAllByRole("banner")
    .find((banner) => within(banner).queryByRole("navigation", { name: "Main" }) !== null);
  if (!header) throw new Error("no app header");
  return header;
};

const claims = () => screen.queryAllByText(/simulated market|live from|no exchange connected/i);

describe("where the numbers come from", () => {
  it("says 'Simulated market' on every page once the service said so", async () => {
    market(SIMULATOR_HEADER);
    const page = open("/");
    await screen.findByText("Simulated market");
    for (const path of ["/symbol/BTC", "/chart/BTC", "/rates", "/supply", "/settings", "/no-such-page"]) {
      await act(() => page.router.navigate(path));
      await waitFor(() => expect(screen.getByRole("heading", { level: 1 })).toBeInTheDocument());
      expect(within(appHeader()).getByText("Simulated market"), path).toBeVisible();
    }
  });

  it("says why when the simulator stands in for exchanges the service could not reach", async () => {
    market({ "X-Market-Source": "simulator; fallback" });
    open("/");
    const pill = await screen.findByText("Simulated market: no exchange could be reached");
    expect(within(appHeader()).getByText(/no exchange could be reached/)).toBe(pill);
    expect(pill.closest("p")).toHaveAttribute("title", expect.stringMatching(/tries the exchanges again/));
  });

  it("says why on a page restored from the cache, from /status", async () => {
    localStorage.setItem(spokeMarketSourceKey("http://service.test"), "1");
    market(SIMULATOR_HEADER, {
      ...STATUS,
      market: {
        ...STATUS.market,
        source: "simulator",
        fallback: "no exchange could be reached",
        exchanges: [],
      },
    });
    open("/settings");
    await screen.findByText("Simulated market: no exchange could be reached");
  });

  it("forgets the answers held when the service's source changes, and asks again what is on screen", async () => {
    let source = "simulator; fallback";
    let btc = 95_123.5;
    const service = fakeService((url): Answer => {
      const headers = { "X-Market-Source": source };
      if (url.pathname === "/v1/coins") {
        const coins = COINS.coins.map((coin) => (coin.symbol === "BTC" ? { ...coin, price: btc } : coin));
        return { status: 200, body: { ...COINS, coins }, headers };
      }
      if (url.pathname === "/v1/symbol/BTC") return { status: 200, body: SYMBOL_DETAILS, headers };
      return { status: 404, body: { errorcode: 404, errormessage: "not in this test" }, headers };
    });
    const page = open("/");
    await screen.findByText("$95,123.50");
    // The service switched to the real market (the exchanges answered): its next answer says so.
    source = "exchanges; live=3; total=10";
    btc = 61_000;
    await act(() => page.router.navigate("/symbol/BTC"));
    // The coin's page is a lazy route: its module loads in real time, which vi.waitFor lets pass.
    await vi.waitFor(() => expect(service.requests).toContain("/v1/symbol/BTC"), { timeout: 20_000 });
    await screen.findByRole("button", { name: "Live from 3 exchanges" });
    await act(() => page.router.navigate("/"));
    // Within the coin list's block of freshness: without the change it would be served from the cache.
    expect(await screen.findByText("$61,000.00")).toBeVisible();
    expect(screen.queryByText("$95,123.50")).toBeNull();
  }, 30_000);

  it("claims nothing before the first answer arrives", async () => {
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    fakeService(async (url) => {
      await held;
      return { status: 200, body: url.pathname === "/v1/coins" ? COINS : {}, headers: SIMULATOR_HEADER };
    });
    open("/");
    await waitFor(() => expect(appHeader()).toBeInTheDocument());
    await act(() => vi.advanceTimersByTimeAsync(1000));
    expect(claims()).toEqual([]);
    release();
    await screen.findByText("Simulated market");
  });

  it("claims nothing for a service that does not say, and asks it no /status", async () => {
    const service = market({});
    open("/");
    await screen.findAllByRole("link", { name: "Bitcoin" });
    expect(claims()).toEqual([]);
    expect(service.requests).toEqual(["/v1/coins"]);
  });

  it("says 'Live from 7 exchanges' and opens each exchange's health, asked when opened, outside the budget", async () => {
    const service = market(EXCHANGES_HEADER);
    const { user } = open("/");
    const button = await screen.findByRole("button", { name: "Live from 7 exchanges" });
    expect(button).toHaveAttribute("aria-expanded", "false");
    expect(service.requests).not.toContain("/status");
    const used = screen.getByTestId("budget-used").textContent;

    // From the keyboard: tab to the claim, open it with Enter.
    button.focus();
    await user.keyboard("{Enter}");
    const dialog = await screen.findByRole("dialog", { name: "Exchange health" });
    expect(button).toHaveAttribute("aria-expanded", "true");
    expect(dialog).toHaveFocus();
    const binance = await within(dialog).findByRole("listitem", { name: "Binance" });
    expect(binance).toHaveTextContent("connected");
    expect(binance).toHaveTextContent(/Trades\/min\s*812\.4/);
    expect(binance).toHaveTextContent(/Dropped duplicate\s*3/);
    expect(binance).toHaveTextContent(/Backfill\s*10 of 720 blocks/);
    const kraken = within(dialog).getByRole("listitem", { name: "Kraken" });
    expect(kraken).toHaveTextContent("disconnected");
    expect(kraken).toHaveTextContent(/Last trade\s*never/);
    expect(kraken).toHaveTextContent(/Reconnects\s*5/);
    // The one that is down first.
    expect(
      within(dialog)
        .getAllByRole("listitem")
        .map((item) => item.getAttribute("aria-label")),
    ).toEqual(["Kraken", "Binance"]);
    expect(dialog).toHaveTextContent("Interest rates from their issuers");
    expect(service.requests.filter((path) => path === "/status")).toHaveLength(1);
    expect(screen.getByTestId("budget-used").textContent).toBe(used);

    await user.keyboard("{Escape}");
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(button).toHaveFocus();
    expect(button).toHaveAttribute("aria-expanded", "false");

    // Opened again: asked again, health changes by the second.
    await user.click(button);
    await within(await screen.findByRole("dialog")).findByRole("listitem", { name: "Kraken" });
    expect(service.requests.filter((path) => path === "/status")).toHaveLength(2);
    await user.click(screen.getByRole("link", { name: "Rates" }));
    expect(screen.queryByRole("dialog")).toBeNull();
  });

  it("says when the health cannot be read", async () => {
    market(EXCHANGES_HEADER, { market: "not a status" });
    const { user } = open("/");
    await user.click(await screen.findByRole("button", { name: "Live from 7 exchanges" }));
    const dialog = await screen.findByRole("dialog", { name: "Exchange health" });
    expect(await within(dialog).findByRole("alert")).toHaveTextContent(/could not be read/);
  });

  it("on a page that receives no answer, asks a service that spoke before its /status, and says what it says", async () => {
    localStorage.setItem(spokeMarketSourceKey("http://service.test"), "1");
    const service = market(SIMULATOR_HEADER, {
      ...STATUS,
      market: { ...STATUS.market, source: "simulator" },
    });
    open("/settings");
    await screen.findByText("Simulated market");
    expect(service.requests).toEqual(["/status"]);
  });

  it("on such a page, counts the exchanges the status says are connected", async () => {
    localStorage.setItem(spokeMarketSourceKey("http://service.test"), "1");
    market(EXCHANGES_HEADER);
    open("/settings");
    expect(await screen.findByRole("button", { name: "Live from 1 exchange" })).toHaveAttribute(
      "title",
      "1 of 2 exchanges connected now",
    );
  });
});
