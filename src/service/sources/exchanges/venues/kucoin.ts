// KuCoin: REST /api/v1..v3, a public bullet token, then `/market/match:<pair>` on the classic spot stream.
// ccxt's default trade history (GET /api/v1/market/histories) has no trade id at all (ccxt's `id` is
// undefined), so the gap fill could not tell a missed trade from one already seen. The unified account's
// GET /api/ua/v1/market/trade (public, option fetchTrades.uta) carries `tradeId`, which is the stream's
// `tradeId`. Neither takes a start: `since` is only ccxt filtering the newest 100. fetchTickersFees off:
// loadMarkets would fetch every ticker (/market/allTickers) for fee rates the source never reads.
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
