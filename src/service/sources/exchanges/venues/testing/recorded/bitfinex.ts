// Bitfinex's recording as its documentation reads it (docs.bitfinex.com, REST v2 "Trades", "Candles"). ccxt
// keeps no answer of its pair configuration, so the fake lists the recorded pairs itself. Bitfinex's UST is
// Tether (its pub:map:currency:sym maps UST to USDt).
import { bitfinex } from "../../bitfinex.ts";
import { bitfinexProtocol } from "../bitfinex.fake.ts";
import { candleRows, list, num, type RecordedVenue, text } from "./recordings.ts";

const code = (c: string): string => (c === "UST" ? "USDT" : c);

export const bitfinexRecorded: RecordedVenue = {
  venue: bitfinex,
  protocol: bitfinexProtocol,
  file: "bitfinex",
  // t<BASE><QUOTE>, three letters each for these pairs.
  fakeMarket: (id) => ({ id: id.slice(1), base: id.slice(1, 4), quote: id.slice(4) }),
  pairOf: (id) => ({ symbol: code(id.slice(1, 4)), quote: code(id.slice(4)), pair: id.slice(1) }),
  tradesPath: "/v2/trades/tBTCUST/hist",
  // [ID, MTS, AMOUNT, PRICE]: the amount bought (positive) or sold (negative) by the taker.
  tradesOf: (answer) =>
    list(answer).map((t) => ({
      id: text(t, 0),
      timeMs: num(t, 1),
      price: num(t, 3),
      amount: Math.abs(num(t, 2)),
      side: num(t, 2) < 0 ? "sell" : "buy",
    })),
  candlesPaths: ["/v2/candles/trade:1m:tBTCUST/hist"],
  // [MTS, OPEN, CLOSE, HIGH, LOW, VOLUME].
  candlesOf: (answer) => candleRows(list(answer), [0, 1, 3, 4, 2, 5]),
};
