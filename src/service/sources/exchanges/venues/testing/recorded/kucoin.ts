// KuCoin's recording as its documentation reads it (kucoin.com/docs-new, "Get All Symbols", "Get Klines").
// Its recorded trades are of the classic history, which carries no trade id and which the service does not
// read (README.md).
import { kucoin } from "../../kucoin.ts";
import { kucoinProtocol } from "../kucoin.fake.ts";
import { candleRows, field, list, type RecordedVenue, text } from "./recordings.ts";

export const kucoinRecorded: RecordedVenue = {
  venue: kucoin,
  protocol: kucoinProtocol,
  file: "kucoin",
  fakeMarket: (id, info) => ({ id, base: text(info, "baseCurrency"), quote: text(info, "quoteCurrency") }),
  markets: {
    path: "/api/v2/symbols",
    answer: (entries) => ({ code: "200000", data: entries.map((e) => e.info) }),
  },
  pairOf: (id, info) =>
    field(info, "enableTrading") === true
      ? { symbol: text(info, "baseCurrency"), quote: text(info, "quoteCurrency"), pair: id }
      : null,
  candlesPaths: ["/api/v1/market/candles"],
  // data: [time (s), open, close, high, low, volume, turnover], newest first.
  candlesOf: (answer) => candleRows(list(answer, "data"), [0, 1, 3, 4, 2, 5], 1000),
};
