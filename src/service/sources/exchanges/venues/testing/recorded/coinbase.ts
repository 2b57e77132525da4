// Coinbase Exchange's recording as its documentation reads it (docs.cdp.coinbase.com, Exchange REST "Get all
// known trading pairs", "Get product trades", "Get product candles").
import { coinbase } from "../../coinbase.ts";
import { coinbaseProtocol } from "../coinbase.fake.ts";
import { candleRows, list, num, type RecordedVenue, sideOf, text } from "./recordings.ts";

export const coinbaseRecorded: RecordedVenue = {
  venue: coinbase,
  protocol: coinbaseProtocol,
  file: "coinbase",
  fakeMarket: (id, info) => ({ id, base: text(info, "base_currency"), quote: text(info, "quote_currency") }),
  markets: { path: "/products", answer: (entries) => entries.map((e) => e.info) },
  pairOf: (id, info) =>
    text(info, "status") === "online"
      ? { symbol: text(info, "base_currency"), quote: text(info, "quote_currency"), pair: id }
      : null,
  tradesPath: "/products/BTC-USDT/trades",
  // `side` is the maker's: "sell" means a buyer took a resting sell order.
  tradesOf: (answer) =>
    list(answer).map((t) => ({
      id: text(t, "trade_id"),
      timeMs: Date.parse(text(t, "time")),
      price: num(t, "price"),
      amount: num(t, "size"),
      side: sideOf(text(t, "side")) === "sell" ? "buy" : "sell",
    })),
  candlesPaths: ["/products/BTC-USDT/candles"],
  // [time (s), low, high, open, close, volume].
  candlesOf: (answer) => candleRows(list(answer), [0, 3, 2, 1, 4, 5], 1000),
};
