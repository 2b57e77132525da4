// HTX (Huobi): REST /v1, /v2 and /market, `market.<pair>.trade.detail` in gzip frames, the server's
// `{"ping": ts}` replied to by ccxt with `{"pong": ts}`. A streamed trade carries `tradeId` and a long `id`
// (HTX: "to be obsoleted"); ccxt's watchTrades reads the long `id`, its fetchTrades the REST `trade-id`, so
// ccxt's ids of one trade differ between stream and gap fill: the trade's id is `tradeId` / `trade-id`.
// The REST history takes no start: `since` is only ccxt filtering the newest ticks it asks for (size ≤ 2000).
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
