import { describe, expect, it } from "vitest";
import { BLOCK_SECONDS } from "../../../interface/vocabulary.ts";
import type { SourceTrade, TradeListener } from "../../market/trade-source.ts";
import { type RawTrade, TradeIntake } from "./trade-intake.ts";
import { STABLE_TOLERANCE, UsdPrices } from "./usd-prices.ts";

const BLOCK_MS = BLOCK_SECONDS * 1000;
const FIRST = 14_800_000;
const at = (block: number, seconds: number) => block * BLOCK_MS + seconds * 1000;

function intake(quotations: Record<string, number> = {}, eurPerUsd = 0.9, onTaken?: TradeListener) {
  const usd = new UsdPrices({
    quotation: (s) => quotations[s] ?? null,
    fxRate: (c) => (c === "EUR" ? eurPerUsd : null),
  });
  return new TradeIntake(usd, FIRST, onTaken);
}

let next = 1;
function raw(fields: Partial<RawTrade> = {}): RawTrade {
  return {
    exchange: "Binance",
    symbol: "BTC",
    quote: "USDT",
    pair: "BTCUSDT",
    id: String(next++),
    timeMs: at(FIRST, 10),
    price: 60_000,
    amount: 0.5,
    side: "buy",
    ...fields,
  };
}

describe("TradeIntake", () => {
  it("holds each trade in its block until the block is closed, then hands them over by time", () => {
    const i = intake();
    const late = raw({ timeMs: at(FIRST, 90) });
    const early = raw({ timeMs: at(FIRST, 5), side: "sell" });
    const nextBlock = raw({ timeMs: at(FIRST + 1, 1) });
    for (const t of [late, early, nextBlock]) expect(i.take(t, "stream")).toBe("taken");
    const closed = i.close(FIRST);
    expect(closed.map((t) => t.foreignTradeID)).toEqual([early.id, late.id]);
    expect(closed[0]).toMatchObject({
      volume: -0.5,
      estimatedUSDPrice: 60_000,
      pair: "BTCUSDT",
      exchange: "Binance",
    });
    expect(i.close(FIRST + 1).map((t) => t.foreignTradeID)).toEqual([nextBlock.id]);
  });

  it("counts a trade id seen before once, however it comes back (stream or REST, before or after its block closed)", () => {
    const i = intake();
    const t = raw();
    expect(i.take(t, "stream")).toBe("taken");
    expect(i.take({ ...t }, "rest")).toBe("duplicate");
    i.close(FIRST);
    expect(i.take({ ...t }, "stream")).toBe("duplicate");
    // The same id on another exchange is another trade.
    expect(i.take({ ...t, exchange: "Kraken" }, "stream")).toBe("late");
    expect(i.countsOf("Binance")).toMatchObject({ taken: 1, droppedDuplicate: 2, droppedLate: 0 });
  });

  it("drops a trade of a closed block as late, never moving it into a later block", () => {
    const i = intake();
    i.close(FIRST);
    expect(i.take(raw({ timeMs: at(FIRST, 119) }), "stream")).toBe("late");
    expect(i.take(raw({ timeMs: at(FIRST - 3, 0) }), "rest")).toBe("late");
    expect(i.close(FIRST + 1)).toEqual([]);
    expect(i.countsOf("Binance").droppedLate).toBe(2);
  });

  it("counts trades filled in over REST, and trades per minute", () => {
    const i = intake();
    i.take(raw({ timeMs: at(FIRST, 1) }), "stream");
    i.take(raw({ timeMs: at(FIRST, 61) }), "rest");
    i.take(raw({ timeMs: at(FIRST, 62) }), "rest");
    const counts = i.countsOf("Binance");
    expect(counts).toMatchObject({ taken: 3, filledOverRest: 2, lastTradeMs: at(FIRST, 62) });
    expect([...counts.perMinute.values()]).toEqual([1, 2]);
  });

  it("keeps the newest ten trades of each (coin, exchange) for symbol details, newest first", () => {
    const i = intake();
    for (let s = 0; s < 14; s++) i.take(raw({ timeMs: at(FIRST, s), id: `t${s}` }), "stream");
    i.take(raw({ timeMs: at(FIRST, 2), id: "old" }), "stream");
    expect(i.liveTrades("BTC", "Binance").map((t) => t.foreignTradeID)).toEqual([
      "t13",
      "t12",
      "t11",
      "t10",
      "t9",
      "t8",
      "t7",
      "t6",
      "t5",
      "t4",
    ]);
    expect(i.liveTrades("BTC", "Kraken")).toEqual([]);
  });
});

describe("the trades the intake tells as it takes them", () => {
  it("tells a message's trades taken in one call by time, and a block's told are exactly what its close gives", () => {
    const told: SourceTrade[][] = [];
    const i = intake({}, 0.9, (trades) => told.push([...trades]));
    const seen = raw({ timeMs: at(FIRST, 30) });
    expect(i.take(seen, "stream")).toBe("taken");
    // A message out of order, with a trade seen already, one with no USD price, and two of one millisecond.
    const message = [
      raw({ timeMs: at(FIRST, 50), id: "m1" }),
      raw({ timeMs: at(FIRST, 20), id: "m2" }),
      { ...seen },
      raw({ timeMs: at(FIRST, 40), symbol: "USDC", quote: "USD", price: 1.5, id: "unpriced" }),
      raw({ timeMs: at(FIRST, 50), id: "m3" }),
      raw({ timeMs: at(FIRST + 1, 5), id: "next" }),
    ];
    expect(i.takeAll(message, "stream")).toBe(4);
    // A REST fill after it, with a trade of the same millisecond as the stream's.
    expect(i.takeAll([raw({ timeMs: at(FIRST, 20), id: "r1" }), raw({ id: "m1" })], "rest")).toBe(1);
    // Nothing taken, nothing told.
    expect(i.takeAll([{ ...seen }], "stream")).toBe(0);
    expect(i.take({ ...seen }, "rest")).toBe("duplicate");
    const ids = (trades: readonly SourceTrade[]) => trades.map((t) => t.foreignTradeID);
    expect(told.map(ids)).toEqual([[seen.id], ["m2", "m1", "m3", "next"], ["r1"]]);
    const ofBlock = (block: number) =>
      told
        .flat()
        .filter((t) => Math.floor(t.timeMs / BLOCK_MS) === block)
        .sort((a, b) => a.timeMs - b.timeMs);
    expect(ofBlock(FIRST)).toEqual(i.close(FIRST));
    expect(ofBlock(FIRST + 1)).toEqual(i.close(FIRST + 1));
    expect(ids(ofBlock(FIRST))).toEqual(["m2", "r1", seen.id, "m1", "m3"]);
  });
});

describe("USD prices of a trade's quote", () => {
  it("prices USD at 1, stablecoins at their own quotation or the peg, EUR through the FX rate", () => {
    const i = intake({ USDT: 0.998 });
    i.take(raw({ id: "a", quote: "USDT", price: 100 }), "stream");
    i.take(raw({ id: "b", quote: "USDC", price: 100 }), "stream");
    i.take(raw({ id: "c", quote: "USD", price: 100 }), "stream");
    i.take(raw({ id: "d", quote: "EUR", price: 90 }), "stream");
    expect(i.close(FIRST).map((t) => t.estimatedUSDPrice)).toEqual([99.8, 100, 100, 100]);
  });

  it("prices the euro by the markets (BTC in dollars over BTC in euros), the FX rate only until both traded", () => {
    const i = intake({}, 0.8);
    i.take(raw({ id: "e0", symbol: "ETH", quote: "EUR", price: 2400, timeMs: at(FIRST, 1) }), "stream");
    i.take(raw({ id: "b1", symbol: "BTC", quote: "USD", price: 60_000, timeMs: at(FIRST, 2) }), "stream");
    i.take(raw({ id: "b2", symbol: "BTC", quote: "EUR", price: 50_000, timeMs: at(FIRST, 3) }), "stream");
    i.take(raw({ id: "e1", symbol: "ETH", quote: "EUR", price: 2500, timeMs: at(FIRST, 4) }), "stream");
    expect(i.close(FIRST).map((t) => [t.foreignTradeID, t.estimatedUSDPrice])).toEqual([
      // Before BTC traded in both: the FX rate (0.8 EUR a dollar).
      ["e0", 3000],
      ["b1", 60_000],
      ["b2", 62_500],
      // 60,000 USD / 50,000 EUR: 1.2 dollars a euro.
      ["e1", 3000],
    ]);
  });

  it("prices a BTC quote by the newest BTC trade against a dollar, else the BTC quotation, else not at all", () => {
    const none = intake();
    expect(none.take(raw({ symbol: "ETH", quote: "BTC", price: 0.05 }), "stream")).toBe("unpriced");
    expect(none.countsOf("Binance").droppedUnpriced).toBe(1);
    const quoted = intake({ BTC: 50_000 });
    quoted.take(raw({ id: "e1", symbol: "ETH", quote: "BTC", price: 0.05, timeMs: at(FIRST, 1) }), "stream");
    quoted.take(
      raw({ id: "b1", symbol: "BTC", quote: "USD", price: 62_000, timeMs: at(FIRST, 2) }),
      "stream",
    );
    quoted.take(raw({ id: "e2", symbol: "ETH", quote: "BTC", price: 0.05, timeMs: at(FIRST, 3) }), "stream");
    expect(quoted.close(FIRST).map((t) => [t.foreignTradeID, t.estimatedUSDPrice])).toEqual([
      ["e1", 2500],
      ["b1", 62_000],
      ["e2", 3100],
    ]);
  });

  it("drops a stablecoin trade priced further than the tolerance off its peg", () => {
    const i = intake();
    expect(i.take(raw({ symbol: "USDC", quote: "USD", price: 1 + STABLE_TOLERANCE / 2 }), "stream")).toBe(
      "taken",
    );
    expect(i.take(raw({ symbol: "USDC", quote: "USD", price: 1 + STABLE_TOLERANCE * 2 }), "stream")).toBe(
      "unpriced",
    );
  });
});
