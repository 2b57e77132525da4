// @vitest-environment jsdom
// The page against a fake service: one request, and what search, sort, favourites and currency do.
import { act } from "react";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { Coin, Coins } from "../../../interface/resources.ts";
import {
  cleanup,
  fakeService,
  type Page,
  renderPage,
  type Service,
  typeInto,
  until,
} from "../../testing/page-harness.tsx";
import { CoinsPage } from "./coins-page.tsx";

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

let service: Service;
let page: Page;

beforeEach(() => {
  service = fakeService((url) =>
    url.pathname === "/v1/coins"
      ? { status: 200, body: COINS }
      : { status: 404, body: { errorcode: 404, errormessage: "no route" } },
  );
});

afterEach(cleanup);

async function renderAt(entry: string, settings: Record<string, unknown> = {}) {
  page = await renderPage({
    routes: [
      { path: "/", Component: CoinsPage },
      { path: "/symbol/:symbol", Component: () => <p>symbol page</p> },
    ],
    entry,
    settings,
  });
  return page.router;
}

const text = () => page.text();
const rowSymbols = () =>
  [...page.container.querySelectorAll("tbody tr")].map(
    (tr) => tr.querySelector(".coins-col-symbol")?.textContent,
  );

function button(name: string): HTMLButtonElement {
  const found = [...page.container.querySelectorAll("button")].find(
    (b) => (b.getAttribute("aria-label") ?? b.textContent) === name,
  );
  if (!found) throw new Error(`no button ${name}`);
  return found;
}

function header(label: string): HTMLTableCellElement {
  const found = [...page.container.querySelectorAll<HTMLTableCellElement>("thead th")].find((th) =>
    th.textContent?.includes(label),
  );
  if (!found) throw new Error(`no header ${label}`);
  return found;
}

const loaded = () => until(() => expect(rowSymbols()).toHaveLength(3));

describe("CoinsPage", () => {
  it("turns an answer it cannot read into a clear message with a way to try again, not a blank page", async () => {
    service = fakeService(() => ({ status: 200, body: { coins: "not a list", completeCoinList: [] } }));
    await renderAt("/");
    await until(() => expect(text()).toContain("The service's answer could not be read"));
    expect(text()).toContain("coins");
    expect(page.container.querySelector('[role="alert"]')).not.toBeNull();
    expect(button("Try again")).toBeDefined();
    expect(service.requests).toEqual(["/v1/coins"]);
  });

  it("lists the top coins from one request, with market cap and its age", async () => {
    await renderAt("/");
    await loaded();
    expect(rowSymbols()).toEqual(["BTC", "ETH", "XRP"]);
    expect(service.requests).toEqual(["/v1/coins"]);
    expect(text()).toContain("$1.80T");
    expect(text()).toMatch(/updated 1\d s ago/);
    const xrp = page.container.querySelectorAll("tbody tr")[2];
    expect(xrp?.lastElementChild?.textContent).toBe("—");
    expect(xrp?.querySelector("a")?.getAttribute("href")).toBe("/symbol/XRP");
  });

  it("sorts by a header, toggling the direction, and says so with aria-sort", async () => {
    const router = await renderAt("/");
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
    const router = await renderAt("/?sort=name");
    await loaded();
    const search = page.container.querySelector<HTMLInputElement>('input[type="search"]') as HTMLInputElement;
    typeInto(search, "eth");
    await until(() => expect(router.state.location.search).toBe("?q=eth&sort=name&dir=asc"));
    expect(router.state.historyAction).toBe("REPLACE");
    expect(rowSymbols()).toEqual(["ETH", "ETC"]);
    expect(text()).toContain("not in top 50");
    expect(page.container.querySelector('a[href="/symbol/ETC"]')?.textContent).toBe("Ethereum Classic");
    expect(service.requests).toHaveLength(1);
  });

  it("keeps favourites in the settings and filters to them", async () => {
    const router = await renderAt("/");
    await loaded();
    const star = button("Favourite Ethereum (ETH)");
    act(() => star.click());
    expect(star.getAttribute("aria-pressed")).toBe("true");
    expect(page.store.get().favourites).toEqual(["ETH"]);
    const only = page.container.querySelector<HTMLInputElement>('input[type="checkbox"]') as HTMLInputElement;
    act(() => only.click());
    expect(router.state.location.search).toBe("?fav=1");
    expect(rowSymbols()).toEqual(["ETH"]);
    act(() => button("Favourite Ethereum (ETH)").click());
    expect(text()).toContain("No favourites yet");
  });

  it("shows figures in the chosen currency from the answer's rates", async () => {
    await renderAt("/", { currency: "EUR" });
    await loaded();
    expect(page.container.querySelector("tbody tr td.num:nth-of-type(4)")?.textContent).toMatch(/€/);
    expect(text()).toContain("€45,000.00");
    expect(text()).not.toContain("no EUR rate");
  });

  it("falls back to USD when the chosen currency has no rate, and says so", async () => {
    await renderAt("/", { currency: "JPY" });
    await loaded();
    expect(text()).toContain("has no JPY rate, so figures are in USD");
    expect(text()).toContain("$90,000.00");
    const select = page.container.querySelector("select") as HTMLSelectElement;
    expect(select.value).toBe("JPY");
    expect([...select.options].map((o) => o.textContent)).toEqual(["USD", "EUR", "JPY (no rate)"]);
  });
});
