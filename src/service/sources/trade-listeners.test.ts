import { describe, expect, it } from "vitest";
import type { SourceTrade, TradeListener } from "../market/trade-source.ts";
import { TradeListeners } from "./trade-listeners.ts";

const trade: SourceTrade = {
  symbol: "BTC",
  exchange: "Binance",
  pair: "BTCUSDT",
  timeMs: 1_762_171_200_000,
  price: 60_000,
  volume: 0.5,
  estimatedUSDPrice: 60_000,
  foreignTradeID: "1",
};

describe("TradeListeners", () => {
  it("tells the others when a listener throws, and logs it", () => {
    const lines: string[] = [];
    const listeners = new TradeListeners((line) => lines.push(line));
    const heard: (readonly SourceTrade[])[] = [];
    listeners.add(() => {
      throw new Error("the stream is gone");
    });
    listeners.add((trades) => heard.push(trades));
    listeners.tell([trade]);
    expect(heard).toEqual([[trade]]);
    expect(lines).toEqual(["trades: a listener failed: the stream is gone"]);
  });

  it("tells nothing to a listener stopped meanwhile, and each follow of one function apart", () => {
    const listeners = new TradeListeners();
    const heard: string[] = [];
    const twice: TradeListener = () => heard.push("twice");
    const stopFirst = listeners.add(twice);
    let stopLast = () => {};
    listeners.add(() => {
      heard.push("stopper");
      stopLast();
    });
    stopLast = listeners.add(() => heard.push("stopped"));
    listeners.add(twice);
    listeners.tell([trade]);
    expect(heard).toEqual(["twice", "stopper", "twice"]);
    stopFirst();
    heard.length = 0;
    listeners.tell([trade]);
    listeners.tell([]);
    expect(heard).toEqual(["stopper", "twice"]);
    expect(listeners.size).toBe(2);
  });
});
