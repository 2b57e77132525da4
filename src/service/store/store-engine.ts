// What the two engines (sqlite-store.ts, pg-store.ts) do alike: the marks they keep in meta, and every read
// of blocks through their BlockSource (candle-reader.ts).
import type { CandleColumns } from "../../interface/candles.ts";
import { type BlockSource, readBlockAt, readCandles, readPoints } from "./candle-reader.ts";
import { FIRST_BLOCK_META, LAST_BLOCK_META, PACKED_UNTIL_META } from "./sqlite-schema.ts";
import type { BlockRow, CandleQuery, ChartQuery, PointColumns } from "./store.ts";

export abstract class StoreEngine {
  /** The first UTC day not packed yet, or null when none is; kept in memory, reloaded with the series. */
  protected packedUntilDay: number | null = null;
  protected abstract readonly blocks: BlockSource;
  abstract getMeta(key: string): Promise<string | null>;
  abstract setMeta(key: string, value: string): Promise<void>;
  /** min(time) over the blocks, read once for a store whose writer did not record its first block. */
  protected abstract oldestBlockTime(): Promise<number | null>;

  async packedUntil(): Promise<number | null> {
    return this.packedUntilDay;
  }

  async setPackedUntil(day: number): Promise<void> {
    await this.setMeta(PACKED_UNTIL_META, String(day));
    this.packedUntilDay = day;
  }

  async firstBlockTime(): Promise<number | null> {
    const known = await this.getMeta(FIRST_BLOCK_META);
    if (known !== null) return Number(known);
    const first = await this.oldestBlockTime();
    if (first !== null) await this.setMeta(FIRST_BLOCK_META, String(first));
    return first;
  }

  async lastBlockTime(): Promise<number | null> {
    // Kept in meta by the writer: max(time) over the (series, time) key would read every series.
    const value = await this.getMeta(LAST_BLOCK_META);
    return value === null ? null : Number(value);
  }

  chartPoints(query: ChartQuery): Promise<PointColumns> {
    return readPoints(this.blocks, query);
  }

  candles(query: CandleQuery): Promise<CandleColumns> {
    return readCandles(this.blocks, query);
  }

  blockAt(series: number, time: number): Promise<BlockRow | null> {
    return readBlockAt(this.blocks, series, time);
  }
}
