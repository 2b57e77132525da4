// Bybit's recording as its documentation reads it (bybit-exchange.github.io/docs/v5, "Get Instruments Info",
// "Get Public Recent Trading History", "Get Kline"). ccxt recorded the trades and candles of the linear
// perpetual; the spot category answers the same shape, and the test serves them to the spot request.
import { bybit } from "../../bybit.ts";
import { bybitProtocol } from "../bybit.fake.ts";
import { candleRows, field, list, num, type RecordedVenue, sideOf, text } from "./recordings.ts";

export const bybitRecorded: RecordedVenue = {
  venue: bybit,
  protocol: bybitProtocol,
  file: "bybit",
  fakeMarket: (id, info) => ({ id, base: text(info, "baseCoin"), quote: text(info, "quoteCoin") }),
  markets: {
    path: "/v5/market/instruments-info",
    answer: (entries) => ({
      retCode: 0,
      retMsg: "OK",
      result: { category: "spot", list: entries.map((e) => e.info), nextPageCursor: "" },
      retExtInfo: {},
      time: 0,
    }),
  },
  pairOf: (id, info) =>
    text(info, "status") === "Trading"
      ? { symbol: text(info, "baseCoin"), quote: text(info, "quoteCoin"), pair: id }
      : null,
  tradesPath: "/v5/market/recent-trade",
  // result.list: { execId, time (ms), price, size, side: Buy/Sell (the taker's) }.
  tradesOf: (answer) =>
    list(field(answer, "result"), "list").map((t) => ({
      id: text(t, "execId"),
      timeMs: num(t, "time"),
      price: num(t, "price"),
      amount: num(t, "size"),
      side: sideOf(text(t, "side")),
    })),
  candlesPaths: ["/v5/market/kline"],
  // result.list: [startTime (ms), open, high, low, close, volume, turnover], newest first.
  candlesOf: (answer) => candleRows(list(field(answer, "result"), "list"), [0, 1, 2, 3, 4, 5]),
};
