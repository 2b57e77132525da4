// Bybit v5 spot: REST /v5/market, the `publicTrade.<pair>` topic.
import type { Venue } from "../venue.ts";

export const bybit: Venue = {
  name: "Bybit",
  aliases: [],
  ccxtId: "bybit",
  options: { fetchMarkets: { types: ["spot"] }, defaultType: "spot" },
  foreignName: (market) => market.id,
};
