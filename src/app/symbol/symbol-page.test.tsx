// @vitest-environment jsdom
import type { QueryClient } from "@tanstack/react-query";
import { act, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { Quotation, Supply, SymbolDetails } from "../../interface/resources.ts";
import { queryKeys } from "../queries/query-keys.ts";
import { DEFAULT_SETTINGS } from "../store/settings.ts";
import {
  type Answer,
  fakeService,
  type Page,
  renderPage,
  resetPage,
  type Service,
  testQueryClient,
} from "../testing/page-harness.tsx";
import { SymbolPage } from "./symbol-page.tsx";

// The browser's zone, fixed: the machine's own must not decide what the page says.
vi.mock("../format/time-zone.ts", async (importOriginal) => ({
  ...(await importOriginal<typeof import("../format/time-zone.ts")>()),
  browserTimeZone: () => "Asia/Tokyo",
}));

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

afterEach(resetPage);

function show(
  url: string,
  options: { currency?: string; client?: QueryClient; timeZone?: "UTC" | "browser" } = {},
): Page {
  return renderPage({
    routes: [{ path: "/symbol/:symbol", Component: SymbolPage }],
    entry: url,
    settings: {
      ...DEFAULT_SETTINGS,
      currency: options.currency ?? "USD",
      timeZone: options.timeZone ?? "UTC",
    },
    client: options.client,
  });
}

/** Everything the page says, for figures whose place on it other tests pin down. */
const page = () => document.body;
const exchanges = () => screen.getByRole("table", { name: /^BTC on each exchange/ });
/** The exchanges, top to bottom, by the button that opens each one's last trades. */
const rowNames = () =>
  within(exchanges())
    .getAllByRole("button", { name: /, last trades$/ })
    .map((button) => button.textContent);
const loaded = async () => {
  await screen.findByRole("table", { name: /^BTC on each exchange/ });
  expect(rowNames()).toHaveLength(3);
};
const sortButton = (name: string) => within(exchanges()).getByRole("button", { name });
const opener = (exchange: string) => screen.getByRole("button", { name: `${exchange}, last trades` });
const maChart = (name: string | RegExp = /^MA120 of BTC/) => screen.findByRole("img", { name });

describe("the symbol page", () => {
  it("shows the coin's figures and exchanges from one request, then the supply's time and source", async () => {
    show("/symbol/BTC");
    await loaded();
    expect(screen.getByRole("heading", { level: 1 })).toHaveTextContent(/^Bitcoin$/);
    expect(document.title).toContain("BTC");
    for (const figure of ["$80,000.00", "+2.56%", "#1", "19.95M BTC", "as of"]) {
      expect(page()).toHaveTextContent(figure);
    }
    expect(rowNames()).toEqual(["Binance", "Coinbase", "Kraken"]);
    await waitFor(() => expect(page()).toHaveTextContent("source seed"));
    expect(service.requests).toEqual(["/v1/symbol/BTC", "/v1/supply/BTC"]);
    expect(screen.getByRole("link", { name: "Chart of BTC" })).toHaveAttribute("href", "/chart/BTC");
    expect(screen.getByRole("link", { name: "Chart of BTC on Binance" })).toHaveAttribute(
      "href",
      "/chart/BTC?exchange=Binance",
    );
  });

  it("says how its price is made while the details are on their way, before the chart and exchanges", async () => {
    let answer: (value: Answer) => void = () => {};
    answers["/v1/symbol/BTC"] = () => new Promise<Answer>((resolve) => (answer = resolve));
    show("/symbol/BTC");
    const provenance = screen.getByRole("heading", { name: "How this price was made" });
    expect(screen.queryByRole("heading", { name: /^Exchanges/ })).toBeNull();
    await waitFor(() => expect(service.requests).toEqual(["/v1/symbol/BTC"]));
    answer({ status: 200, body: DETAILS });
    await loaded();
    const headings = screen.getAllByRole("heading", { level: 2 }).map((heading) => heading.textContent);
    expect(headings.indexOf("How this price was made")).toBeLessThan(
      headings.findIndex((text) => text?.startsWith("Exchanges")),
    );
    expect(screen.getByRole("heading", { name: "How this price was made" })).toBe(provenance);
  });

  it("sorts the exchanges by a column and keeps the sort in the URL", async () => {
    const { router, user } = show("/symbol/BTC");
    await loaded();
    const volume = () => screen.getByRole("columnheader", { name: "Volume 24 h" });
    expect(volume()).toHaveAttribute("aria-sort", "descending");
    await user.click(sortButton("Volume 24 h"));
    expect(rowNames()).toEqual(["Kraken", "Coinbase", "Binance"]);
    expect(router.state.location.search).toBe("?sort=volume&dir=asc");
    expect(volume()).toHaveAttribute("aria-sort", "ascending");
    await user.click(sortButton("Exchange"));
    expect(rowNames()).toEqual(["Binance", "Coinbase", "Kraken"]);
    expect(router.state.location.search).toBe("?sort=name&dir=asc");
    expect(volume()).toHaveAttribute("aria-sort", "none");
  });

  it("opens an exchange's last trades, with the open exchange in the URL", async () => {
    const { router, user } = show("/symbol/BTC?sort=name&dir=desc");
    await loaded();
    expect(rowNames()).toEqual(["Kraken", "Coinbase", "Binance"]);
    expect(opener("Binance")).toHaveAttribute("aria-expanded", "false");
    await user.click(opener("Binance"));
    expect(opener("Binance")).toHaveAttribute("aria-expanded", "true");
    expect(router.state.location.search).toBe("?sort=name&dir=desc&open=Binance");
    const trades = screen.getByRole("table", { name: "Last 2 trades of BTC on Binance" });
    const sides = within(trades)
      .getAllByRole("row")
      .slice(1)
      .map((row) => within(row).getAllByRole("cell")[2]?.textContent);
    expect(sides).toEqual(["buy", "sell"]);
    expect(trades).toHaveTextContent("0.5");
    await act(() => router.navigate(-1));
    expect(opener("Binance")).toHaveAttribute("aria-expanded", "false");
    expect(screen.queryByRole("table", { name: /^Last \d+ trades/ })).toBeNull();
  });

  it("names the unknown symbol with the service's hint, a way back, and asks no supply", async () => {
    show("/symbol/btc");
    const alert = await screen.findByRole("alert");
    expect(alert).toHaveTextContent("did you mean BTC?");
    expect(screen.queryByRole("heading", { name: "How this price was made" })).toBeNull();
    const links = within(alert)
      .getAllByRole("link")
      .map((a) => [a.textContent, a.getAttribute("href")]);
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
    show("/symbol/BTC", { client });
    await waitFor(() => expect(service.requests).toHaveLength(1));
    expect(screen.getByRole("heading", { level: 1 })).toHaveTextContent(/^Bitcoin$/);
    expect(page()).toHaveTextContent("$79,000.00");
    await act(async () => release());
    await waitFor(() => expect(page()).toHaveTextContent("$80,000.00"));
    await waitFor(() => expect(service.requests).toHaveLength(2));
    expect(service.requests).toEqual(["/v1/symbol/BTC", "/v1/supply/BTC"]);
  });

  it("shows prices in the chosen currency at the answer's rate", async () => {
    show("/symbol/BTC", { currency: "EUR" });
    await loaded();
    expect(page()).toHaveTextContent("€40,000.00");
    expect(screen.getByRole("columnheader", { name: "Price (EUR)" })).toBeInTheDocument();
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
    show("/symbol/BTC", { currency: "EUR" });
    expect(
      await maChart(
        "MA120 of BTC over the last 24 hours: from €40,050.00 to €40,300.00, low €39,500.00, high €40,300.00",
      ),
    ).toBeInTheDocument();
    const figure = screen.getByRole("figure", { name: /^MA120/ });
    expect(within(figure).getByRole("link", { name: "Full chart of BTC" })).toHaveAttribute(
      "href",
      "/chart/BTC",
    );
    await waitFor(() => expect(page()).toHaveTextContent("source seed"));
    expect(service.requests).toEqual(["/v1/symbol/BTC", "/v1/supply/BTC"]);
  });

  it("says so when the day has no MA120 points yet", async () => {
    show("/symbol/BTC");
    expect(
      await maChart("MA120 of BTC over the last 24 hours: no MA120 points in the last 24 hours yet"),
    ).toBeInTheDocument();
  });

  it("writes its times in the zone of the settings, names it, and follows a change", async () => {
    const shown = show("/symbol/BTC?open=Binance", { timeZone: "UTC" });
    await loaded();
    const lastTrade = () => within(exchanges()).getByRole("columnheader", { name: /^Last trade/ });
    const trades = () => screen.getByRole("table", { name: /^Last \d+ trades of BTC on Binance/ });
    expect(lastTrade()).toHaveTextContent("Last trade (UTC)");
    expect(within(trades()).getByRole("columnheader", { name: "Time (UTC)" })).toBeInTheDocument();
    // 11:45:37 UTC is 20:45:37 in Tokyo, written in the locale's own way.
    expect(within(trades()).getAllByRole("row")[1]).toHaveTextContent(/11:45:37/);
    expect(page()).toHaveTextContent(/as of .*11:46:00.* UTC\b/);
    act(() => shown.store.update({ timeZone: "browser" }));
    expect(lastTrade()).toHaveTextContent("Last trade (UTC+09:00)");
    expect(within(trades()).getByRole("columnheader", { name: "Time (UTC+09:00)" })).toBeInTheDocument();
    const row = within(trades()).getAllByRole("row")[1] as HTMLElement;
    expect(row).toHaveTextContent(/8:45:37/);
    expect(row.querySelector("time")).toHaveAttribute(
      "title",
      expect.stringMatching(/UTC\+09:00 Asia\/Tokyo$/),
    );
    expect(page()).toHaveTextContent(/as of .*8:46:00.* UTC\+09:00/);
  });
});
