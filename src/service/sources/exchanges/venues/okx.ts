// OKX v5: REST /api/v5, the `trades` channel.
import type { Venue } from "../venue.ts";

export const okx: Venue = {
  name: "OKX",
  aliases: ["okex"],
  ccxtId: "okx",
  options: { fetchMarkets: { types: ["spot"] }, defaultType: "spot" },
  foreignName: (market) => market.id,
};
