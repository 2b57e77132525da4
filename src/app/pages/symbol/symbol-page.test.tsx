// @vitest-environment jsdom
import type { QueryClient } from "@tanstack/react-query";
import { act } from "react";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { Quotation, Supply, SymbolDetails } from "../../../interface/resources.ts";
import { queryKeys } from "../../queries/query-keys.ts";
import { DEFAULT_SETTINGS } from "../../settings/settings.ts";
import {
  type Answer,
  cleanup,
  fakeService,
  type Page,
  renderPage,
  type Service,
  testQueryClient,
  until,
} from "../../testing/page-harness.tsx";
import { SymbolPage } from "./symbol-page.tsx";

const trade = (pair: string, id: string, price: number, volume: number) => ({
  symbol: "BTC",
  pair,
  price,
  volume,
  time: "2026-11-22T11:45:37.498Z",
  foreignTradeID: id,
  estimatedUSDPrice: price,
  source: "x",
});

const DETAILS: SymbolDetails = {
  change: { usd: [{ symbol: "EUR", rate: 0.5, rateYesterday: 0.5 }] },
  coin: {
    symbol: "BTC",
    name: "Bitcoin",
    price: 80000,
    priceYesterday: 78000,
    volumeYesterdayUSD: 34e9,
    time: "2026-11-22T11:46:00.250Z",
    circulatingSupply: 19_950_000,
  },
  rank: 1,
  exchanges: [
    {
      name: "Binance",
      price: 80010,
      priceYesterday: 79000,
      volumeYesterdayUSD: 7e9,
      time: "2026-11-22T11:45:37.498Z",
      lastTrades: [trade("BTCUSDT", "11", 80001, 4.15), trade("BTCUSDT", "10", 80002, -0.5)],
    },
    {
      name: "Coinbase",
      price: 80020,
      priceYesterday: null,
      volumeYesterdayUSD: 5e9,
      time: "2026-11-22T11:45:30.000Z",
      lastTrades: [],
    },
    {
      name: "Kraken",
      price: 79990,
      priceYesterday: 80500,
      volumeYesterdayUSD: 3e9,
      time: null,
      lastTrades: [],
    },
  ],
  gfx1: { dataPoints: "time,exchange,filter,symbol,value\n" },
};

const SUPPLY: Supply = {
  symbol: "BTC",
  name: "Bitcoin",
  circulatingSupply: 19_950_000,
  source: "seed",
  time: "2026-11-21T11:47:18.202Z",
  block: 14960513,
};

let answers: Record<string, () => Answer | Promise<Answer>>;
let service: Service;
let page: Page;

beforeEach(() => {
  answers = {
    "/v1/symbol/BTC": () => ({ status: 200, body: DETAILS }),
    "/v1/supply/BTC": () => ({ status: 200, body: SUPPLY }),
  };
  service = fakeService(
    (url) =>
      answers[url.pathname]?.() ?? {
        status: 404,
        body: {
          errorcode: 404,
          errormessage: "unknown symbol 'btc' (symbols are case-sensitive: did you mean BTC?)",
        },
      },
  );
});

afterEach(cleanup);

async function show(url: string, options: { currency?: string; client?: QueryClient } = {}) {
  page = await renderPage({
    routes: [{ path: "/symbol/:symbol", Component: SymbolPage }],
    entry: url,
    settings: { ...DEFAULT_SETTINGS, currency: options.currency ?? "USD" },
    client: options.client,
  });
  return page.router;
}

const text = () => page.text();
const rowNames = () =>
  [...page.container.querySelectorAll(".exchanges-table tbody .exchange-row .expand-button")].map(
    (button) => button.textContent,
  );
const button = (name: string) =>
  [...page.container.querySelectorAll("button")].find((b) =>
    b.textContent?.includes(name),
  ) as HTMLButtonElement;

describe("the symbol page", () => {
  it("shows the coin's figures and exchanges from one request, then the supply's time and source", async () => {
    await show("/symbol/BTC");
    await until(() => expect(text()).toContain("as of"));
    expect(page.container.querySelector("h1")?.textContent).toBe("Bitcoin");
    expect(document.title).toContain("BTC");
    expect(text()).toContain("$80,000.00");
    expect(text()).toContain("+2.56%");
    expect(text()).toContain("#1");
    expect(text()).toContain("19.95M BTC");
    expect(rowNames()).toEqual(["Binance", "Coinbase", "Kraken"]);
    await until(() => expect(text()).toContain("source seed"));
    expect(service.requests).toEqual(["/v1/symbol/BTC", "/v1/supply/BTC"]);
    const links = [...page.container.querySelectorAll("a")].map((a) => a.getAttribute("href"));
    expect(links).toContain("/chart/BTC");
    expect(links).toContain("/chart/BTC?exchange=Binance");
  });

  it("sorts the exchanges by a column and keeps the sort in the URL", async () => {
    const router = await show("/symbol/BTC");
    await until(() => expect(rowNames()).toHaveLength(3));
    const volume = button("Volume 24 h");
    expect(volume.closest("th")?.getAttribute("aria-sort")).toBe("descending");
    await act(async () => volume.click());
    expect(rowNames()).toEqual(["Kraken", "Coinbase", "Binance"]);
    expect(router.state.location.search).toBe("?sort=volume&dir=asc");
    expect(button("Volume 24 h").closest("th")?.getAttribute("aria-sort")).toBe("ascending");
    await act(async () => button("Exchange").click());
    expect(rowNames()).toEqual(["Binance", "Coinbase", "Kraken"]);
    expect(router.state.location.search).toBe("?sort=name&dir=asc");
  });

  it("opens an exchange's last trades, with the open exchange in the URL", async () => {
    const router = await show("/symbol/BTC?sort=name&dir=desc");
    await until(() => expect(rowNames()).toHaveLength(3));
    expect(rowNames()).toEqual(["Kraken", "Coinbase", "Binance"]);
    const binance = button("Binance");
    expect(binance.getAttribute("aria-expanded")).toBe("false");
    await act(async () => binance.click());
    expect(button("Binance").getAttribute("aria-expanded")).toBe("true");
    expect(router.state.location.search).toBe("?sort=name&dir=desc&open=Binance");
    const trades = page.container.querySelector(".last-trades__table");
    expect(trades?.querySelector("caption")?.textContent).toBe("Last 2 trades of BTC on Binance");
    const sides = [...(trades?.querySelectorAll("tbody .side") ?? [])].map((cell) => cell.textContent);
    expect(sides).toEqual(["buy", "sell"]);
    expect(trades?.textContent).toContain("0.5");
    await act(async () => router.navigate(-1));
    expect(button("Binance").getAttribute("aria-expanded")).toBe("false");
    expect(page.container.querySelector(".last-trades__table")).toBeNull();
  });

  it("names the unknown symbol with the service's hint, a way back, and asks no supply", async () => {
    await show("/symbol/btc");
    await until(() => expect(page.container.querySelector("[role=alert]")).not.toBeNull());
    const alert = page.container.querySelector("[role=alert]");
    expect(alert?.textContent).toContain("did you mean BTC?");
    const links = [...(alert?.querySelectorAll("a") ?? [])].map((a) => [
      a.textContent,
      a.getAttribute("href"),
    ]);
    expect(links).toEqual([
      ["Go to BTC", "/symbol/BTC"],
      ["Back to the coins", "/"],
    ]);
    expect(service.requests).toEqual(["/v1/symbol/btc"]);
  });

  it("shows a cached price at once, without asking for a quotation", async () => {
    let release: () => void = () => {};
    answers["/v1/symbol/BTC"] = () =>
      new Promise((resolve) => {
        release = () => resolve({ status: 200, body: DETAILS });
      });
    const quote: Quotation = { ...DETAILS.coin, price: 79000, source: "coins list" };
    const client = testQueryClient();
    client.setQueryData(queryKeys.quotation("BTC"), quote);
    await show("/symbol/BTC", { client });
    await until(() => expect(service.requests).toHaveLength(1));
    expect(page.container.querySelector("h1")?.textContent).toBe("Bitcoin");
    expect(text()).toContain("$79,000.00");
    await act(async () => release());
    await until(() => expect(text()).toContain("$80,000.00"));
    await until(() => expect(service.requests).toHaveLength(2));
    expect(service.requests).toEqual(["/v1/symbol/BTC", "/v1/supply/BTC"]);
  });

  it("shows prices in the chosen currency at the answer's rate", async () => {
    await show("/symbol/BTC", { currency: "EUR" });
    await until(() => expect(rowNames()).toHaveLength(3));
    expect(text()).toContain("€40,000.00");
    expect(text()).toContain("Price (EUR)");
  });

  it("draws the MA120 of the day from gfx1 in the chosen currency, described in words, with no request", async () => {
    const csv = [
      "time,exchange,filter,symbol,value",
      "2026-11-21T12:02:00Z,,MA120,BTC,80100",
      "2026-11-21T18:00:00Z,,MA120,BTC,79000",
      "2026-11-22T11:46:00Z,,MA120,BTC,80600",
      "",
    ].join("\n");
    answers["/v1/symbol/BTC"] = () => ({ status: 200, body: { ...DETAILS, gfx1: { dataPoints: csv } } });
    await show("/symbol/BTC", { currency: "EUR" });
    const chart = () => page.container.querySelector(".symbol-chart [role=img]");
    await until(() => expect(chart()).not.toBeNull());
    expect(chart()?.getAttribute("aria-label")).toBe(
      "MA120 of BTC over the last 24 hours: from €40,050.00 to €40,300.00, low €39,500.00, high €40,300.00",
    );
    const full = [...page.container.querySelectorAll(".symbol-chart a")].map((a) => a.getAttribute("href"));
    expect(full).toEqual(["/chart/BTC"]);
    await until(() => expect(text()).toContain("source seed"));
    expect(service.requests).toEqual(["/v1/symbol/BTC", "/v1/supply/BTC"]);
  });

  it("says so when the day has no MA120 points yet", async () => {
    await show("/symbol/BTC");
    await until(() => expect(page.container.querySelector(".symbol-chart [role=img]")).not.toBeNull());
    expect(page.container.querySelector(".symbol-chart [role=img]")?.getAttribute("aria-label")).toBe(
      "MA120 of BTC over the last 24 hours: no MA120 points in the last 24 hours yet",
    );
  });
});
