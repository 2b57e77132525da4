// A candle series' bars on the price chart: the candlesticks and the volume histograms beneath them, fed by
// a HeldSeries, drawn merged when there are too many to tell apart.
import type { ISeriesApi } from "lightweight-charts";
import type { SeriesBars } from "../chart-models/held-series.ts";
import type { HeldExtent } from "../chart-models/history-drawing.ts";
import { firstPassLimit } from "../chart-models/series-drawing.ts";
import type { ChartCandles } from "../decoding/candles/candle-series.ts";
import { CANDLE_DRAW_LIMIT, candleBar, candleData, mergedCandles, volumeBars } from "./candle-drawing.ts";
import { concatCandles, joinCandles, prependedCandles } from "./candle-history.ts";

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

  constructor(
    readonly price: ISeriesApi<"Candlestick">,
    readonly volume: ISeriesApi<"Histogram">,
    readonly buying: ISeriesApi<"Histogram">,
  ) {}

  firstPass(width: number): number {
    return Math.floor(firstPassLimit(width) / 2);
  }

  /** A live refetch goes in with update only while nothing is merged, nor would be. */
  appendable(_held: ChartCandles | null, next: ChartCandles, older: number): boolean {
    return this.drawn !== null && !this.merged && next.times.length + older <= CANDLE_DRAW_LIMIT;
  }

  append(held: ChartCandles, next: ChartCandles, from: number): void {
    this.drawn = held;
    for (let i = from; i < next.times.length; i++) {
      const volume = volumeBars(next, i);
      this.price.update(candleBar(next, i));
      this.volume.update(volume.whole);
      this.buying.update(volume.buying);
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
  }
}
