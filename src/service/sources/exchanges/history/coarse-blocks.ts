// A chunk of hourly or daily candles stored as blocks (coarse-history.ts says what they are), packed into
// their days (or kept as rows on the fine history's first day, packed once the 1-minute day is in). The
// chunk's blocks, days, marking and the plan's progress are one write.
import { BLOCK_SECONDS } from "../../../../interface/vocabulary.ts";
import type { Pair } from "../../../catalog/catalog.ts";
import { BlockAggregator, type SeriesKeyLookup } from "../../../market/aggregator.ts";
import { CANDLE_HISTORY_META, type SourceTrade } from "../../../market/trade-source.ts";
import { DayColumns, dayOfBlockEnd } from "../../../store/day-columns.ts";
import { type BlockRow, bySeriesAndTime, type PackedDay, type Store } from "../../../store/store.ts";
import { candleTradesByBlock, markedRanges, type PairCandles } from "./candle-history.ts";

export type CoarseResolution = "1h" | "1d";
export const RESOLUTION_MS: Record<CoarseResolution, number> = { "1h": 3_600_000, "1d": 86_400_000 };

export interface CoarseChunk {
  store: Store;
  ids: SeriesKeyLookup;
  pairs: readonly Pair[];
  resolution: CoarseResolution;
  /** The candles stored open in [fromMs, toMs). */
  chunk: { fromMs: number; toMs: number };
  candles: readonly PairCandles[];
  eurPerUsd: () => number | null;
  /** The feed packs nothing until the history is in, so the first unpacked day may be set here. */
  packingHeld: boolean;
  /** Meta written with the chunk (the plan's progress). */
  meta: Record<string, string>;
  /** The stretch's block ends made of candles so far, this chunk's included (Unix seconds). */
  marked: { firstEnd: number; lastEnd: number };
}

/** Every exchange's stand-in trades of the chunk's candles, by block, each block's by time. */
export function coarseTrades(
  candles: readonly PairCandles[],
  resolution: CoarseResolution,
  eurPerUsd: () => number | null,
): Map<number, SourceTrade[]> {
  return candleTradesByBlock(candles, eurPerUsd, resolution);
}

/**
 * Aggregates and stores one chunk. Days before the fine history's first day are packed (they ended, and no
 * feed packs them); blocks on that day are rows, unless the day was packed already (a data directory whose
 * 1-minute history was in before this ran), when they are left out. Returns the rows and days stored.
 */
export async function storeCoarseChunk(c: CoarseChunk): Promise<{ rows: number; days: number }> {
  const firstEnd = (await c.store.firstBlockTime()) ?? Number.POSITIVE_INFINITY;
  const fineDay = dayOfBlockEnd(firstEnd);
  const packedUntil = await c.store.packedUntil();
  const byBlock = coarseTrades(c.candles, c.resolution, c.eurPerUsd);
  const blocks = [...byBlock.keys()].sort((a, b) => a - b);
  const aggregator = new BlockAggregator(c.ids, c.pairs, (blocks[0] ?? 0) * BLOCK_SECONDS * 1000);
  const rows: BlockRow[] = [];
  const packing = new Map<number, DayColumns>();
  const days: PackedDay[] = [];
  const flush = () => {
    for (const columns of packing.values()) {
      if (columns.hasBlocks) days.push({ series: columns.series, day: columns.day, data: columns.data });
    }
  };
  let day: number | null = null;
  for (const block of blocks) {
    const blockRows = aggregator.aggregate(block, byBlock.get(block) ?? [], false).rows;
    const blockDay = dayOfBlockEnd((block + 1) * BLOCK_SECONDS);
    if (blockDay >= fineDay) {
      if (packedUntil === null || blockDay >= packedUntil) rows.push(...blockRows);
      continue;
    }
    if (blockDay !== day) {
      flush();
      for (const columns of packing.values()) columns.restart(blockDay);
      day = blockDay;
    }
    for (const row of blockRows) {
      let columns = packing.get(row.series);
      if (!columns) {
        columns = new DayColumns(row.series, blockDay);
        packing.set(row.series, columns);
      }
      columns.add(row);
    }
  }
  flush();
  rows.sort(bySeriesAndTime);
  const { lastEnd } = c.marked;
  const marked = await markedRanges(
    c.store,
    [c.marked.firstEnd, lastEnd, c.resolution],
    (r) => r[2] === c.resolution && r[1] === lastEnd,
  );
  await c.store.write({ blocks: rows, days, meta: { ...c.meta, [CANDLE_HISTORY_META]: marked } });
  // Packed days are read before the first unpacked one only: while the feed holds its packing for the
  // history, that day is the fine history's first (the one the feed will pack from).
  if (packedUntil === null && c.packingHeld && days.length > 0) await c.store.setPackedUntil(fineDay);
  return { rows: rows.length, days: days.length };
}
