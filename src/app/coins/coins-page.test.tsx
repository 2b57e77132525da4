// @vitest-environment jsdom
// The page against a fake service: one request, and what search, sort, favourites and currency do.
import { act, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { Coin, Coins } from "../../interface/resources.ts";
import { formatDateTimeIn } from "../format/time-zone.ts";
import { fakeService, type Page, renderPage, resetPage, type Service } from "../testing/page-harness.tsx";
import { CoinsPage } from "./coins-page.tsx";
import { TYPED_SEARCH } from "./coins-toolbar.tsx";

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

beforeEach(() => {
  service = fakeService((url) =>
    url.pathname === "/v1/coins"
      ? { status: 200, body: COINS }
      : { status: 404, body: { errorcode: 404, errormessage: "no route" } },
  );
});

afterEach(resetPage);

function renderAt(entry: string, settings: Record<string, unknown> = {}): Page {
  return renderPage({
    routes: [
      { path: "/", Component: CoinsPage },
      { path: "/symbol/:symbol", Component: () => <p>symbol page</p> },
    ],
    entry,
    settings,
  });
}

const table = () => screen.getByRole("table", { name: /^Coins, sorted by/ });
/** The coins listed, top to bottom, by the name each row links with. */
const rowNames = () =>
  within(table())
    .getAllByRole("rowheader")
    .map((cell) => within(cell).getByRole("link").textContent);
const rowOf = (name: string) => screen.getByRole("link", { name }).closest("tr") as HTMLTableRowElement;
const header = (name: string) => screen.getByRole("columnheader", { name });
const sortBy = (user: Page["user"], name: string) =>
  user.click(within(header(name)).getByRole("button", { name }));

const loaded = async () => {
  await screen.findByRole("table");
  expect(rowNames()).toHaveLength(3);
};

describe("CoinsPage", () => {
  it("turns an answer it cannot read into a clear message with a way to try again, not a blank page", async () => {
    service = fakeService(() => ({ status: 200, body: { coins: "not a list", completeCoinList: [] } }));
    renderAt("/");
    const alert = await screen.findByRole("alert");
    expect(alert).toHaveTextContent("The service's answer could not be read");
    expect(alert).toHaveTextContent("coins");
    expect(screen.getByRole("button", { name: "Try again" })).toBeEnabled();
    expect(service.requests).toEqual(["/v1/coins"]);
  });

  it("lists the top coins from one request, with market cap and its age", async () => {
    const { user } = renderAt("/", { timeZone: "UTC" });
    await loaded();
    expect(rowNames()).toEqual(["Bitcoin", "Ethereum", "XRP"]);
    expect(service.requests).toEqual(["/v1/coins"]);
    expect(within(rowOf("Bitcoin")).getByRole("cell", { name: "$1.80T" })).toBeInTheDocument();
    const age = screen.getByText(/^1\d s ago$/);
    expect(age.parentElement).toHaveTextContent(/^updated 1\d s ago$/);
    // The full time is the tooltip, written when the pointer comes (not on the first paint), in the time
    // zone setting and naming it.
    expect(age).not.toHaveAttribute("title");
    await user.hover(age);
    const seconds = Date.parse(COINS.coins[0]?.time ?? "") / 1000;
    expect(age).toHaveAttribute("title", `${formatDateTimeIn(seconds, "UTC", { seconds: true })} UTC`);
    expect(within(rowOf("XRP")).getAllByRole("cell").at(-1)).toHaveTextContent(/^—$/);
    expect(screen.getByRole("link", { name: "XRP" })).toHaveAttribute("href", "/symbol/XRP");
  });

  it("sorts by a header, toggling the direction, and says so with aria-sort", async () => {
    const { router, user } = renderAt("/");
    await loaded();
    expect(header("Rank")).toHaveAttribute("aria-sort", "ascending");
    await sortBy(user, "Price");
    expect(router.state.location.search).toBe("?sort=price&dir=desc");
    expect(header("Price")).toHaveAttribute("aria-sort", "descending");
    expect(header("Rank")).toHaveAttribute("aria-sort", "none");
    expect(table()).toHaveAccessibleName("Coins, sorted by price, descending; figures in USD");
    await sortBy(user, "Price");
    expect(router.state.location.search).toBe("?sort=price&dir=asc");
    expect(rowNames()).toEqual(["XRP", "Ethereum", "Bitcoin"]);
  });

  it("searches in place (no history entry) and reaches coins known only by name", async () => {
    const { router, user } = renderAt("/?sort=name");
    await loaded();
    await user.type(screen.getByRole("searchbox", { name: "Search coins" }), "eth");
    await waitFor(() => expect(router.state.location.search).toBe("?q=eth&sort=name&dir=asc"));
    expect(router.state.historyAction).toBe("REPLACE");
    expect(rowNames()).toEqual(["Ethereum", "Ethereum Classic"]);
    expect(within(rowOf("Ethereum Classic")).getByText("not in top 50")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Ethereum Classic" })).toHaveAttribute("href", "/symbol/ETC");
    expect(screen.getByText("2 coins of 4 match “eth”")).toBeInTheDocument();
    expect(service.requests).toHaveLength(1);
  });

  it("takes a search from the address when it changes from elsewhere, keeping what is typed otherwise", async () => {
    const { router, user } = renderAt("/?q=bit");
    await screen.findByRole("table");
    const search = screen.getByRole("searchbox", { name: "Search coins" });
    expect(search).toHaveValue("bit");
    await user.clear(search);
    await user.type(search, "xr");
    expect(search).toHaveValue("xr");
    await waitFor(() => expect(router.state.location.search).toBe("?q=xr"));
    await user.click(screen.getByRole("link", { name: "XRP" }));
    await screen.findByText("symbol page");
    await act(() => router.navigate(-1));
    expect(await screen.findByRole("searchbox", { name: "Search coins" })).toHaveValue("xr");
    await act(() => router.navigate("/?q=eth"));
    await waitFor(() => expect(screen.getByRole("searchbox", { name: "Search coins" })).toHaveValue("eth"));
    // The router renders each typed address late: an earlier keystroke's must not undo what was typed since.
    await user.type(screen.getByRole("searchbox", { name: "Search coins" }), "er");
    await act(() => router.navigate("/?q=ethe", { replace: true, state: TYPED_SEARCH }));
    expect(screen.getByRole("searchbox", { name: "Search coins" })).toHaveValue("ether");
  });

  it("keeps favourites in the settings and filters to them", async () => {
    const { router, store, user } = renderAt("/");
    await loaded();
    const star = screen.getByRole("button", { name: "Favourite Ethereum (ETH)" });
    await user.click(star);
    expect(star).toHaveAttribute("aria-pressed", "true");
    expect(store.get().favourites).toEqual(["ETH"]);
    await user.click(screen.getByRole("checkbox", { name: /^Favourites only/ }));
    expect(router.state.location.search).toBe("?fav=1");
    expect(rowNames()).toEqual(["Ethereum"]);
    await user.click(screen.getByRole("button", { name: "Favourite Ethereum (ETH)" }));
    expect(screen.getByText(/No favourites yet/)).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Show all coins" }));
    expect(router.state.location.search).toBe("");
    expect(rowNames()).toHaveLength(3);
  });

  it("shows figures in the chosen currency from the answer's rates", async () => {
    renderAt("/", { currency: "EUR" });
    await loaded();
    expect(within(rowOf("Bitcoin")).getByRole("cell", { name: "€45,000.00" })).toBeInTheDocument();
    expect(screen.queryByText(/no EUR rate/)).toBeNull();
  });

  it("falls back to USD when the chosen currency has no rate, and says so", async () => {
    renderAt("/", { currency: "JPY" });
    await loaded();
    expect(screen.getByText(/has no JPY rate, so figures are in USD/)).toBeInTheDocument();
    expect(within(rowOf("Bitcoin")).getByRole("cell", { name: "$90,000.00" })).toBeInTheDocument();
    const currency = screen.getByRole("combobox", { name: "Currency" });
    expect(currency).toHaveValue("JPY");
    expect(
      within(currency)
        .getAllByRole("option")
        .map((option) => option.textContent),
    ).toEqual(["USD", "EUR", "JPY (no rate)"]);
  });
});

describe("a real market's first minutes", () => {
  it("asks again every 30 s while the list is empty, and shows a coin once the service has its price", async () => {
    let answers = 0;
    service = fakeService((url) => {
      if (url.pathname !== "/v1/coins")
        return { status: 404, body: { errorcode: 404, errormessage: "no route" } };
      answers += 1;
      // The first answer before any price is known; from the second, the service has Bitcoin's first trade.
      const coins = answers === 1 ? [] : [coin("BTC", "Bitcoin", 90_000, 20e6)];
      return { status: 200, body: { ...COINS, coins } };
    });
    renderAt("/");
    await waitFor(() => expect(answers).toBe(1));
    await act(() => vi.advanceTimersByTimeAsync(29_000));
    expect(answers).toBe(1);
    await act(() => vi.advanceTimersByTimeAsync(2_000));
    expect(await screen.findByRole("link", { name: "Bitcoin" })).toBeVisible();
    expect(answers).toBe(2);
    // Listed: once a block again, not every 30 s.
    await act(() => vi.advanceTimersByTimeAsync(60_000));
    expect(answers).toBe(2);
  });
});
