// How a coin's block was made from the crowd: its figures across all exchanges beside each exchange's own,
// each exchange's weight (its share of the volume) and distance (its MA120 from the aggregate's), and the
// trades the aggregate's interquartile filter left out, while the store still keeps them.

import { formatUtcSecond } from "../../interface/data-points.ts";
import type { BlockFigures, Contribution, Provenance } from "../../interface/provenance.ts";
import { BLOCK_SECONDS } from "../../interface/vocabulary.ts";
import type { BlockRow, Store, StoredTrade } from "../store/store.ts";
import { fence, lastTrim } from "./outliers.ts";
import { FILTER_MEMORY } from "./run-rings.ts";
import { candleHistory, candleResolutionAt, type SourceStatus } from "./trade-source.ts";

export interface ProvenanceSources {
  store: Pick<Store, "seriesId" | "blockAt" | "tradesBetween" | "getMeta">;
  view: { exchangeNamesOf(symbol: string): string[]; latestBlockEnd(): Promise<number | null> };
  source: SourceStatus;
}

function figuresOf(row: BlockRow): BlockFigures {
  return {
    ma120: row.ma120,
    mair120: row.mair120,
    medir120: row.medir120,
    open: row.open,
    high: row.high,
    low: row.low,
    close: row.close,
    volume: row.buyVolume + row.sellVolume,
    buyVolume: row.buyVolume,
    sellVolume: row.sellVolume,
    trades: row.trades,
    tradesLeftOut: row.tradesLeftOut,
  };
}

/** The block end holding `time` (Unix seconds), or the newest block's end when no time is asked. */
async function blockEndOf(sources: ProvenanceSources, time: number | undefined): Promise<number | null> {
  if (time === undefined) return sources.view.latestBlockEnd();
  return (Math.floor(time / BLOCK_SECONDS) + 1) * BLOCK_SECONDS;
}

/**
 * The trades the aggregate's MEDIR120 left out: the IQR fences (the aggregation's, outliers.ts) over the
 * newest FILTER_MEMORY trades of the block (all exchanges, by time), the trades outside them. Null when the
 * store no longer holds all the block's trades.
 */
function leftOutTrades(trades: { exchange: string; trade: StoredTrade }[], aggregate: BlockRow) {
  if (trades.length !== aggregate.trades) return null;
  const weighed = trades
    .sort((a, b) => a.trade.timeMs - b.trade.timeMs || a.trade.seq - b.trade.seq)
    .slice(-FILTER_MEMORY);
  if (weighed.length < 2) return [];
  fence(Float64Array.from(weighed, (t) => t.trade.estimatedUSDPrice).sort(), weighed.length);
  const { low, high } = lastTrim;
  return weighed
    .filter(({ trade }) => trade.estimatedUSDPrice < low || trade.estimatedUSDPrice > high)
    .map(({ exchange, trade }) => ({
      exchange,
      time: new Date(trade.timeMs).toISOString(),
      estimatedUSDPrice: trade.estimatedUSDPrice,
      volume: trade.volume,
      foreignTradeID: trade.foreignTradeID,
    }));
}

/** How the block of `symbol` holding `time` (default: the newest) was made; null when there is no block. */
export async function blockProvenance(
  sources: ProvenanceSources,
  symbol: string,
  time?: number,
): Promise<Provenance | null> {
  const end = await blockEndOf(sources, time);
  const all = sources.store.seriesId(symbol, null);
  if (end === null || all === null) return null;
  const aggregate = await sources.store.blockAt(all, end);
  if (!aggregate) return null;
  const newest = time === undefined || end === (await sources.view.latestBlockEnd());
  const down = new Set(
    newest ? (sources.source.health?.() ?? []).filter((h) => !h.connected).map((h) => h.name) : [],
  );
  const startMs = (end - BLOCK_SECONDS) * 1000;
  const resolution = candleResolutionAt(await candleHistory(sources.store), end);
  const totalVolume = aggregate.buyVolume + aggregate.sellVolume;
  const trades: { exchange: string; trade: StoredTrade }[] = [];
  const exchanges = await Promise.all(
    sources.view.exchangeNamesOf(symbol).map(async (exchange): Promise<Contribution> => {
      const series = sources.store.seriesId(symbol, exchange);
      const row = series === null ? null : await sources.store.blockAt(series, end);
      if (series !== null && row && row.trades > 0) {
        for (const trade of await sources.store.tradesBetween(series, startMs, end * 1000))
          trades.push({ exchange, trade });
      }
      const volume = row ? row.buyVolume + row.sellVolume : 0;
      return {
        exchange,
        role: down.has(exchange) ? "down" : row && row.trades > 0 ? "contributed" : "quiet",
        weight: totalVolume > 0 ? volume / totalVolume : 0,
        distance: row ? row.ma120 / aggregate.ma120 - 1 : null,
        figures: row ? figuresOf(row) : null,
      };
    }),
  );
  exchanges.sort((a, b) => b.weight - a.weight || a.exchange.localeCompare(b.exchange));
  return {
    symbol,
    blockStart: formatUtcSecond(end - BLOCK_SECONDS),
    blockEnd: formatUtcSecond(end),
    madeFrom: resolution === null ? "trades" : "candles",
    ...(resolution === null ? {} : { resolution }),
    aggregate: figuresOf(aggregate),
    exchanges,
    leftOut: leftOutTrades(trades, aggregate),
  };
}
