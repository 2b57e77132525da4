// @vitest-environment jsdom
// The page against a fake service: one request, and what search, sort, favourites and currency do.
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act } from "react";
import { createRoot, type Root } from "react-dom/client";
import { createMemoryRouter, RouterProvider } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { Coin, Coins } from "../../../interface/resources.ts";
import { ConnectionProvider } from "../../api/connection-context.tsx";
import { SETTINGS_KEY, SettingsStore } from "../../settings/settings.ts";
import { SettingsProvider } from "../../settings/settings-context.tsx";
import { CoinsPage } from "./coins-page.tsx";

// Tells React that this test drives it through act().
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

function coin(symbol: string, name: string, price: number, supply: number | null): Coin {
  return {
    symbol,
    name,
    price,
    priceYesterday: price * 0.9,
    volumeYesterdayUSD: price * 1e6,
    time: new Date(Date.now() - 12_000).toISOString(),
    circulatingSupply: supply,
  };
}

const COINS: Coins = {
  completeCoinList: [
    { symbol: "BTC", name: "Bitcoin" },
    { symbol: "ETH", name: "Ethereum" },
    { symbol: "XRP", name: "XRP" },
    { symbol: "ETC", name: "Ethereum Classic" },
  ],
  change: { usd: [{ symbol: "EUR", rate: 0.5, rateYesterday: 0.5 }] },
  coins: [
    coin("BTC", "Bitcoin", 90_000, 20e6),
    coin("ETH", "Ethereum", 3_000, 120e6),
    coin("XRP", "XRP", 2, null),
  ],
};

let requests: string[] = [];
let container: HTMLDivElement;
let root: Root;
let store: SettingsStore;

beforeEach(() => {
  requests = [];
  localStorage.clear();
  vi.stubGlobal("fetch", async (input: string) => {
    const url = new URL(input);
    requests.push(url.pathname);
    const ok = url.pathname === "/v1/coins";
    return new Response(JSON.stringify(ok ? COINS : { errorcode: 404, errormessage: "no route" }), {
      status: ok ? 200 : 404,
      headers: { "Content-Type": "application/json" },
    });
  });
  container = document.createElement("div");
  document.body.append(container);
});

afterEach(() => {
  act(() => root.unmount());
  container.remove();
  vi.unstubAllGlobals();
});

function renderAt(entry: string, settings: Record<string, unknown> = {}) {
  localStorage.setItem(SETTINGS_KEY, JSON.stringify(settings));
  store = new SettingsStore(localStorage);
  const router = createMemoryRouter(
    [
      { path: "/", Component: CoinsPage },
      { path: "/symbol/:symbol", Component: () => <p>symbol page</p> },
    ],
    { initialEntries: [entry] },
  );
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  root = createRoot(container);
  act(() =>
    root.render(
      <SettingsProvider store={store}>
        <ConnectionProvider baseUrl="http://service.test" apiKey="test-key" budgetPerMinute={100}>
          <QueryClientProvider client={client}>
            <RouterProvider router={router} />
          </QueryClientProvider>
        </ConnectionProvider>
      </SettingsProvider>,
    ),
  );
  return router;
}

async function until(check: () => void, timeout = 3000): Promise<void> {
  const start = Date.now();
  for (;;) {
    try {
      check();
      return;
    } catch (error) {
      if (Date.now() - start > timeout) throw error;
      await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
    }
  }
}

const text = () => container.textContent ?? "";
const rowSymbols = () =>
  [...container.querySelectorAll("tbody tr")].map((tr) => tr.querySelector(".coins-col-symbol")?.textContent);

function button(name: string): HTMLButtonElement {
  const found = [...container.querySelectorAll("button")].find(
    (b) => (b.getAttribute("aria-label") ?? b.textContent) === name,
  );
  if (!found) throw new Error(`no button ${name}`);
  return found;
}

function header(label: string): HTMLTableCellElement {
  const found = [...container.querySelectorAll<HTMLTableCellElement>("thead th")].find((th) =>
    th.textContent?.includes(label),
  );
  if (!found) throw new Error(`no header ${label}`);
  return found;
}

/** Types into a React-controlled input the way the browser reports it: value, then an input event. */
function typeInto(element: HTMLInputElement, value: string): void {
  const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, "value")?.set;
  act(() => {
    setter?.call(element, value);
    element.dispatchEvent(new Event("input", { bubbles: true }));
  });
}

const loaded = () => until(() => expect(rowSymbols()).toHaveLength(3));

describe("CoinsPage", () => {
  it("lists the top coins from one request, with market cap and its age", async () => {
    renderAt("/");
    await loaded();
    expect(rowSymbols()).toEqual(["BTC", "ETH", "XRP"]);
    expect(requests).toEqual(["/v1/coins"]);
    expect(text()).toContain("$1.80T");
    expect(text()).toMatch(/updated 1\d s ago/);
    const xrp = container.querySelectorAll("tbody tr")[2];
    expect(xrp?.lastElementChild?.textContent).toBe("—");
    expect(xrp?.querySelector("a")?.getAttribute("href")).toBe("/symbol/XRP");
  });

  it("sorts by a header, toggling the direction, and says so with aria-sort", async () => {
    const router = renderAt("/");
    await loaded();
    expect(header("#").getAttribute("aria-sort")).toBe("ascending");
    act(() => header("Price").querySelector("button")?.click());
    expect(router.state.location.search).toBe("?sort=price&dir=desc");
    expect(header("Price").getAttribute("aria-sort")).toBe("descending");
    expect(header("#").getAttribute("aria-sort")).toBe("none");
    act(() => header("Price").querySelector("button")?.click());
    expect(router.state.location.search).toBe("?sort=price&dir=asc");
    expect(rowSymbols()).toEqual(["XRP", "ETH", "BTC"]);
  });

  it("searches in place (no history entry) and reaches coins known only by name", async () => {
    const router = renderAt("/?sort=name");
    await loaded();
    const search = container.querySelector<HTMLInputElement>('input[type="search"]') as HTMLInputElement;
    typeInto(search, "eth");
    await until(() => expect(router.state.location.search).toBe("?q=eth&sort=name&dir=asc"));
    expect(router.state.historyAction).toBe("REPLACE");
    expect(rowSymbols()).toEqual(["ETH", "ETC"]);
    expect(text()).toContain("not in top 50");
    expect(container.querySelector('a[href="/symbol/ETC"]')?.textContent).toBe("Ethereum Classic");
    expect(requests).toHaveLength(1);
  });

  it("keeps favourites in the settings and filters to them", async () => {
    const router = renderAt("/");
    await loaded();
    const star = button("Favourite Ethereum (ETH)");
    act(() => star.click());
    expect(star.getAttribute("aria-pressed")).toBe("true");
    expect(store.get().favourites).toEqual(["ETH"]);
    const only = container.querySelector<HTMLInputElement>('input[type="checkbox"]') as HTMLInputElement;
    act(() => only.click());
    expect(router.state.location.search).toBe("?fav=1");
    expect(rowSymbols()).toEqual(["ETH"]);
    act(() => button("Favourite Ethereum (ETH)").click());
    expect(text()).toContain("No favourites yet");
  });

  it("shows figures in the chosen currency from the answer's rates", async () => {
    renderAt("/", { currency: "EUR" });
    await loaded();
    expect(container.querySelector("tbody tr td.num:nth-of-type(4)")?.textContent).toMatch(/€/);
    expect(text()).toContain("€45,000.00");
    expect(text()).not.toContain("no EUR rate");
  });

  it("falls back to USD when the chosen currency has no rate, and says so", async () => {
    renderAt("/", { currency: "JPY" });
    await loaded();
    expect(text()).toContain("has no JPY rate, so figures are in USD");
    expect(text()).toContain("$90,000.00");
    const select = container.querySelector("select") as HTMLSelectElement;
    expect(select.value).toBe("JPY");
    expect([...select.options].map((o) => o.textContent)).toEqual(["USD", "EUR", "JPY (no rate)"]);
  });
});
