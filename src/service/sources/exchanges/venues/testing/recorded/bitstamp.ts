// Bitstamp's recording as its documentation reads it (bitstamp.net/api, "Market info", "Transactions", "OHLC
// data"). Its market list holds perpetuals too (market_type PERPETUAL), which are not spot pairs.
import { bitstamp } from "../../bitstamp.ts";
import { bitstampProtocol } from "../bitstamp.fake.ts";
import { type DocumentedCandle, field, list, num, type RecordedVenue, text } from "./recordings.ts";

export const bitstampRecorded: RecordedVenue = {
  venue: bitstamp,
  protocol: bitstampProtocol,
  file: "bitstamp",
  fakeMarket: (id, info) => ({
    id,
    base: text(info, "base_currency"),
    quote: text(info, "counter_currency"),
  }),
  markets: { path: "/api/v2/markets/", answer: (entries) => entries.map((e) => e.info) },
  pairOf: (id, info) =>
    text(info, "market_type") === "SPOT" && text(info, "trading") === "Enabled"
      ? { symbol: text(info, "base_currency"), quote: text(info, "counter_currency"), pair: id }
      : null,
  tradesPath: "/api/v2/transactions/btcusdt/",
  // tid, date (s), price, amount, type: 0 buy, 1 sell (the taker's).
  tradesOf: (answer) =>
    list(answer).map((t) => ({
      id: text(t, "tid"),
      timeMs: num(t, "date") * 1000,
      price: num(t, "price"),
      amount: num(t, "amount"),
      side: text(t, "type") === "1" ? "sell" : "buy",
    })),
  candlesPaths: ["/api/v2/ohlc/btcusdt/"],
  // data.ohlc: { timestamp (s), open, high, low, close, volume }.
  candlesOf: (answer) =>
    list(field(field(answer, "data"), "ohlc"))
      .map(
        (k): DocumentedCandle => [
          num(k, "timestamp") * 1000,
          num(k, "open"),
          num(k, "high"),
          num(k, "low"),
          num(k, "close"),
          num(k, "volume"),
        ],
      )
      .sort((a, b) => a[0] - b[0]),
};
