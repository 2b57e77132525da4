// One series' state in the aggregation (aggregator.ts): its three filters and the candle of the block under
// way, closed each block into figures (ClosedFigures) or a row.
import { BLOCK_SECONDS } from "../../interface/vocabulary.ts";
import { amountOfUnits, amountUnits, roundPrice } from "../store/block-rounding.ts";
import type { BlockRow } from "../store/store.ts";
import { MairFilter, MedirFilter, MovingAverageFilter } from "./filters.ts";

/** Filter state of one series, carried from block to block, and the figures of the block under way. */
export class SeriesState {
  readonly ma: MovingAverageFilter;
  readonly mair: MairFilter;
  readonly medir = new MedirFilter();
  volumeUSD = 0;
  trades = 0;
  lastTradeMs = 0;
  open = 0;
  high = Number.NEGATIVE_INFINITY;
  low = Number.POSITIVE_INFINITY;
  last = 0;
  buyVolume = 0;
  sellVolume = 0;
  buyUnits = 0;
  sellUnits = 0;

  constructor(
    readonly id: number,
    startMs: number,
  ) {
    this.ma = new MovingAverageFilter(startMs);
    this.mair = new MairFilter(startMs);
  }

  take(timeMs: number, price: number, volume: number): void {
    this.ma.computeAt(timeMs, price);
    this.mair.computeAt(timeMs, price);
    this.takeCandle(timeMs, price, volume);
  }

  private takeCandle(timeMs: number, price: number, volume: number): void {
    this.medir.computeAt(timeMs, price);
    if (this.trades === 0) this.open = price;
    if (price > this.high) this.high = price;
    if (price < this.low) this.low = price;
    this.last = price;
    // A trade's volume is signed by the taker's side: negative for a sell.
    if (volume < 0) {
      this.sellVolume -= volume;
      this.sellUnits += amountUnits(volume);
    } else {
      this.buyVolume += volume;
      this.buyUnits += amountUnits(volume);
    }
    this.volumeUSD += Math.abs(volume) * price;
    this.trades += 1;
    this.lastTradeMs = timeMs;
  }

  /** The figures of the block closed last (see closeFigures). */
  readonly closed = new ClosedFigures();

  /** Closes the block; null while the series has never traded (no MA120 yet). */
  close(blockEndMs: number): BlockRow | null {
    return this.closeFigures(blockEndMs) ? rowOf(this.id, blockEndMs / 1000, this.closed) : null;
  }

  /**
   * Closes the block into `closed` (numbers, NaN for null) without making a row; false while the series
   * has never traded (no MA120 yet). A seed packs most blocks straight from these.
   */
  closeFigures(blockEndMs: number): boolean {
    const mair = this.mair.closeBlock();
    const ma = this.ma.closeBlock(blockEndMs);
    const medir = this.medir.closeBlock();
    const traded = this.trades > 0;
    const out = this.closed;
    const made = !Number.isNaN(ma);
    if (made) {
      // Prices are kept to nine significant digits as the block is made, so that its rows and its packed
      // day (stored as integers) hold the same numbers.
      out.ma120 = roundPrice(ma);
      out.mair120 = Number.isNaN(mair) ? Number.NaN : roundPrice(mair);
      out.medir120 = Number.isNaN(medir) ? Number.NaN : roundPrice(medir);
      out.lastTradeOffset = traded
        ? Math.floor((this.lastTradeMs - (blockEndMs - BLOCK_SECONDS * 1000)) / 1000)
        : Number.NaN;
      out.volumeUSD = this.volumeUSD;
      out.trades = this.trades;
      out.open = traded ? roundPrice(this.open) : Number.NaN;
      out.high = traded ? roundPrice(this.high) : Number.NaN;
      out.low = traded ? roundPrice(this.low) : Number.NaN;
      out.close = traded ? roundPrice(this.last) : Number.NaN;
      out.buyVolume = amountOfUnits(this.buyUnits, this.buyVolume);
      out.sellVolume = amountOfUnits(this.sellUnits, this.sellVolume);
      out.tradesLeftOut = this.medir.leftOut;
    }
    this.volumeUSD = 0;
    this.trades = 0;
    this.high = Number.NEGATIVE_INFINITY;
    this.low = Number.POSITIVE_INFINITY;
    this.buyVolume = 0;
    this.sellVolume = 0;
    this.buyUnits = 0;
    this.sellUnits = 0;
    return made;
  }
}

/** A closed block's figures as numbers, NaN where its row has null: what a packed day is made of. */
export class ClosedFigures {
  ma120 = 0;
  mair120 = Number.NaN;
  medir120 = Number.NaN;
  lastTradeOffset = Number.NaN;
  volumeUSD = 0;
  trades = 0;
  open = Number.NaN;
  high = Number.NaN;
  low = Number.NaN;
  close = Number.NaN;
  buyVolume = 0;
  sellVolume = 0;
  tradesLeftOut = 0;
}

const orNull = (x: number): number | null => (Number.isNaN(x) ? null : x);

/** The row of a series' closed block. */
export function rowOf(series: number, time: number, f: ClosedFigures): BlockRow {
  return {
    series,
    time,
    ma120: f.ma120,
    mair120: orNull(f.mair120),
    medir120: orNull(f.medir120),
    lastTradeOffset: orNull(f.lastTradeOffset),
    volumeUSD: f.volumeUSD,
    trades: f.trades,
    open: orNull(f.open),
    high: orNull(f.high),
    low: orNull(f.low),
    close: orNull(f.close),
    buyVolume: f.buyVolume,
    sellVolume: f.sellVolume,
    tradesLeftOut: f.tradesLeftOut,
  };
}
