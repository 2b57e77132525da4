import { describe, expect, it } from "vitest";
import type { Coin, Coins } from "../../interface/resources.ts";
import {
  buildRows,
  type CoinRow,
  liveFigures,
  matchesSearch,
  newestTime,
  selectRows,
  sortRows,
  withLivePrices,
} from "./coin-rows.ts";
import { DEFAULT_VIEW } from "./coins-view.ts";

function coin(symbol: string, name: string, price: number, extra: Partial<Coin> = {}): Coin {
  return {
    symbol,
    name,
    price,
    priceYesterday: price / 2,
    volumeYesterdayUSD: price * 1000,
    time: "2026-11-22T11:46:00.250Z",
    circulatingSupply: 100,
    ...extra,
  };
}

const coins: Coins = {
  completeCoinList: [
    { symbol: "BTC", name: "Bitcoin" },
    { symbol: "ETH", name: "Ethereum" },
    { symbol: "USDT", name: "Tether" },
    { symbol: "ETC", name: "Ethereum Classic" },
    { symbol: "EOS", name: "EOS" },
  ],
  change: null,
  coins: [
    coin("BTC", "Bitcoin", 100),
    coin("ETH", "Ethereum", 10, { time: "2026-11-22T11:48:00.000Z" }),
    coin("USDT", "Tether", 1, { priceYesterday: null, volumeYesterdayUSD: null, circulatingSupply: null }),
  ],
};

const usd = { rate: 1, rateYesterday: 1 };
const fail = (): never => {
  throw new Error("a listed row without its live basis");
};
const symbols = (rows: readonly CoinRow[]) => rows.map((row) => row.symbol);

describe("buildRows", () => {
  it("makes a row per coin: the listed ones with figures, then those known only by name", () => {
    const rows = buildRows(coins, usd);
    expect(symbols(rows)).toEqual(["BTC", "ETH", "USDT", "ETC", "EOS"]);
    expect(rows[0]).toEqual({
      symbol: "BTC",
      name: "Bitcoin",
      rank: 1,
      listed: true,
      price: 100,
      change: 100,
      volume: 100_000,
      supply: 100,
      cap: 10_000,
      live: { priceYesterday: 50, supply: 100, fx: usd },
    });
    expect(rows[3]).toMatchObject({
      symbol: "ETC",
      rank: 4,
      listed: false,
      price: null,
      cap: null,
      live: null,
    });
  });

  it("makes a listed row's price, change and cap again from a live USD price, in the display currency", () => {
    const euro = { rate: 0.5, rateYesterday: 0.25 };
    const [btc] = buildRows(coins, euro);
    // Yesterday 50 USD at 0.25 = 12.5; now 120 USD at 0.5 = 60: +380 %.
    expect(liveFigures(btc?.live ?? fail(), 120)).toEqual({ price: 60, change: 380, cap: 6000 });
    const [, , usdt] = buildRows(coins, usd);
    expect(liveFigures(usdt?.live ?? fail(), 1.01)).toEqual({ price: 1.01, change: null, cap: null });
  });

  it("leaves unknown figures empty: no supply, no market cap", () => {
    expect(buildRows(coins, usd)[2]).toMatchObject({ change: null, volume: null, supply: null, cap: null });
  });

  it("converts prices, volume and cap by today's rate and yesterday's price by yesterday's", () => {
    const [btc] = buildRows(coins, { rate: 2, rateYesterday: 1 });
    expect(btc).toMatchObject({ price: 200, volume: 200_000, cap: 20_000, supply: 100 });
    // 200 today against 50 × 1 yesterday.
    expect(btc?.change).toBeCloseTo(300);
  });
});

describe("matchesSearch", () => {
  it("finds symbol or name, any case, ignoring surrounding spaces", () => {
    expect(matchesSearch({ symbol: "ETH", name: "Ethereum" }, " eth ")).toBe(true);
    expect(matchesSearch({ symbol: "BTC", name: "Bitcoin" }, "COIN")).toBe(true);
    expect(matchesSearch({ symbol: "BTC", name: "Bitcoin" }, "eth")).toBe(false);
    expect(matchesSearch({ symbol: "BTC", name: "Bitcoin" }, "")).toBe(true);
  });
});

describe("selectRows", () => {
  const rows = buildRows(coins, usd);

  it("shows the top list only without a search", () => {
    expect(symbols(selectRows(rows, DEFAULT_VIEW, []))).toEqual(["BTC", "ETH", "USDT"]);
  });

  it("searches the complete list too", () => {
    expect(symbols(selectRows(rows, { ...DEFAULT_VIEW, q: "eth" }, []))).toEqual(["ETH", "USDT", "ETC"]);
    expect(symbols(selectRows(rows, { ...DEFAULT_VIEW, q: "eos" }, []))).toEqual(["EOS"]);
  });

  it("keeps favourites only, listed or not, and searches within them", () => {
    const favourites = ["EOS", "BTC", "GONE"];
    expect(symbols(selectRows(rows, { ...DEFAULT_VIEW, fav: true }, favourites))).toEqual(["BTC", "EOS"]);
    expect(symbols(selectRows(rows, { ...DEFAULT_VIEW, fav: true, q: "bit" }, favourites))).toEqual(["BTC"]);
    expect(selectRows(rows, { ...DEFAULT_VIEW, fav: true }, [])).toEqual([]);
  });

  it("sorts as the view says", () => {
    expect(symbols(selectRows(rows, { ...DEFAULT_VIEW, sort: "price", dir: "asc" }, []))).toEqual([
      "USDT",
      "ETH",
      "BTC",
    ]);
  });
});

describe("sortRows", () => {
  const rows = buildRows(coins, usd);

  it("sorts figures both ways with missing figures last either way", () => {
    expect(symbols(sortRows(rows, "cap", "desc"))).toEqual(["BTC", "ETH", "USDT", "ETC", "EOS"]);
    expect(symbols(sortRows(rows, "cap", "asc"))).toEqual(["ETH", "BTC", "USDT", "ETC", "EOS"]);
  });

  it("sorts names without regard to case and ranks in reverse", () => {
    expect(symbols(sortRows(rows, "name", "asc"))).toEqual(["BTC", "EOS", "ETH", "ETC", "USDT"]);
    expect(symbols(sortRows(rows, "rank", "desc"))).toEqual(["EOS", "ETC", "USDT", "ETH", "BTC"]);
  });

  it("does not change its input", () => {
    const before = symbols(rows);
    sortRows(rows, "price", "asc");
    expect(symbols(rows)).toEqual(before);
  });
});

describe("withLivePrices", () => {
  const rows = buildRows(coins, { rate: 0.5, rateYesterday: 0.5 });

  it("makes a listed row's price, change and cap again from its live price, so a sort orders what is shown", () => {
    const live = withLivePrices(rows, (symbol) => ({ BTC: 4, ETH: 20 })[symbol]);
    expect(live.find((row) => row.symbol === "ETH")).toMatchObject({ price: 10, change: 300, cap: 1000 });
    expect(symbols(sortRows(live, "price", "desc")).slice(0, 3)).toEqual(["ETH", "BTC", "USDT"]);
    expect(symbols(sortRows(rows, "price", "desc")).slice(0, 3)).toEqual(["BTC", "ETH", "USDT"]);
  });

  it("keeps the list's figures where the stream has no price, and a coin known only by name without any", () => {
    const live = withLivePrices(rows, (symbol) => (symbol === "EOS" ? 5 : undefined));
    expect(live).toEqual(rows);
  });
});

describe("newestTime", () => {
  it("is the newest coin time, or null without coins", () => {
    expect(newestTime(coins)).toBe("2026-11-22T11:48:00.000Z");
    expect(newestTime({ ...coins, coins: [] })).toBeNull();
  });
});
