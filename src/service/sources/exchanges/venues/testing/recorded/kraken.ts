// Kraken's recording as its documentation reads it (docs.kraken.com, Spot REST "Get Tradable Asset Pairs",
// "Get Recent Trades", "Get OHLC Data"). REST, wsname included, spells Bitcoin XBT and Dogecoin XDG; WebSocket
// v2, whose pair names the service keeps, spells them BTC and DOGE.
import { kraken } from "../../kraken.ts";
import { krakenProtocol } from "../kraken.fake.ts";
import { candleRows, field, list, num, type RecordedVenue, text } from "./recordings.ts";

const v2Code = (code: string): string => ({ XBT: "BTC", XDG: "DOGE" })[code] ?? code;

/** The one pair's rows of a `result` (its other key is `last`, the cursor). */
const rowsOf = (answer: unknown): unknown[] =>
  list(Object.entries(field(answer, "result") as object).find(([key]) => key !== "last")?.[1] ?? []);

export const krakenRecorded: RecordedVenue = {
  venue: kraken,
  protocol: krakenProtocol,
  file: "kraken",
  fakeMarket: (id, info) => ({ id, base: text(info, "base"), quote: text(info, "quote") }),
  markets: {
    path: "/0/public/AssetPairs",
    answer: (entries) => ({ error: [], result: Object.fromEntries(entries.map((e) => [e.id, e.info])) }),
  },
  pairOf: (_id, info) => {
    const [base = "", quote = ""] = text(info, "wsname").split("/").map(v2Code);
    return text(info, "status") === "online" ? { symbol: base, quote, pair: `${base}/${quote}` } : null;
  },
  tradesPath: "/0/public/Trades",
  // [price, volume, time (s, fractional), "b"uy/"s"ell (the taker), "m"arket/"l"imit, misc, trade_id].
  tradesOf: (answer) =>
    rowsOf(answer).map((t) => ({
      id: text(t, 6),
      timeMs: Math.floor(num(t, 2) * 1000),
      price: num(t, 0),
      amount: num(t, 1),
      side: text(t, 3) === "s" ? "sell" : "buy",
    })),
  candlesPaths: ["/0/public/OHLC"],
  // [time (s), open, high, low, close, vwap, volume, count].
  candlesOf: (answer) => candleRows(rowsOf(answer), [0, 1, 2, 3, 4, 6], 1000),
};
