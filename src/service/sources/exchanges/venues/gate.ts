// Gate v4: REST /api/v4, the `spot.trades` channel.
import type { Venue } from "../venue.ts";

export const gate: Venue = {
  name: "GateIO",
  aliases: ["gate", "gateio"],
  ccxtId: "gate",
  options: { fetchMarkets: { types: ["spot"] }, defaultType: "spot" },
  foreignName: (market) => market.id,
};
