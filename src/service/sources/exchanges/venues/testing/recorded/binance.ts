// Binance's recording as its documentation reads it (developers.binance.com, Spot REST "Exchange information"
// and "Kline/Candlestick data"). Its recorded trades are aggregate trades, which the service does not read
// (README.md).
import { binance } from "../../binance.ts";
import { binanceProtocol } from "../binance.fake.ts";
import { candleRows, field, list, type RecordedVenue, text } from "./recordings.ts";

export const binanceRecorded: RecordedVenue = {
  venue: binance,
  protocol: binanceProtocol,
  file: "binance",
  fakeMarket: (id, info) => ({ id, base: text(info, "baseAsset"), quote: text(info, "quoteAsset") }),
  markets: {
    path: "/api/v3/exchangeInfo",
    answer: (entries) => ({
      timezone: "UTC",
      serverTime: 0,
      rateLimits: [],
      exchangeFilters: [],
      symbols: entries.map((e) => e.info),
    }),
  },
  pairOf: (id, info) =>
    field(info, "status") === "TRADING" && field(info, "isSpotTradingAllowed") === true
      ? { symbol: text(info, "baseAsset"), quote: text(info, "quoteAsset"), pair: id }
      : null,
  candlesPaths: ["/api/v3/klines"],
  // [open time (ms), open, high, low, close, volume, close time, ...].
  candlesOf: (answer) => candleRows(list(answer), [0, 1, 2, 3, 4, 5]),
};
