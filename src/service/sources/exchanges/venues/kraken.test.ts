import { describe, expect, it } from "vitest";
import { ccxtExchange } from "../ccxt-exchange.ts";
import { fakeCandles } from "../testing/fake-candles.ts";
import { FakeExchange } from "../testing/fake-exchange.ts";
import type { FakeCandle } from "../testing/fake-protocol.ts";
import { describeVenueConformance } from "../testing/venue-conformance.ts";
import { T0 } from "../testing/venue-trades.ts";
import { kraken } from "./kraken.ts";
import { krakenProtocol } from "./testing/kraken.fake.ts";

describeVenueConformance({
  venue: kraken,
  protocol: krakenProtocol,
  markets: [
    { id: "XXBTZUSD", base: "XXBT", quote: "ZUSD" },
    { id: "XETHZUSD", base: "XETH", quote: "ZUSD" },
    { id: "XXBTZEUR", base: "XXBT", quote: "ZEUR" },
    { id: "XBTUSDT", base: "XXBT", quote: "USDT" },
    { id: "XETHXXBT", base: "XETH", quote: "XXBT" },
    { id: "USDTZUSD", base: "USDT", quote: "ZUSD" },
  ],
  expectedMarkets: [
    { symbol: "BTC/USD", base: "BTC", quote: "USD", foreignName: "BTC/USD" },
    { symbol: "BTC/USDT", base: "BTC", quote: "USDT", foreignName: "BTC/USDT" },
    { symbol: "ETH/BTC", base: "ETH", quote: "BTC", foreignName: "ETH/BTC" },
    { symbol: "USDT/USD", base: "USDT", quote: "USD", foreignName: "USDT/USD" },
  ],
  traded: { symbol: "BTC/USD", pair: "XXBTZUSD" },
  tradeId: (n) => String(76_123_400 + n),
  since: "exchange",
  unWatch: false,
  misspelledSubscribe: {
    wsPath: "/v2",
    message: JSON.stringify({
      method: "subscribe",
      params: { channel: "trade", symbol: ["XBT/USD"] },
      req_id: 1,
    }),
  },
});

describe("Kraken's candles", () => {
  it("answers only the newest 720 of an interval: hourly candles reach back 30 days", async () => {
    const hours = fakeCandles("XXBTZUSD", "1h", T0 - 40 * 86_400_000, T0);
    const fake = await FakeExchange.start(krakenProtocol, {
      markets: [{ id: "XXBTZUSD", base: "XXBT", quote: "ZUSD" }],
      candles: hours,
      nowMs: () => T0,
    });
    const exchange = await ccxtExchange(kraken, new URL(fake.origin));
    try {
      const oldest = hours[0] as FakeCandle;
      const answered = await exchange.fetchOHLCV("BTC/USD", "1h", oldest.openMs, 720);
      expect(answered.map((k) => k[0])).toEqual(hours.slice(-720).map((c) => c.openMs));
    } finally {
      await exchange.close();
      await fake.close();
    }
  });
});
