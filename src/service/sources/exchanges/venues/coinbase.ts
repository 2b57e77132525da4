// Coinbase Exchange: REST /products, the `matches` channel of its WebSocket feed (`side` names the maker).
import type { Venue } from "../venue.ts";

export const coinbase: Venue = {
  name: "Coinbase",
  aliases: ["coinbaseexchange"],
  ccxtId: "coinbaseexchange",
  options: {},
  foreignName: (market) => market.id,
};
