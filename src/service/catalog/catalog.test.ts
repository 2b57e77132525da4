import { describe, expect, it } from "vitest";
import { COINS, EXCHANGES, exchangeByName, nameForSymbol } from "./catalog.ts";

const coinBySymbol = (symbol: string) => COINS.find((c) => c.symbol === symbol);

import { PAIRS } from "./catalog-pairs.ts";
import { foreignPairName } from "./pair-names.ts";

describe("COINS", () => {
  it("has at least 24 coins with unique, comma-free symbols and names", () => {
    expect(COINS.length).toBeGreaterThanOrEqual(24);
    expect(new Set(COINS.map((c) => c.symbol)).size).toBe(COINS.length);
    for (const c of COINS) {
      expect(c.symbol).toMatch(/^[A-Z0-9]+$/);
      expect(c.name).not.toContain(",");
      expect(c.basePriceUSD).toBeGreaterThan(0);
      expect(c.circulatingSupply).toBeGreaterThan(0);
      expect(c.liquidity).toBeGreaterThan(0);
      expect(c.liquidity).toBeLessThanOrEqual(1);
      expect(c.volume24hUSD).toBeGreaterThan(0);
    }
  });

  it("has realistic late-2025 figures for the big coins", () => {
    const btc = coinBySymbol("BTC");
    const eth = coinBySymbol("ETH");
    expect(btc?.basePriceUSD).toBeGreaterThan(60_000);
    expect(btc?.basePriceUSD).toBeLessThan(130_000);
    expect(btc?.circulatingSupply).toBeGreaterThan(19_800_000);
    expect(btc?.circulatingSupply).toBeLessThan(20_000_000);
    expect(btc?.dailyVolatility).toBeCloseTo(0.025, 3);
    expect(eth?.basePriceUSD).toBeGreaterThan(2_000);
    expect(eth?.basePriceUSD).toBeLessThan(5_000);
    expect(eth?.circulatingSupply).toBeGreaterThan(115_000_000);
    expect(eth?.circulatingSupply).toBeLessThan(125_000_000);
    for (const symbol of [
      "BNB",
      "SOL",
      "XRP",
      "ADA",
      "DOGE",
      "TRX",
      "AVAX",
      "LINK",
      "DOT",
      "LTC",
      "XMR",
      "EOS",
    ]) {
      expect(coinBySymbol(symbol), symbol).toBeDefined();
    }
  });

  it("prices stablecoins at 1 with tiny volatility and alts at 4–7 % a day", () => {
    for (const symbol of ["USDT", "USDC"]) {
      const c = coinBySymbol(symbol);
      expect(c?.stablecoin).toBe(true);
      expect(c?.basePriceUSD).toBe(1);
      expect(c?.dailyVolatility).toBeLessThan(0.001);
      expect(c?.beta).toBe(0);
    }
    const alts = COINS.filter((c) => !c.stablecoin && !["BTC", "ETH"].includes(c.symbol));
    for (const c of alts) {
      expect(c.dailyVolatility, c.symbol).toBeGreaterThanOrEqual(0.04);
      expect(c.dailyVolatility, c.symbol).toBeLessThanOrEqual(0.07);
    }
  });
});

describe("EXCHANGES", () => {
  it("has at least the ten named exchanges, with comma-free names", () => {
    const names = EXCHANGES.map((e) => e.name);
    expect(names.length).toBeGreaterThanOrEqual(10);
    for (const name of [
      "Binance",
      "Coinbase",
      "Kraken",
      "Bitfinex",
      "Bitstamp",
      "OKX",
      "Huobi",
      "GateIO",
      "KuCoin",
      "Bybit",
    ]) {
      expect(names).toContain(name);
    }
    for (const e of EXCHANGES) {
      expect(e.name).not.toContain(",");
      expect(Math.abs(e.premiumBp)).toBeLessThanOrEqual(10);
      expect(e.spreadBp).toBeGreaterThan(0);
      expect(e.size).toBeGreaterThan(0);
    }
  });

  it("uses the quote currencies of the real exchanges", () => {
    expect(exchangeByName("Binance")?.quotes).toEqual(["USDT", "USDC", "BTC"]);
    expect(exchangeByName("Coinbase")?.quotes).toEqual(["USD", "EUR", "USDC"]);
    expect(exchangeByName("Kraken")?.quotes).toEqual(["USD", "EUR"]);
    expect(exchangeByName("Bitstamp")?.quotes).toEqual(["USD", "EUR"]);
    expect(exchangeByName("Bitfinex")?.quotes).toEqual(["USD", "USDT"]);
  });
});

describe("PAIRS", () => {
  it("only names coins and exchanges of the catalog, with quotes the exchange uses", () => {
    for (const p of PAIRS) {
      const exchange = exchangeByName(p.exchange);
      expect(coinBySymbol(p.symbol), p.symbol).toBeDefined();
      expect(exchange, p.exchange).toBeDefined();
      expect(exchange?.quotes).toContain(p.quote);
      expect(p.foreignName).not.toContain(",");
    }
  });

  it("never quotes a coin in itself; stablecoins trade against fiat or the other stablecoin", () => {
    for (const p of PAIRS) {
      expect(p.quote).not.toBe(p.symbol);
      if (p.symbol === "USDT") expect(["USD", "EUR"]).toContain(p.quote);
      if (p.symbol === "USDC") expect(["USD", "EUR", "USDT"]).toContain(p.quote);
    }
  });

  it("lists every coin on at least 3 exchanges (ignoring thin pairs) and 12+ coins per exchange", () => {
    for (const c of COINS) {
      const exchanges = new Set(
        PAIRS.filter((p) => p.symbol === c.symbol && !p.ignore).map((p) => p.exchange),
      );
      expect(exchanges.size, c.symbol).toBeGreaterThanOrEqual(3);
    }
    for (const e of EXCHANGES) {
      const coins = new Set(PAIRS.filter((p) => p.exchange === e.name).map((p) => p.symbol));
      expect(coins.size, e.name).toBeGreaterThanOrEqual(12);
    }
  });

  it("lists the big coins everywhere in several quote currencies, the small ones on fewer exchanges", () => {
    const btc = PAIRS.filter((p) => p.symbol === "BTC");
    expect(new Set(btc.map((p) => p.exchange)).size).toBe(EXCHANGES.length);
    expect(new Set(btc.map((p) => p.quote)).size).toBeGreaterThanOrEqual(3);
    const eos = PAIRS.filter((p) => p.symbol === "EOS");
    expect(new Set(eos.map((p) => p.exchange)).size).toBeLessThan(EXCHANGES.length);
  });

  it("has unique (exchange, foreign name) and (exchange, symbol, quote)", () => {
    expect(new Set(PAIRS.map((p) => `${p.exchange}|${p.foreignName}`)).size).toBe(PAIRS.length);
    expect(new Set(PAIRS.map((p) => `${p.exchange}|${p.symbol}|${p.quote}`)).size).toBe(PAIRS.length);
  });

  it("marks 3 to 6 thin pairs as ignored", () => {
    const ignored = PAIRS.filter((p) => p.ignore);
    expect(ignored.length).toBeGreaterThanOrEqual(3);
    expect(ignored.length).toBeLessThanOrEqual(6);
  });

  it("spells pairs the way each exchange does, keeping the plain symbol", () => {
    const find = (exchange: string, symbol: string, quote: string) =>
      PAIRS.find((p) => p.exchange === exchange && p.symbol === symbol && p.quote === quote)?.foreignName;
    expect(find("Binance", "BTC", "USDT")).toBe("BTCUSDT");
    expect(find("Coinbase", "ETH", "EUR")).toBe("ETH-EUR");
    expect(find("Kraken", "BTC", "USD")).toBe("XBT/USD");
    expect(find("Kraken", "DOGE", "USD")).toBe("XDG/USD");
    expect(find("Bitstamp", "BTC", "USD")).toBe("btcusd");
    expect(find("GateIO", "SOL", "USDT")).toBe("SOL_USDT");
    expect(find("Bitfinex", "BTC", "USDT")).toBe("tBTCUST");
    expect(foreignPairName("bitfinex", "DOGE", "USD")).toBe("tDOGE:USD");
  });
});

describe("helpers", () => {
  it("names symbols, and an unknown symbol is its own name", () => {
    expect(nameForSymbol("BTC")).toBe("Bitcoin");
    expect(nameForSymbol("ETH")).toBe("Ethereum");
    expect(nameForSymbol("NOPE")).toBe("NOPE");
    expect(coinBySymbol("NOPE")).toBeUndefined();
    expect(coinBySymbol("btc")).toBeUndefined();
  });
});
