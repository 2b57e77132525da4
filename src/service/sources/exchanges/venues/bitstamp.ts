// Bitstamp: REST /api/v2 (markets, transactions, ohlc), the `live_trades_<pair>` channel of its WebSocket v2
// (one trade per message, `type` 0 the taker bought, 1 sold). The trade history takes no start: `time` is
// a window back from now (ccxt always asks for the last hour) with times in whole seconds, and ccxt keeps
// those since `since`; a gap longer than an hour loses trades unless the caller passes `{ time: "day" }`.
import type { Venue } from "../venue.ts";

export const bitstamp: Venue = {
  name: "Bitstamp",
  aliases: [],
  ccxtId: "bitstamp",
  options: {},
  restTradesParams: () => ({ time: "day" }),
  foreignName: (market) => market.id,
};
