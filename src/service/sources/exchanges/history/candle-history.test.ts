import { describe, expect, it } from "vitest";
import { type Candle, MinutePrices, type PairCandles, tradesOfCandle } from "./candle-history.ts";

const MINUTE = Date.UTC(2026, 10, 20, 12, 0);

describe("a candle as trades", () => {
  it("walks open, low, high, close in a rising minute, a quarter of the volume each, as buys", () => {
    expect(tradesOfCandle([MINUTE, 100, 110, 95, 105, 8])).toEqual([
      { timeMs: MINUTE, price: 100, amount: 2, side: "buy" },
      { timeMs: MINUTE + 20_000, price: 95, amount: 2, side: "buy" },
      { timeMs: MINUTE + 40_000, price: 110, amount: 2, side: "buy" },
      { timeMs: MINUTE + 59_000, price: 105, amount: 2, side: "buy" },
    ]);
  });

  it("walks the high first in a falling minute, as sells, and a minute without volume is no trade", () => {
    expect(tradesOfCandle([MINUTE, 100, 110, 95, 97, 4]).map((t) => [t.price, t.side])).toEqual([
      [100, "sell"],
      [110, "sell"],
      [95, "sell"],
      [97, "sell"],
    ]);
    expect(tradesOfCandle([MINUTE, 100, 100, 100, 100, 0])).toEqual([]);
  });
});

describe("a quote's USD price in a minute of history", () => {
  const pair = (symbol: string, quote: "USD" | "USDT" | "EUR" | "BTC"): PairCandles["pair"] => ({
    ccxtSymbol: `${symbol}/${quote}`,
    symbol,
    quote,
    pair: `${symbol}${quote}`,
  });
  const of = (symbol: string, quote: "USD" | "USDT" | "EUR" | "BTC", close: number): PairCandles => ({
    exchange: "Kraken",
    pair: pair(symbol, quote),
    candles: [[MINUTE, close, close, close, close, 1] as Candle],
  });

  it("prices the euro by BTC's dollar close over its euro close of the same minute, else by the FX rate", () => {
    const prices = new MinutePrices([of("BTC", "USD", 60_000), of("BTC", "EUR", 50_000)], () => 0.8);
    expect(prices.quoteInUsd("EUR", MINUTE)).toBe(1.2);
    expect(prices.quoteInUsd("EUR", MINUTE + 60_000)).toBe(1.25);
  });

  it("prices BTC by its dollar close, USDT at the peg without a market of its own, USD at 1", () => {
    const prices = new MinutePrices([of("BTC", "USDT", 61_000)], () => null);
    expect(prices.quoteInUsd("BTC", MINUTE)).toBe(61_000);
    expect(prices.quoteInUsd("BTC", MINUTE + 60_000)).toBeNull();
    expect(prices.quoteInUsd("USDT", MINUTE)).toBe(1);
    expect(prices.quoteInUsd("USD", MINUTE)).toBe(1);
    expect(prices.quoteInUsd("EUR", MINUTE)).toBeNull();
  });
});

describe("an hourly or daily candle as trades", () => {
  it("walks the same path through the last block (120 s) of its hour or day", () => {
    const day = Date.UTC(2026, 10, 20);
    const lastBlock = day + 86_400_000 - 120_000;
    expect(tradesOfCandle([day, 100, 110, 95, 97, 4], 86_400_000)).toEqual([
      { timeMs: lastBlock, price: 100, amount: 1, side: "sell" },
      { timeMs: lastBlock + 40_000, price: 110, amount: 1, side: "sell" },
      { timeMs: lastBlock + 80_000, price: 95, amount: 1, side: "sell" },
      { timeMs: lastBlock + 119_000, price: 97, amount: 1, side: "sell" },
    ]);
  });
});
