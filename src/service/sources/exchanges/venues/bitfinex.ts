// Bitfinex v2: REST /v2, the `trades` channel (array-shaped messages).
import type { Venue } from "../venue.ts";

export const bitfinex: Venue = {
  name: "Bitfinex",
  aliases: [],
  ccxtId: "bitfinex",
  options: {},
  foreignName: (market) => market.id,
};
