// A chart-scale candle as a stream hub forms it: the bucket's closed blocks (read from the store once,
// then each block close) and the forming block's candle, combined by the function the candles endpoint
// uses, so that it equals that endpoint's candle. It also keeps the bucket before, complete: a chart that
// loaded its history while that bucket was forming, and follows just after it closed, still gets its
// final figures (none of the streams it could have heard them on was its own).
import { CANDLE_FIELDS, type CandleColumns, emptyCandles } from "../../interface/candles.ts";
import type { LiveCandle } from "../../interface/live-events.ts";
import { BLOCK_SECONDS, bucketStart, type Scale } from "../../interface/vocabulary.ts";
import { combineCandles } from "../store/candle-buckets.ts";
import type { Store } from "../store/store.ts";
import type { LiveStream } from "./live-stream.ts";

/** The block candles of a series in [from, to] (Unix seconds, block starts), ascending: the store's. */
export type BlockCandles = (
  symbol: string,
  exchange: string | null,
  from: number,
  to: number,
) => Promise<CandleColumns>;

/** The stored block candles of a series in [from, to] (Unix seconds): a bucket's closed part. */
export async function blockCandlesOf(
  store: Pick<Store, "seriesId" | "candles">,
  symbol: string,
  exchange: string | null,
  from: number,
  to: number,
): Promise<CandleColumns> {
  const series = store.seriesId(symbol, exchange);
  if (series === null) return emptyCandles();
  // A week's bucket holds 5,040 blocks.
  return store.candles({ series, from, to, scale: "raw", limit: 6_000 });
}

/** A block close as a composed candle takes it: the block's start, and its candle of the series if it traded. */
export interface ClosedBlock {
  startS: number;
  candle: LiveCandle | null;
  /** The close's event id and time. */
  id: string;
  time: string;
}

/** What a block close did to a composed candle: what its followers are to be sent. */
export type CloseOutcome =
  /** The bucket is complete (its final candle goes out), and the next one forms. */
  | "completed"
  /** The forming bucket took the block (its candle goes out). */
  | "changed"
  /** A block of the complete bucket before, closed late: its final candle goes out again, corrected. */
  | "corrected"
  | "unchanged";

interface Bucket {
  /** Unix seconds. */
  start: number;
  /** Its closed blocks, as columns. */
  blocks: CandleColumns;
}

export class ComposedCandle {
  readonly followers = new Set<LiveStream>();
  bucket: Bucket;
  /** The bucket before, complete (null until one closed, or was read, with trades). */
  previous: (Bucket & { id: string; time: string }) | null = null;
  /** The forming block's candle, when it has trades. */
  forming: LiveCandle | null = null;
  /** The id of the newest event that changed it: its own events take it (ids are the ingest's). */
  lastId = "0-0";
  /** The time of the newest trade it includes. */
  time = new Date(0).toISOString();
  /** Until the store's blocks are read, the block closes that came meanwhile (taken in order after). */
  private early: ClosedBlock[] | null = [];

  constructor(
    readonly symbol: string,
    readonly exchange: string | null,
    readonly scale: Scale,
    /** The market's time (Unix seconds): which bucket forms. */
    nowS: number,
  ) {
    // A bucket holds the blocks that start in it (120 s blocks straddle 5-minute bounds).
    this.bucket = { start: bucketStart(nowS - (nowS % BLOCK_SECONDS), scale), blocks: emptyCandles() };
  }

  /** Whether the store's blocks are read: until then nothing is sent. */
  get ready(): boolean {
    return this.early === null;
  }

  /** Where the bucket before the forming one starts (Unix seconds). */
  get previousStart(): number {
    return bucketStart(this.bucket.start - 1, this.scale);
  }

  /**
   * Takes the store's blocks of the bucket before (complete) and of the forming one so far, then the block
   * closes that came while they were read.
   */
  stored(before: CandleColumns, forming: CandleColumns): void {
    if (before.times.length > 0) {
      // Its newest trade is at most its last block's end.
      const end = ((before.times.at(-1) as number) + BLOCK_SECONDS) * 1000;
      this.previous = {
        start: this.previousStart,
        blocks: before,
        id: "0-0",
        time: new Date(end).toISOString(),
      };
    }
    this.bucket.blocks = forming;
    const early = this.early ?? [];
    this.early = null;
    for (const block of early) this.close(block);
  }

  /** A block close: the block joins its bucket; the block that starts in the next bucket completes this one. */
  close(block: ClosedBlock): CloseOutcome {
    if (this.early !== null) {
      this.early.push(block);
      return "unchanged";
    }
    this.lastId = block.id;
    const blockBucket = bucketStart(block.startS, this.scale);
    if (blockBucket < this.bucket.start) {
      const before = this.previousStart;
      if (block.candle === null || blockBucket !== before) return "unchanged";
      // The bucket before, read from the store without this block (or not at all): it completes now.
      if (this.previous?.start !== before)
        this.previous = { start: before, blocks: emptyCandles(), id: "", time: "" };
      if (!take(this.previous.blocks, block.candle)) return "unchanged";
      this.previous.id = block.id;
      this.previous.time = block.time;
      return "corrected";
    }
    this.forming = null;
    let outcome: CloseOutcome = "unchanged";
    // A block of a later bucket (the one this formed got no close of its last block): this one is complete.
    if (blockBucket > this.bucket.start) {
      this.complete(block, blockBucket);
      outcome = "completed";
    }
    if (block.candle !== null && take(this.bucket.blocks, block.candle) && outcome === "unchanged")
      outcome = "changed";
    // The next block starts in another bucket: this one is complete.
    const next = bucketStart(block.startS + BLOCK_SECONDS, this.scale);
    if (next !== this.bucket.start) {
      this.complete(block, next);
      return "completed";
    }
    return outcome;
  }

  /** The forming block's candle; one of a bucket this is not forming is left to its block close. */
  form(candle: LiveCandle, id: string): boolean {
    if (this.early !== null) return false;
    const startS = Math.floor(Date.parse(candle.start) / 1000);
    if (bucketStart(startS, this.scale) !== this.bucket.start) return false;
    this.forming = candle;
    this.lastId = id;
    return true;
  }

  /** The forming bucket so far: its closed blocks and the forming one, combined. */
  candle(): LiveCandle | null {
    const columns = cloneColumns(this.bucket.blocks);
    if (this.forming) appendCandle(columns, this.forming);
    return combined(columns, this.scale);
  }

  /** The complete bucket before the forming one. */
  previousCandle(): LiveCandle | null {
    return this.previous === null ? null : combined(this.previous.blocks, this.scale);
  }

  private complete(block: ClosedBlock, next: number): void {
    this.previous =
      this.bucket.blocks.times.length > 0 ? { ...this.bucket, id: block.id, time: block.time } : null;
    this.bucket = { start: next, blocks: emptyCandles() };
  }
}

/** Adds a block candle to a bucket's blocks unless it has it (the store may have had it when read). */
function take(blocks: CandleColumns, candle: LiveCandle): boolean {
  const startS = Math.floor(Date.parse(candle.start) / 1000);
  if (blocks.times.includes(startS)) return false;
  appendCandle(blocks, candle);
  // A late block goes among the others in time.
  if ((blocks.times.at(-2) ?? Number.NEGATIVE_INFINITY) > startS) sortColumns(blocks);
  return true;
}

function combined(columns: CandleColumns, scale: Scale): LiveCandle | null {
  if (columns.times.length === 0) return null;
  return candleAt(combineCandles(columns, scale, 1), 0);
}

const COLUMNS = ["times", ...CANDLE_FIELDS] as const;

function cloneColumns(c: CandleColumns): CandleColumns {
  const out = emptyCandles();
  for (const column of COLUMNS) out[column] = [...c[column]];
  return out;
}

function sortColumns(c: CandleColumns): void {
  const order = c.times.map((_, i) => i).sort((a, b) => (c.times[a] as number) - (c.times[b] as number));
  for (const column of COLUMNS) {
    const values = c[column];
    c[column] = order.map((i) => values[i] as number);
  }
}

function appendCandle(columns: CandleColumns, candle: LiveCandle): void {
  columns.times.push(Math.floor(Date.parse(candle.start) / 1000));
  for (const field of CANDLE_FIELDS) columns[field].push(candle[field]);
}

function candleAt(c: CandleColumns, i: number): LiveCandle {
  const candle = { start: new Date((c.times[i] as number) * 1000).toISOString() } as LiveCandle;
  for (const field of CANDLE_FIELDS) candle[field] = c[field][i] as number;
  return candle;
}
