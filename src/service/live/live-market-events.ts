// The data of the events the ingest makes (live-market.ts), each but its id: a series' block candle from
// the aggregation's figures or its stored row, a batch of trades, and a stored block. Times are RFC 3339 UTC
// with milliseconds, as the stream's schemas have them.
import type { LiveCandle, LiveEvent } from "../../interface/live-events.ts";
import { BLOCK_SECONDS } from "../../interface/vocabulary.ts";
import type { StoredBlock } from "../market/feed.ts";
import type { SourceTrade } from "../market/trade-source.ts";
import { sumOfAmounts } from "../store/candle-buckets.ts";
import type { BlockRow } from "../store/store.ts";

export const isoTime = (ms: number): string => new Date(ms).toISOString();

/** A block candle's numbers, as the aggregation closes them (ClosedFigures) or a row of a traded block. */
interface CandleNumbers {
  open: number;
  high: number;
  low: number;
  close: number;
  buyVolume: number;
  sellVolume: number;
  trades: number;
}

/**
 * The candle of the block starting at `startMs`: its volume summed as the candle endpoints sum it
 * (candle-reader.ts), so that it is theirs to the last digit.
 */
export function blockCandle(startMs: number, c: CandleNumbers): LiveCandle {
  return {
    start: isoTime(startMs),
    open: c.open,
    high: c.high,
    low: c.low,
    close: c.close,
    volume: sumOfAmounts([c.buyVolume, c.sellVolume], 0, 2),
    buyVolume: c.buyVolume,
    sellVolume: c.sellVolume,
    trades: c.trades,
  };
}

/** A stored row's candle, null for a block without trades. */
export function rowCandle(row: BlockRow): LiveCandle | null {
  const { open, high, low, close } = row;
  if (row.trades === 0 || open === null || high === null || low === null || close === null) return null;
  return blockCandle((row.time - BLOCK_SECONDS) * 1000, { ...row, open, high, low, close });
}

/** A stored block: its end and every series' filters and candle, stamped at its newest trade (or its end). */
export function blockData(id: string, stored: StoredBlock): LiveEvent<"block"> {
  const endMs = (stored.block + 1) * BLOCK_SECONDS * 1000;
  return {
    id,
    time: isoTime(stored.newestTradeMs ?? endMs),
    end: isoTime(endMs),
    series: stored.series.map(({ key, row }) => ({
      symbol: key.symbol,
      exchange: key.exchange,
      ma120: row.ma120,
      mair120: row.mair120,
      medir120: row.medir120,
      candle: rowCandle(row),
    })),
  };
}

/** A batch of one (symbol, exchange)'s trades, oldest first, stamped at the newest. */
export function tradesData(
  id: string,
  symbol: string,
  exchange: string,
  trades: readonly SourceTrade[],
): LiveEvent<"trades"> {
  return {
    id,
    time: isoTime(trades.at(-1)?.timeMs ?? 0),
    symbol,
    exchange,
    trades: trades.map((t) => ({
      time: isoTime(t.timeMs),
      price: t.price,
      usdPrice: t.estimatedUSDPrice,
      volume: t.volume,
      pair: t.pair,
    })),
  };
}
