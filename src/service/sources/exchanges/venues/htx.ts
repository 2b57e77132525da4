// HTX (Huobi): REST /v1, /v2 and /market, `market.<pair>.trade.detail` in gzip frames. ccxt's watchTrades
// reads a trade's long `id` (HTX: "to be obsoleted"), its fetchTrades the REST `trade-id`, so the trade's id
// is `tradeId` / `trade-id`, the same both ways. The REST history takes no start (ccxt filters the newest).
import type { Venue } from "../venue.ts";

function tradeId(trade: { id?: string | undefined; info?: unknown }): string | undefined {
  const info = (trade.info ?? {}) as Record<string, unknown>;
  const id = info.tradeId ?? info["trade-id"];
  return id === undefined || id === null ? trade.id : String(id);
}

export const htx: Venue = {
  name: "Huobi",
  aliases: ["htx"],
  ccxtId: "htx",
  options: { fetchMarkets: { types: { spot: true, linear: false, inverse: false } }, defaultType: "spot" },
  foreignName: (market) => market.id,
  tradeId,
};
