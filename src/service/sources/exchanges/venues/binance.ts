// Binance spot: REST /api/v3, the `<pair>@trade` stream. ccxt's default REST trades are aggregate trades, whose ids are
// not the stream's; /api/v3/trades carries the stream's ids, so the gap fill cannot count a trade twice.
import type { Venue } from "../venue.ts";

export const binance: Venue = {
  name: "Binance",
  aliases: ["binance"],
  ccxtId: "binance",
  options: { fetchMarkets: { types: ["spot"] }, defaultType: "spot", fetchTradesMethod: "publicGetTrades" },
  restTradesSince: false,
  foreignName: (market) => market.id,
};
