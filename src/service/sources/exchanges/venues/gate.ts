// Gate v4: REST /api/v4, the `spot.trades` channel of /ws/v4/ (ids shared with REST). Gate's /spot/trades
// reads `from`, but ccxt sends it for contracts only (for spot: the newest page, filtered), so the gap fill
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
