// Bitstamp: REST /api/v2, the `live_trades_<pair>` channel.
import type { Venue } from "../venue.ts";

export const bitstamp: Venue = {
  name: "Bitstamp",
  aliases: [],
  ccxtId: "bitstamp",
  options: {},
  foreignName: (market) => market.id,
};
