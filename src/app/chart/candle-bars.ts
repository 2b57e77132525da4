// A candle series' bars on the price chart: the candlesticks and the volume histograms beneath them, fed by
// a HeldSeries, drawn merged when there are too many to tell apart.
import type { ISeriesApi, UTCTimestamp } from "lightweight-charts";
import type { SeriesBars } from "../chart-models/held-series.ts";
import type { HeldExtent } from "../chart-models/history-drawing.ts";
import { firstPassLimit } from "../chart-models/series-drawing.ts";
import type { ChartCandles } from "../decoding/candles/candle-series.ts";
import { CANDLE_DRAW_LIMIT, candleBar, candleData, mergedCandles, volumeBars } from "./candle-drawing.ts";
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
  /** The forming candle's time when it is drawn as a bar after the history's last (not over it). */
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
   */
  form(candle: FormingCandle | null): void {
    const before = this.forming;
    const beyond = this.formingBeyond;
    this.forming = candle;
    if (this.drawn === null || this.merged) return;
    // A forming candle that goes (another scale, another exchange), or one older than the bar drawn beyond
    // the history (a new scale's bucket): the history is drawn again, then the new one over it.
    if (
      (candle === null && before !== null) ||
      (candle !== null && beyond !== null && candle.time < beyond)
    ) {
      this.drawMerged(this.drawn);
      return;
    }
    this.drawForming();
  }

  private drawForming(): void {
    const forming = this.forming;
    const drawn = this.drawn;
    this.formingBeyond = null;
    if (forming === null || drawn === null || this.merged) return;
    const last = drawn.times[drawn.times.length - 1];
    if (last !== undefined && forming.time < last) return;
    if (last === undefined || forming.time > last) this.formingBeyond = forming.time;
    const time = forming.time as UTCTimestamp;
    try {
      this.price.update({
        time,
        open: forming.open,
        high: forming.high,
        low: forming.low,
        close: forming.close,
      });
      this.volume.update({ time, value: forming.volume });
      this.buying.update({ time, value: forming.buyVolume });
    } catch {
      // A series holding a bar after this one (a case not foreseen above): the forming candle is left out
      // until the next, rather than taking the page down.
      this.forming = null;
      this.formingBeyond = null;
      this.drawMerged(drawn);
    }
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
