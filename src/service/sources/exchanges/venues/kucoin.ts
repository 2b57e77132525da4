// KuCoin: REST /api/v1, a public bullet token, then `/market/match:<pair>`.
import type { Venue } from "../venue.ts";

export const kucoin: Venue = {
  name: "KuCoin",
  aliases: [],
  ccxtId: "kucoin",
  options: { fetchMarkets: { types: ["spot"] }, defaultType: "spot" },
  foreignName: (market) => market.id,
};
