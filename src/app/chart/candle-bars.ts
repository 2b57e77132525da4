// A candle series' bars on the price chart: the candlesticks and the volume histograms beneath them, fed by
// a HeldSeries, drawn merged when there are too many to tell apart.
import type { ISeriesApi, UTCTimestamp } from "lightweight-charts";
import type { SeriesBars } from "../chart-models/held-series.ts";
import type { HeldExtent } from "../chart-models/history-drawing.ts";
import { firstPassLimit } from "../chart-models/series-drawing.ts";
import type { ChartCandles } from "../decoding/candles/candle-series.ts";
import {
  CANDLE_DRAW_LIMIT,
  candleBar,
  candleData,
  mergedCandles,
  timeIndex,
  volumeBars,
} from "./candle-drawing.ts";
import { concatCandles, joinCandles, prependedCandles } from "./candle-history.ts";

/** A bucket's candle as the stream forms it: its start (seconds) and USD prices, volumes in the coin. */
export interface FormingCandle {
  time: number;
  open: number;
  high: number;
  low: number;
  close: number;
  volume: number;
  buyVolume: number;
  sellVolume: number;
  trades: number;
}

/** One candle's figures, as the tooltip writes them. */
export type CandleFigures = Omit<FormingCandle, "time">;

/** The closed buckets kept beyond the history: a history response comes once a block, each holding them. */
const CLOSED_KEPT = 16;

function sameCandle(a: FormingCandle, b: FormingCandle): boolean {
  return (
    a.time === b.time &&
    a.open === b.open &&
    a.high === b.high &&
    a.low === b.low &&
    a.close === b.close &&
    a.volume === b.volume &&
    a.trades === b.trades
  );
}

/** Half as many candles in the first pass as a line's points, as a candle is three bars. */
export class CandleBars implements SeriesBars<ChartCandles> {
  readonly limit = CANDLE_DRAW_LIMIT;
  readonly refitsDetail = false;
  readonly join = joinCandles;
  readonly concat = concatCandles;
  /** What is drawn: the candles held, or them merged. */
  drawn: ChartCandles | null = null;
  /** Whether `drawn` merges candles; if not, it is every candle held, one bar each. */
  private merged = false;
  /** The bucket being formed, as the live stream last told it; drawn over the history's last bar. */
  private forming: FormingCandle | null = null;
  /**
   * Buckets the stream closed (their final candles) from the history's last bar on: drawn until a history
   * response has them, so a closed bar keeps its final figures rather than the last forming ones.
   */
  private closed: FormingCandle[] = [];
  /** The newest live bar's time when it is drawn after the history's last (not over it). */
  private formingBeyond: number | null = null;

  constructor(
    readonly price: ISeriesApi<"Candlestick">,
    readonly volume: ISeriesApi<"Histogram">,
    readonly buying: ISeriesApi<"Histogram">,
  ) {}

  firstPass(width: number): number {
    return Math.floor(firstPassLimit(width) / 2);
  }

  /**
   * A live refetch goes in with update only while nothing is merged, nor would be, and no forming candle
   * is drawn beyond the history: lightweight-charts refuses an update older than the series' last bar.
   */
  appendable(_held: ChartCandles | null, next: ChartCandles, older: number): boolean {
    return (
      this.drawn !== null &&
      !this.merged &&
      this.formingBeyond === null &&
      next.times.length + older <= CANDLE_DRAW_LIMIT
    );
  }

  append(held: ChartCandles, next: ChartCandles, from: number): void {
    this.drawn = held;
    for (let i = from; i < next.times.length; i++) {
      const volume = volumeBars(next, i);
      this.price.update(candleBar(next, i));
      this.volume.update(volume.whole);
      this.buying.update(volume.buying);
    }
    this.drawForming();
  }

  /**
   * The forming candle, with series.update: it moves the last bar in place, or starts the next bucket's.
   * It stays drawn over each history response (which knows only the closed blocks) until that has its
   * bucket; while bars are merged (too many to draw one each) a single bucket has no bar of its own.
   * `closed` is the newest bucket the stream closed: its bar gets the final figures, also when the next
   * bucket's first candle came in the same batch of events (the forming one's last figures may lack trades).
   */
  form(candle: FormingCandle | null, closed: FormingCandle | null = null): void {
    const before = this.forming;
    const beyond = this.formingBeyond;
    this.forming = candle;
    if (candle === null) {
      const hadLive = before !== null || this.closed.length > 0;
      this.closed = [];
      // The forming candle goes (another scale, another exchange): the history is drawn again, alone.
      if (hadLive && this.drawn !== null && !this.merged) this.drawMerged(this.drawn);
      return;
    }
    // The bucket that was forming stays drawn as last seen until its final candle (or history) comes: a
    // redraw in between would otherwise leave a gap where it was.
    if (before !== null && before.time < candle.time && !this.closed.some((c) => c.time === before.time))
      this.keepClosed(before);
    const fresh =
      closed !== null && closed.time < candle.time && !this.closed.some((c) => sameCandle(c, closed));
    if (fresh) this.keepClosed(closed);
    const drawn = this.drawn;
    if (drawn === null || this.merged) return;
    // A candle older than the bar drawn beyond the history (a new scale's bucket): drawn again, then it.
    if (beyond !== null && candle.time < beyond) {
      this.drawMerged(drawn);
      return;
    }
    const last = drawn.times[drawn.times.length - 1];
    try {
      if (fresh && (last === undefined || closed.time >= last)) this.drawBar(closed, last);
      if (last === undefined || candle.time >= last) this.drawBar(candle, last);
    } catch {
      // A series refusing a bar (a closed bucket it never drew, older than its last): the history and the
      // live bars are drawn again in order (drawForming leaves them out if even that is refused).
      this.drawMerged(drawn);
    }
  }

  private keepClosed(candle: FormingCandle): void {
    const kept = this.closed.filter((c) => c.time !== candle.time);
    kept.push(candle);
    kept.sort((a, b) => a.time - b.time);
    this.closed = kept.slice(-CLOSED_KEPT);
  }

  /** The closed buckets from the history's last bar on, then the forming one: the live bars, oldest first. */
  private liveBars(): FormingCandle[] {
    const drawn = this.drawn;
    const last = drawn?.times[drawn.times.length - 1];
    const forming = this.forming;
    const bars = this.closed.filter(
      (c) => (last === undefined || c.time >= last) && (forming === null || c.time < forming.time),
    );
    if (forming !== null && (last === undefined || forming.time >= last)) bars.push(forming);
    return bars;
  }

  /**
   * One live bar, with series.update: on or after the series' last bar, or over an older one it already
   * holds (a bucket's final candle coming after the next bucket's first).
   */
  private drawBar(bar: FormingCandle, historyLast: number | undefined): void {
    const time = bar.time as UTCTimestamp;
    const older = this.formingBeyond !== null && bar.time < this.formingBeyond;
    this.price.update({ time, open: bar.open, high: bar.high, low: bar.low, close: bar.close }, older);
    this.volume.update({ time, value: bar.volume }, older);
    this.buying.update({ time, value: bar.buyVolume }, older);
    if ((historyLast === undefined || bar.time > historyLast) && !older) this.formingBeyond = bar.time;
  }

  /** Every live bar over freshly drawn history (each at or after the one before). */
  private drawForming(): void {
    const drawn = this.drawn;
    this.formingBeyond = null;
    if (drawn === null || this.merged) return;
    const last = drawn.times[drawn.times.length - 1];
    // A history that now holds a closed bucket draws it itself: the stream's copy is let go here, where the
    // history changes, not on every read.
    if (last !== undefined) this.closed = this.closed.filter((c) => c.time >= last);
    try {
      for (const bar of this.liveBars()) this.drawBar(bar, last);
    } catch {
      this.forming = null;
      this.closed = [];
      this.formingBeyond = null;
      this.drawMerged(drawn);
    }
  }

  /**
   * The candle drawn at `time` (seconds): the forming one where it is drawn (over the history's last bar or
   * beyond it), else the history's; null where no bar is.
   */
  candleAt(time: number): CandleFigures | null {
    const drawn = this.drawn;
    if (drawn === null) return null;
    if (!this.merged) {
      const live = this.liveBars().find((bar) => bar.time === time);
      if (live !== undefined) return live;
    }
    const i = timeIndex(drawn.times, time);
    if (i === null) return null;
    const at = (column: Float64Array) => column[i] as number;
    return {
      open: at(drawn.open),
      high: at(drawn.high),
      low: at(drawn.low),
      close: at(drawn.close),
      volume: at(drawn.volume),
      buyVolume: at(drawn.buyVolume),
      sellVolume: at(drawn.sellVolume),
      trades: at(drawn.trades),
    };
  }

  draw(held: ChartCandles, limit: number): void {
    const drawn = mergedCandles(held, limit);
    this.merged = drawn !== held;
    this.drawMerged(drawn);
  }

  prepended(held: HeldExtent, older: ChartCandles) {
    const drawn = this.drawn;
    if (!drawn) return null;
    const next = prependedCandles(held, drawn, older);
    if (next === null) return null;
    const { part, partDrawn } = next;
    return {
      part,
      redraw: () => {
        // The bars drawn stay as they are; the older ones (merged as densely) go in front of them.
        this.merged ||= partDrawn !== part;
        this.drawMerged(joinCandles(partDrawn, partDrawn.times.length, drawn));
      },
    };
  }

  private drawMerged(drawn: ChartCandles): void {
    this.drawn = drawn;
    const { bars, whole, buying } = candleData(drawn);
    this.price.setData(bars);
    this.volume.setData(whole);
    this.buying.setData(buying);
    this.drawForming();
  }
}
