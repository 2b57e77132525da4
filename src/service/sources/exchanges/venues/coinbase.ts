// Coinbase Exchange: REST /products, the `matches` channel of its WebSocket feed (`side` names the maker).
import type { Venue } from "../venue.ts";

export const coinbase: Venue = {
  name: "Coinbase",
  aliases: ["coinbaseexchange"],
  ccxtId: "coinbaseexchange",
  options: {},
  // /products/{id}/trades returns the newest page; `after` a trade id, the page before it.
  restTradesOlder: (oldest) => ({ after: oldest.id }),
  restTradesLimit: 1000,
  foreignName: (market) => market.id,
};
