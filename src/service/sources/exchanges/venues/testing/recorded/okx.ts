// OKX's recording as its documentation reads it (okx.com/docs-v5, "Get instruments", "Get trades", "Get
// candlesticks"). ccxt reads old candles from history-candles, recent ones from candles: both answer alike.
import { okx } from "../../okx.ts";
import { okxProtocol } from "../okx.fake.ts";
import { candleRows, field, list, num, type RecordedVenue, sideOf, text } from "./recordings.ts";

export const okxRecorded: RecordedVenue = {
  venue: okx,
  protocol: okxProtocol,
  file: "okx",
  fakeMarket: (id, info) => ({ id, base: text(info, "baseCcy"), quote: text(info, "quoteCcy") }),
  markets: {
    path: "/api/v5/public/instruments",
    answer: (entries) => ({ code: "0", msg: "", data: entries.map((e) => e.info) }),
  },
  pairOf: (id, info) =>
    text(info, "instType") === "SPOT" && text(info, "state") === "live"
      ? { symbol: text(info, "baseCcy"), quote: text(info, "quoteCcy"), pair: id }
      : null,
  tradesPath: "/api/v5/market/trades",
  // data: { tradeId, ts (ms), px, sz, side (the taker's) }.
  tradesOf: (answer) =>
    list(answer, "data").map((t) => ({
      id: text(t, "tradeId"),
      timeMs: num(t, "ts"),
      price: num(t, "px"),
      amount: num(t, "sz"),
      side: sideOf(text(t, "side")),
    })),
  candlesPaths: ["/api/v5/market/candles", "/api/v5/market/history-candles"],
  // data: [ts (ms), o, h, l, c, vol, volCcy, volCcyQuote, confirm], newest first.
  candlesOf: (answer) => candleRows(list(field(answer, "data")), [0, 1, 2, 3, 4, 5]),
};
