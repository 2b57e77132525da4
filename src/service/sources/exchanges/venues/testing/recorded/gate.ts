// Gate's recording as its documentation reads it (gate.com/docs/developers/apiv4, "List all currency pairs
// supported", "Retrieve market trades"). No candles are recorded in the version copied.
import { gate } from "../../gate.ts";
import { gateProtocol } from "../gate.fake.ts";
import { list, num, type RecordedVenue, sideOf, text } from "./recordings.ts";

export const gateRecorded: RecordedVenue = {
  venue: gate,
  protocol: gateProtocol,
  file: "gate",
  fakeMarket: (id, info) => ({ id, base: text(info, "base"), quote: text(info, "quote") }),
  markets: { path: "/api/v4/spot/currency_pairs", answer: (entries) => entries.map((e) => e.info) },
  pairOf: (id, info) =>
    text(info, "trade_status") === "tradable"
      ? { symbol: text(info, "base"), quote: text(info, "quote"), pair: id }
      : null,
  tradesPath: "/api/v4/spot/trades",
  // { id, create_time_ms (ms, with a fraction), price, amount, side (the taker's) }.
  tradesOf: (answer) =>
    list(answer).map((t) => ({
      id: text(t, "id"),
      timeMs: Math.floor(num(t, "create_time_ms")),
      price: num(t, "price"),
      amount: num(t, "amount"),
      side: sideOf(text(t, "side")),
    })),
};
