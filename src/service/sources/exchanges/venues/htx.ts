// HTX (Huobi): REST /v1 and /market, `market.<pair>.trade.detail` in gzip frames.
import type { Venue } from "../venue.ts";

export const htx: Venue = {
  name: "Huobi",
  aliases: ["htx"],
  ccxtId: "htx",
  options: { fetchMarkets: { types: { spot: true, linear: false, inverse: false } }, defaultType: "spot" },
  foreignName: (market) => market.id,
};
