// The chart page's price chart: a PointsChartModel (its lines and areas, for the line view and for other
// exchanges overlaid) that also draws candles. A candle series is a candlestick series on the price scale
// and, beneath the candles in the same pane, the volume as a histogram on a scale of its own (an overlay
// kept to the bottom fifth by its margins, as trading screens show it): the whole volume in the selling
// colour with the buying part drawn over it, so buy and sell read stacked. Series are added, fed and
// removed in place; a live refetch that extends the shown candles goes in with series.update.
import {
  CandlestickSeries,
  HistogramSeries,
  type ISeriesApi,
  type MouseEventParams,
  type Time,
} from "lightweight-charts";
import { type ChartCandles, closesOf } from "../decoding/candles/candle-series.ts";
import {
  CANDLE_DRAW_LIMIT,
  candleBar,
  candleData,
  mergedCandles,
  timeIndex,
  volumeBars,
} from "./candle-drawing.ts";
import { candleRows } from "./candle-rows.ts";
import { seriesColour, withAlpha } from "./chart-theme.ts";
import { type CrosshairPoint, crosshairPointOf, showTooltip } from "./chart-tooltip.ts";
import { countBefore, joinCandles, prependedCandles } from "./history-drawing.ts";
import {
  type PointsChange,
  PointsChartModel,
  type PointsChartSetup,
  type SeriesSpec,
} from "./points-chart-model.ts";
import { type AfterPaint, appendFrom, defaultAfterPaint, firstPassLimit } from "./series-drawing.ts";

/** The volume's own (unseen) price scale: an overlay of the price pane. */
const VOLUME_SCALE = "volume";
/** The price pane's room: candles above, the volume's fifth below (fractions of the pane's height). */
const PRICE_MARGINS = { top: 0.1, bottom: 0.26 };
const VOLUME_MARGINS = { top: 0.8, bottom: 0 };
/** The price scale's margins without candles, as modelChartOptions sets them. */
const LINE_MARGINS = { top: 0.12, bottom: 0.08 };

export interface CandleSeriesSpec {
  /** What the tooltip calls it, e.g. "Binance" or "All exchanges". */
  label: string;
}

interface CandleEntry {
  price: ISeriesApi<"Candlestick">;
  /** The whole volume, in the selling colour; `buying` is drawn over it. */
  volume: ISeriesApi<"Histogram">;
  buying: ISeriesApi<"Histogram">;
  spec: CandleSeriesSpec;
  /** What the series shows: older history loaded for its request, then its request's answer. */
  candles: ChartCandles | null;
  /** The request's latest answer as handed in, and how many older candles are in front of it. */
  answer: ChartCandles | null;
  older: number;
  /** What is drawn: the candles, or them merged when there are too many to tell apart (candle-drawing.ts). */
  drawn: ChartCandles | null;
  source: string | null;
  cancelDetail: (() => void) | null;
}

export class CandleChartModel extends PointsChartModel {
  private readonly candles = new Map<string, CandleEntry>();
  /** The line series' specs, for the tooltip's rows beside the candles'. */
  private readonly lines = new Map<string, SeriesSpec>();
  /** The candles a line of closes was drawn from (other exchanges overlaid in the candle view). */
  private readonly closesFrom = new Map<string, ChartCandles>();
  private readonly paintThen: AfterPaint;

  constructor(
    private readonly host: HTMLElement,
    setup: PointsChartSetup = {},
  ) {
    super(host, setup);
    this.paintThen = setup.afterPaint ?? defaultAfterPaint;
  }

  override setSeries(id: string, spec: SeriesSpec): void {
    if (this.candles.has(id)) this.removeCandles(id);
    this.lines.set(id, spec);
    super.setSeries(id, spec);
  }

  override removeSeries(id: string): void {
    this.removeCandles(id);
    this.lines.delete(id);
    this.closesFrom.delete(id);
    super.removeSeries(id);
  }

  /** Adds the candle series `id` (in place of a line of that id), or renames it. */
  setCandleSeries(id: string, spec: CandleSeriesSpec): void {
    const chart = this.chart;
    if (!chart) return;
    const entry = this.candles.get(id);
    if (entry) {
      entry.spec = spec;
      return;
    }
    if (this.lines.has(id)) {
      this.lines.delete(id);
      this.closesFrom.delete(id);
      super.removeSeries(id);
    }
    const common = { priceLineVisible: false, lastValueVisible: false, title: "" };
    const volume = chart.addSeries(HistogramSeries, {
      ...common,
      priceScaleId: VOLUME_SCALE,
      priceFormat: { type: "volume" },
    });
    const buying = chart.addSeries(HistogramSeries, {
      ...common,
      priceScaleId: VOLUME_SCALE,
      priceFormat: { type: "volume" },
    });
    const price = chart.addSeries(CandlestickSeries, { ...common, lastValueVisible: true });
    chart.priceScale(VOLUME_SCALE).applyOptions({ scaleMargins: VOLUME_MARGINS });
    chart.priceScale("right").applyOptions({ scaleMargins: PRICE_MARGINS });
    const made: CandleEntry = {
      price,
      volume,
      buying,
      spec,
      candles: null,
      answer: null,
      older: 0,
      drawn: null,
      source: null,
      cancelDetail: null,
    };
    this.candles.set(id, made);
    this.colourCandles(made);
  }

  /**
   * Shows `candles` in the candle series `id`: the same request's newer answer that extends the shown
   * candles (a live refetch) with series.update from the last shown candle on (it was unfinished);
   * anything else with setData and the whole range in view. Too many candles to tell apart go in merged,
   * fewer first and then more once that frame is painted, as a large line does (series-drawing.ts).
   */
  setCandles(id: string, candles: ChartCandles, source: string): PointsChange {
    const entry = this.candles.get(id);
    if (!entry || !this.chart) return "unchanged";
    if (entry.answer === candles) return "unchanged";
    const same = entry.source === source;
    const unmerged = entry.drawn !== null && entry.drawn === entry.candles;
    const from =
      same && entry.answer && unmerged && candles.times.length + entry.older <= CANDLE_DRAW_LIMIT
        ? appendFrom(closesOf(entry.answer), closesOf(candles))
        : null;
    // The history loaded in front of this request's answers stays in front of its newer ones.
    const held = same && entry.older > 0 ? entry.candles : null;
    const older = held ? countBefore(held.times, candles.times[0] ?? Number.POSITIVE_INFINITY) : 0;
    entry.candles = held && older > 0 ? joinCandles(held, older, candles) : candles;
    entry.answer = candles;
    entry.older = older;
    entry.source = source;
    if (from !== null) {
      entry.drawn = entry.candles;
      for (let i = from; i < candles.times.length; i++) {
        const volume = volumeBars(candles, i);
        entry.price.update(candleBar(candles, i));
        entry.volume.update(volume.whole);
        entry.buying.update(volume.buying);
      }
      return "appended";
    }
    entry.cancelDetail?.();
    entry.cancelDetail = null;
    const first = Math.floor(firstPassLimit(this.host.clientWidth) / 2);
    const shown = entry.candles;
    const twoPasses = Math.min(shown.times.length, CANDLE_DRAW_LIMIT) > first;
    this.draw(entry, mergedCandles(shown, twoPasses ? first : CANDLE_DRAW_LIMIT));
    // With history loaded the reader has scrolled back: the view stays where it is.
    if (older === 0) this.chart.timeScale().fitContent();
    if (twoPasses) entry.cancelDetail = this.paintThen(() => this.drawCandleDetail(entry));
    return "set";
  }

  /**
   * Older candles in front of the candle series `id` (history loaded as the reader scrolls back): the
   * candles drawn are kept, the older merged as densely, the view kept (see history-drawing.ts).
   */
  prependCandles(id: string, older: ChartCandles, source: string): PointsChange {
    const entry = this.candles.get(id);
    const shown = entry?.candles;
    if (!entry || !shown || !entry.drawn || entry.source !== source) return "unchanged";
    const next = prependedCandles(shown, entry.drawn, older);
    if (next === null) return "unchanged";
    entry.candles = next.candles;
    entry.older += next.count;
    this.keepingView(shown.times[0] as number, () => this.draw(entry, next.drawn));
    return "prepended";
  }

  override shows(id: string, source: string): boolean {
    const entry = this.candles.get(id);
    return entry ? entry.source === source && entry.candles !== null : super.shows(id, source);
  }

  /** A line of the closes of `candles` in the line series `id` (another exchange in the candle view). */
  setCloses(id: string, candles: ChartCandles, source: string): PointsChange {
    const held = this.closesFrom.get(id);
    const change = this.setPoints(id, closesOf(candles), source);
    // The export's candles keep the older history the line keeps.
    const older = held ? countBefore(held.times, candles.times[0] ?? Number.POSITIVE_INFINITY) : 0;
    this.closesFrom.set(id, held && this.olderOf(id) > 0 ? joinCandles(held, older, candles) : candles);
    return change;
  }

  /** Older candles' closes in front of the line `id` (another exchange, following the history loaded). */
  prependCloses(id: string, older: ChartCandles, source: string): PointsChange {
    const change = this.prependPoints(id, closesOf(older), source);
    const held = this.closesFrom.get(id);
    if (change === "prepended" && held)
      this.closesFrom.set(id, joinCandles(older, countBefore(older.times, held.times[0] as number), held));
    return change;
  }

  /** Every candle series' candles and every line drawn from candles, for the export: candles first. */
  shownCandles(): { id: string; label: string; candles: ChartCandles }[] {
    const out: { id: string; label: string; candles: ChartCandles }[] = [];
    for (const [id, entry] of this.candles)
      if (entry.candles) out.push({ id, label: entry.spec.label, candles: entry.candles });
    for (const [id, candles] of this.closesFrom)
      out.push({ id, label: this.lines.get(id)?.label ?? id, candles });
    return out;
  }

  private draw(entry: CandleEntry, drawn: ChartCandles): void {
    entry.drawn = drawn;
    const { bars, whole, buying } = candleData(drawn);
    entry.price.setData(bars);
    entry.volume.setData(whole);
    entry.buying.setData(buying);
  }

  /** The second pass: up to CANDLE_DRAW_LIMIT candles, the view kept where the reader left it. */
  private drawCandleDetail(entry: CandleEntry): void {
    entry.cancelDetail = null;
    const candles = entry.candles;
    if (!this.chart || !candles || candles.times.length === 0) return;
    const timeScale = this.chart.timeScale();
    const visible = timeScale.getVisibleRange();
    this.draw(entry, mergedCandles(candles, CANDLE_DRAW_LIMIT));
    if (visible === null) timeScale.fitContent();
    else timeScale.setVisibleRange(visible);
  }

  private removeCandles(id: string): void {
    const entry = this.candles.get(id);
    if (!entry) return;
    entry.cancelDetail?.();
    this.candles.delete(id);
    for (const api of [entry.price, entry.volume, entry.buying]) this.chart?.removeSeries(api);
    if (this.candles.size === 0) this.chart?.priceScale("right").applyOptions({ scaleMargins: LINE_MARGINS });
  }

  protected override recolour(): void {
    super.recolour();
    for (const entry of this.candles.values()) this.colourCandles(entry);
  }

  /** Rising and buying in the theme's up colour, falling and selling in its down colour; volume lighter. */
  private colourCandles(entry: CandleEntry): void {
    const { up, down } = this.theme;
    entry.price.applyOptions({
      upColor: up,
      downColor: down,
      borderUpColor: up,
      borderDownColor: down,
      wickUpColor: up,
      wickDownColor: down,
    });
    entry.volume.applyOptions({ color: withAlpha(down, 0.55) });
    entry.buying.applyOptions({ color: withAlpha(up, 0.55) });
  }

  protected override release(): void {
    for (const entry of this.candles.values()) entry.cancelDetail?.();
    this.candles.clear();
    this.lines.clear();
    this.closesFrom.clear();
    super.release();
  }

  protected override crosshairMoved(param: MouseEventParams<Time>): void {
    if (this.candles.size === 0) {
      super.crosshairMoved(param);
      return;
    }
    const lines = new Map<string, { api: ISeriesApi<"Line"> | ISeriesApi<"Area"> }>();
    // Only the lines' values are read from the crosshair; a candle's come from its own columns.
    const point = crosshairPointOf(param, lines);
    if (point !== null) for (const [id, value] of this.lineValues(param)) point.values.set(id, value);
    this.showCandleTooltip(point);
  }

  /** Each line's value under the crosshair: its closes (or points) at the crosshair's time. */
  private lineValues(param: MouseEventParams<Time>): Map<string, number> {
    const out = new Map<string, number>();
    if (typeof param.time !== "number") return out;
    for (const { id, points } of this.shown()) {
      if (!this.lines.has(id)) continue;
      const at = timeIndex(points.times, param.time);
      if (at !== null) out.set(id, points.values[at] as number);
    }
    return out;
  }

  /** The time; each candle series' open, high, low, close, volume (buy and sell) and trades; each line. */
  private showCandleTooltip(point: CrosshairPoint | null): void {
    const tip = this.tooltip;
    if (!tip) return;
    const rows = new Map<string, ReturnType<typeof candleRows>[number]>();
    if (point !== null && typeof point.time === "number") {
      const withCandles = new Map<string, number>();
      for (const [id, entry] of this.candles) {
        const drawn = entry.drawn;
        const at = drawn ? timeIndex(drawn.times, point.time) : null;
        if (!drawn || at === null) continue;
        candleRows(entry.spec.label, drawn, at, this.theme, (v) => this.formatValue(v)).forEach((row, k) => {
          rows.set(`${id}#${k}`, row);
          withCandles.set(`${id}#${k}`, 0);
        });
      }
      // The candles' rows first, then the lines', in the order showTooltip walks the point's values.
      point.values = new Map([...withCandles, ...point.values]);
    }
    showTooltip(
      tip,
      point,
      (id, value) => {
        const candleRow = rows.get(id);
        if (candleRow) return candleRow;
        const spec = this.lines.get(id);
        if (!spec) return null;
        return {
          colour: seriesColour(this.theme, spec.colourIndex),
          text: `${spec.label}: ${this.formatValue(value)}`,
        };
      },
      (time) => this.formatTime(time),
    );
  }
}
