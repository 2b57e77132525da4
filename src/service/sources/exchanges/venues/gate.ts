// Gate v4: REST /api/v4 (spot currencies, spot and margin currency pairs, spot trades and candlesticks), the
// `spot.trades` channel of the spot stream /ws/v4/ (one trade per update; ids shared with REST).
// `since`: Gate's /spot/trades reads `from`/`to`, but ccxt sends them for contracts only; for spot it asks for
// the newest page (limit ≤ 1000) and filters, so a gap longer than a page loses trades unless the caller
// passes `{ from: seconds }` itself.
import type { Venue } from "../venue.ts";

export const gate: Venue = {
  name: "GateIO",
  aliases: ["gate", "gateio"],
  ccxtId: "gate",
  options: { fetchMarkets: { types: ["spot"] }, defaultType: "spot" },
  restTradesParams: (sinceMs) => ({ from: Math.floor(sinceMs / 1000) }),
  foreignName: (market) => market.id,
};
