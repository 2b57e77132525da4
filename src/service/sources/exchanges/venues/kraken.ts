// Kraken: REST /0/public, WebSocket v2 `trade` channel. A pair is named as its WebSocket names it (XBT/USD).
import type { Venue } from "../venue.ts";

export const kraken: Venue = {
  name: "Kraken",
  aliases: [],
  ccxtId: "kraken",
  options: {},
  foreignName: (market) => (typeof market.info["wsname"] === "string" ? market.info["wsname"] : market.id),
};
