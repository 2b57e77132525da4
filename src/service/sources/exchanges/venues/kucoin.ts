// KuCoin: REST /api/v1..v3, a public bullet token, then `/market/match:<pair>` on the classic spot stream.
// ccxt's default trade history has no trade id; the unified account's (public, fetchTrades.uta) carries the
// stream's `tradeId`, so the gap fill can tell a missed trade from a seen one. Neither takes a start (ccxt
// filters the newest 100). fetchTickersFees off: loadMarkets would fetch every ticker for unread fee rates.
import type { Venue } from "../venue.ts";

export const kucoin: Venue = {
  name: "KuCoin",
  aliases: [],
  ccxtId: "kucoin",
  options: {
    fetchMarkets: { types: ["spot"], fetchTickersFees: false },
    fetchTrades: { uta: true },
    defaultType: "spot",
  },
  foreignName: (market) => market.id,
};
