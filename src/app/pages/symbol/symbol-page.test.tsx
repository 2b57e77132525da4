// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act } from "react";
import { createRoot, type Root } from "react-dom/client";
import { createMemoryRouter, RouterProvider } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { Quotation, Supply, SymbolDetails } from "../../../interface/resources.ts";
import { ConnectionProvider } from "../../api/connection-context.tsx";
import { queryKeys } from "../../queries/query-keys.ts";
import { DEFAULT_SETTINGS, SETTINGS_KEY, SettingsStore } from "../../settings/settings.ts";
import { SettingsProvider } from "../../settings/settings-context.tsx";
import { SymbolPage } from "./symbol-page.tsx";

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

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

type Answer = { status: number; body: unknown } | Promise<{ status: number; body: unknown }>;
let answers: Record<string, () => Answer>;
let asked: string[];
let root: Root | null;
let container: HTMLDivElement;

beforeEach(() => {
  localStorage.clear();
  asked = [];
  answers = {
    "/v1/symbol/BTC": () => ({ status: 200, body: DETAILS }),
    "/v1/supply/BTC": () => ({ status: 200, body: SUPPLY }),
  };
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: string | URL) => {
      const path = new URL(String(input)).pathname;
      asked.push(path);
      const answer = await (answers[path]?.() ?? {
        status: 404,
        body: {
          errorcode: 404,
          errormessage: "unknown symbol 'btc' (symbols are case-sensitive: did you mean BTC?)",
        },
      });
      return new Response(JSON.stringify(answer.body), {
        status: answer.status,
        headers: { "Content-Type": "application/json" },
      });
    }),
  );
  container = document.createElement("div");
  document.body.append(container);
});

afterEach(async () => {
  await act(async () => root?.unmount());
  root = null;
  container.remove();
  vi.unstubAllGlobals();
});

async function show(url: string, options: { currency?: string; seed?: (client: QueryClient) => void } = {}) {
  localStorage.setItem(
    SETTINGS_KEY,
    JSON.stringify({ ...DEFAULT_SETTINGS, currency: options.currency ?? "USD" }),
  );
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  options.seed?.(client);
  const router = createMemoryRouter([{ path: "/symbol/:symbol", Component: SymbolPage }], {
    initialEntries: [url],
  });
  root = createRoot(container);
  await act(async () =>
    root?.render(
      <SettingsProvider store={new SettingsStore(localStorage)}>
        <ConnectionProvider baseUrl="http://service.test" apiKey="" budgetPerMinute={5}>
          <QueryClientProvider client={client}>
            <RouterProvider router={router} />
          </QueryClientProvider>
        </ConnectionProvider>
      </SettingsProvider>,
    ),
  );
  return router;
}

async function until(check: () => boolean, what: string): Promise<void> {
  for (let i = 0; i < 100; i++) {
    if (check()) return;
    await act(async () => new Promise((resolve) => setTimeout(resolve, 10)));
  }
  throw new Error(`timed out waiting for ${what}; page: ${container.textContent}`);
}

const text = () => container.textContent ?? "";
const rowNames = () =>
  [...container.querySelectorAll(".exchanges-table tbody .exchange-row .expand-button")].map(
    (button) => button.textContent,
  );
const button = (name: string) =>
  [...container.querySelectorAll("button")].find((b) => b.textContent?.includes(name)) as HTMLButtonElement;

describe("the symbol page", () => {
  it("shows the coin's figures and exchanges from one request, then the supply's time and source", async () => {
    await show("/symbol/BTC");
    await until(() => text().includes("as of"), "the details");
    expect(container.querySelector("h1")?.textContent).toBe("Bitcoin");
    expect(document.title).toContain("BTC");
    expect(text()).toContain("$80,000.00");
    expect(text()).toContain("+2.56%");
    expect(text()).toContain("#1");
    expect(text()).toContain("19.95M BTC");
    expect(rowNames()).toEqual(["Binance", "Coinbase", "Kraken"]);
    await until(() => text().includes("source seed"), "the supply record");
    expect(asked).toEqual(["/v1/symbol/BTC", "/v1/supply/BTC"]);
    const links = [...container.querySelectorAll("a")].map((a) => a.getAttribute("href"));
    expect(links).toContain("/chart/BTC");
    expect(links).toContain("/chart/BTC?exchange=Binance");
  });

  it("sorts the exchanges by a column and keeps the sort in the URL", async () => {
    const router = await show("/symbol/BTC");
    await until(() => rowNames().length === 3, "the exchanges");
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
    await until(() => rowNames().length === 3, "the exchanges");
    expect(rowNames()).toEqual(["Kraken", "Coinbase", "Binance"]);
    const binance = button("Binance");
    expect(binance.getAttribute("aria-expanded")).toBe("false");
    await act(async () => binance.click());
    expect(button("Binance").getAttribute("aria-expanded")).toBe("true");
    expect(router.state.location.search).toBe("?sort=name&dir=desc&open=Binance");
    const trades = container.querySelector(".last-trades__table");
    expect(trades?.querySelector("caption")?.textContent).toBe("Last 2 trades of BTC on Binance");
    const sides = [...(trades?.querySelectorAll("tbody .side") ?? [])].map((cell) => cell.textContent);
    expect(sides).toEqual(["buy", "sell"]);
    expect(trades?.textContent).toContain("0.5");
    await act(async () => router.navigate(-1));
    expect(button("Binance").getAttribute("aria-expanded")).toBe("false");
    expect(container.querySelector(".last-trades__table")).toBeNull();
  });

  it("names the unknown symbol with the service's hint, a way back, and asks no supply", async () => {
    await show("/symbol/btc");
    await until(() => container.querySelector("[role=alert]") !== null, "the not-found notice");
    const alert = container.querySelector("[role=alert]");
    expect(alert?.textContent).toContain("did you mean BTC?");
    const links = [...(alert?.querySelectorAll("a") ?? [])].map((a) => [
      a.textContent,
      a.getAttribute("href"),
    ]);
    expect(links).toEqual([
      ["Go to BTC", "/symbol/BTC"],
      ["Back to the coins", "/"],
    ]);
    expect(asked).toEqual(["/v1/symbol/btc"]);
  });

  it("shows a cached price at once, without asking for a quotation", async () => {
    let release: () => void = () => {};
    answers["/v1/symbol/BTC"] = () =>
      new Promise((resolve) => {
        release = () => resolve({ status: 200, body: DETAILS });
      });
    const quote: Quotation = { ...DETAILS.coin, price: 79000, source: "coins list" };
    await show("/symbol/BTC", { seed: (client) => client.setQueryData(queryKeys.quotation("BTC"), quote) });
    await until(() => asked.length === 1, "the details request");
    expect(container.querySelector("h1")?.textContent).toBe("Bitcoin");
    expect(text()).toContain("$79,000.00");
    await act(async () => release());
    await until(() => text().includes("$80,000.00"), "the details");
    await until(() => asked.length === 2, "the supply request");
    expect(asked).toEqual(["/v1/symbol/BTC", "/v1/supply/BTC"]);
  });

  it("shows prices in the chosen currency at the answer's rate", async () => {
    await show("/symbol/BTC", { currency: "EUR" });
    await until(() => rowNames().length === 3, "the exchanges");
    expect(text()).toContain("€40,000.00");
    expect(text()).toContain("Price (EUR)");
  });
});
