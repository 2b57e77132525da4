// HTX's recording as its documentation reads it (huobiapi.github.io/docs/spot/v1, "Get all Supported Trading
// Symbol", "Get the Most Recent Trades"). Its codes are lower case; a trade's `trade-id` is the one its stream
// carries too (the long `id` is not). No candles are recorded in the version copied.
import { htx } from "../../htx.ts";
import { htxProtocol } from "../htx.fake.ts";
import { list, num, type RecordedVenue, sideOf, text } from "./recordings.ts";

export const htxRecorded: RecordedVenue = {
  venue: htx,
  protocol: htxProtocol,
  file: "htx",
  fakeMarket: (id, info) => ({ id, base: text(info, "base-currency"), quote: text(info, "quote-currency") }),
  markets: {
    path: "/v1/common/symbols",
    answer: (entries) => ({ status: "ok", data: entries.map((e) => e.info) }),
  },
  pairOf: (id, info) =>
    text(info, "state") === "online"
      ? {
          symbol: text(info, "base-currency").toUpperCase(),
          quote: text(info, "quote-currency").toUpperCase(),
          pair: id,
        }
      : null,
  tradesPath: "/market/history/trade",
  // data: groups of { data: [{ trade-id, ts (ms), price, amount, direction (the taker's) }] }.
  tradesOf: (answer) =>
    list(answer, "data").flatMap((group) =>
      list(group, "data").map((t) => ({
        id: text(t, "trade-id"),
        timeMs: num(t, "ts"),
        price: num(t, "price"),
        amount: num(t, "amount"),
        side: sideOf(text(t, "direction")),
      })),
    ),
};
