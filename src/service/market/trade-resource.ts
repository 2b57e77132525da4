// A trade as the interface shows it (symbol details' last trades), from a stored trade or a live one.
import type { Trade } from "../../interface/resources.ts";

export function tradeResource(
  symbol: string,
  exchange: string,
  t: {
    pair: string;
    price: number;
    volume: number;
    timeMs: number;
    foreignTradeID: string;
    estimatedUSDPrice: number;
  },
): Trade {
  return {
    symbol,
    pair: t.pair,
    price: t.price,
    volume: t.volume,
    time: new Date(t.timeMs).toISOString(),
    foreignTradeID: t.foreignTradeID,
    estimatedUSDPrice: t.estimatedUSDPrice,
    source: exchange,
  };
}
