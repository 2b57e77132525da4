// The chart page's price chart: candles, lines (for the line view and other exchanges overlaid) and the
// chosen point. Beneath the candles the volume is a histogram in the bottom fifth, as trading screens show
// it: the whole volume in the selling colour with the buying part drawn over it, so buy and sell read stacked.
import {
  CandlestickSeries,
  HistogramSeries,
  type IChartApi,
  type ISeriesApi,
  type MouseEventParams,
  type SeriesType,
  type Time,
} from "lightweight-charts";
import { ChartLines, type SeriesSpec } from "../chart-models/chart-lines.ts";
import { ChartModel, type ChartSetup } from "../chart-models/chart-model.ts";
import { type ValueFormatting, withAlpha } from "../chart-models/chart-theme.ts";
import { crosshairPointOf, lineRow, showTooltip } from "../chart-models/chart-tooltip.ts";
import { HeldSeries, type PointsChange } from "../chart-models/held-series.ts";
import { countBefore } from "../chart-models/history-drawing.ts";
import { type ChartCandles, closesOf } from "../decoding/candles/candle-series.ts";
import type { ChartPoints } from "../decoding/chart-points/point-series.ts";
import { CandleBars, type FormingCandle } from "./candle-bars.ts";
import { timeIndex } from "./candle-drawing.ts";
import { concatCandles, firstCandles, joinCandles } from "./candle-history.ts";
import { showCandleTooltip } from "./candle-tooltip.ts";
import { seriesIdOf } from "./chart-params.ts";
import { type CreateMarkersFn, PointPicker } from "./point-picking.ts";

/** The volume's own (unseen) price scale: an overlay of the price pane. */
const VOLUME_SCALE = "volume";
/** The price pane's room: candles above, the volume's fifth below (fractions of the pane's height). */
const PRICE_MARGINS = { top: 0.1, bottom: 0.26 };
const VOLUME_MARGINS = { top: 0.8, bottom: 0 };
/** The price scale's margins without candles, as modelChartOptions sets them. */
const LINE_MARGINS = { top: 0.12, bottom: 0.08 };

/** The series the chosen point is marked on: the main one, candles or line. */
const MARKED = seriesIdOf(null, true);

export interface CandleChartSetup extends ChartSetup {
  createMarkers?: CreateMarkersFn;
}

/** The chart page's options; its series come and go through setSeries, fed by each series' query. */
export interface CandleChartOptions {
  valueFormat?: ValueFormatting;
}

export interface CandleSeriesSpec {
  /** What the tooltip calls it, e.g. "Binance" or "All exchanges". */
  label: string;
}

interface CandleEntry {
  spec: CandleSeriesSpec;
  bars: CandleBars;
  /** What it shows (older history loaded for its request, then its response) and how that changes. */
  held: HeldSeries<ChartCandles>;
}

export class CandleChartModel extends ChartModel<CandleChartOptions> {
  private readonly lines = new ChartLines(() => this.chart, this.seriesHost);
  private readonly candles = new Map<string, CandleEntry>();
  /** The candles each line of closes was drawn from, as parts joined only when read, as in HeldSeries. */
  private readonly closesFrom = new Map<string, ChartCandles[]>();
  private readonly picker: PointPicker;

  constructor(container: HTMLElement, setup: CandleChartSetup = {}) {
    // By default the points are USD, written in US dollars.
    const valueFormat = setup.valueFormat ?? { currency: "USD", rate: 1 };
    super(container, { ...setup, valueFormat });
    this.picker = new PointPicker(
      this.chart as IChartApi,
      () => this.seriesApi(MARKED),
      this.theme.text,
      setup.createMarkers,
    );
  }

  update(options: CandleChartOptions): void {
    if (options.valueFormat) this.setValueFormat(options.valueFormat);
  }

  /** Adds the line `id` (in place of candles of that id), or renames and recolours it. */
  setSeries(id: string, spec: SeriesSpec): void {
    this.changing(id, () => {
      if (this.candles.has(id)) this.removeCandles(id);
      this.lines.set(id, spec, this.theme);
    });
  }

  removeSeries(id: string): void {
    this.changing(id, () => {
      this.removeCandles(id);
      this.closesFrom.delete(id);
      this.lines.remove(id);
    });
  }

  /** Adds the candle series `id` (in place of a line of that id), or renames it. */
  setCandleSeries(id: string, spec: CandleSeriesSpec): void {
    this.changing(id, () => this.addCandles(id, spec));
  }

  /** Calls `pick` with the time of each point clicked (PointPicker.onPointClick); returns its removal. */
  onPointClick(pick: (time: number) => void): () => void {
    return this.picker.onPointClick(pick);
  }

  /** Marks the point at `time` on the main series, candles or line (PointPicker.markPoint); null unmarks. */
  markPoint(time: number | null): void {
    this.picker.markPoint(time);
  }

  /** Shows `points` in the line `id` (ChartLines.setPoints). */
  setPoints(id: string, points: ChartPoints, source: string): PointsChange {
    return this.lines.setPoints(id, points, source);
  }

  /** Older points in front of the line `id`, the view kept (ChartLines.prependPoints). */
  prependPoints(id: string, older: ChartPoints, source: string): PointsChange {
    return this.lines.prependPoints(id, older, source);
  }

  /** Shows `candles` in the candle series `id` (see HeldSeries.set). */
  setCandles(id: string, candles: ChartCandles, source: string): PointsChange {
    const entry = this.candles.get(id);
    return entry ? entry.held.set(candles, source) : "unchanged";
  }

  /**
   * The candle series `id`'s bucket being formed, from the live stream, and the newest it closed
   * (CandleBars.form); null: none.
   */
  formCandle(id: string, candle: FormingCandle | null, closed: FormingCandle | null = null): void {
    this.candles.get(id)?.bars.form(candle, closed);
  }

  /** Older candles in front of the candle series `id` (see HeldSeries.prepend). */
  prependCandles(id: string, older: ChartCandles, source: string): PointsChange {
    const entry = this.candles.get(id);
    return entry ? entry.held.prepend(older, source) : "unchanged";
  }

  /** Whether the series `id` shows the response to `source` (older history can go in front of it). */
  shows(id: string, source: string): boolean {
    const entry = this.candles.get(id);
    return entry ? entry.held.shows(source) : this.lines.shows(id, source);
  }

  /** A line of the closes of `candles` in the line series `id` (another exchange in the candle view). */
  setCloses(id: string, candles: ChartCandles, source: string): PointsChange {
    const held = this.closesCandles(id);
    const change = this.lines.setPoints(id, closesOf(candles), source);
    // The export's candles keep the older history the line keeps.
    const older = held ? countBefore(held.times, candles.times[0] ?? Number.POSITIVE_INFINITY) : 0;
    this.closesFrom.set(id, [
      held && this.lines.olderOf(id) > 0 ? joinCandles(held, older, candles) : candles,
    ]);
    return change;
  }

  /** Older candles' closes in front of the line `id` (another exchange, following the history loaded). */
  prependCloses(id: string, older: ChartCandles, source: string): PointsChange {
    const change = this.lines.prependPoints(id, closesOf(older), source);
    const parts = this.closesFrom.get(id);
    const first = parts?.[0]?.times[0];
    if (change !== "prepended" || parts === undefined || first === undefined) return change;
    const count = countBefore(older.times, first);
    if (count > 0) parts.unshift(firstCandles(older, count));
    return change;
  }

  /** All the series `id` holds, older history in front of its response; null before any response. */
  held(id: string): ChartPoints | ChartCandles | null {
    const candles = this.candles.get(id);
    return candles ? candles.held.held : this.lines.held(id);
  }

  /** The points each line shows, for the export. */
  shown(): { id: string; spec: SeriesSpec; points: ChartPoints }[] {
    return this.lines.shown();
  }

  /** Every candle series' candles and every line drawn from candles, for the export: candles first. */
  shownCandles(): { id: string; label: string; candles: ChartCandles }[] {
    const out: { id: string; label: string; candles: ChartCandles }[] = [];
    for (const [id, entry] of this.candles)
      if (entry.held.held) out.push({ id, label: entry.spec.label, candles: entry.held.held });
    for (const id of this.closesFrom.keys()) {
      const candles = this.closesCandles(id);
      if (candles) out.push({ id, label: this.lines.spec(id)?.label ?? id, candles });
    }
    return out;
  }

  /** Runs `change` to the series `id`; when that is the marked series, which it may replace, the mark follows. */
  private changing(id: string, change: () => void): void {
    if (id === MARKED) this.picker.following(change);
    else change();
  }

  /** A candle series' candlesticks, else the line's series. */
  private seriesApi(id: string): ISeriesApi<SeriesType> | null {
    return this.candles.get(id)?.bars.price ?? this.lines.api(id);
  }

  /** The candles the line `id` was drawn from, its parts joined (and kept joined). */
  private closesCandles(id: string): ChartCandles | undefined {
    const parts = this.closesFrom.get(id);
    if (parts === undefined || parts.length <= 1) return parts?.[0];
    const joined = concatCandles(parts);
    this.closesFrom.set(id, [joined]);
    return joined;
  }

  private addCandles(id: string, spec: CandleSeriesSpec): void {
    const chart = this.chart;
    if (!chart) return;
    const entry = this.candles.get(id);
    if (entry) {
      entry.spec = spec;
      return;
    }
    this.closesFrom.delete(id);
    this.lines.remove(id);
    const common = { priceLineVisible: false, lastValueVisible: false, title: "" };
    const histogram = () =>
      chart.addSeries(HistogramSeries, {
        ...common,
        priceScaleId: VOLUME_SCALE,
        priceFormat: { type: "volume" },
      });
    const volume = histogram();
    const buying = histogram();
    const price = chart.addSeries(CandlestickSeries, { ...common, lastValueVisible: true });
    chart.priceScale(VOLUME_SCALE).applyOptions({ scaleMargins: VOLUME_MARGINS });
    chart.priceScale("right").applyOptions({ scaleMargins: PRICE_MARGINS });
    const bars = new CandleBars(price, volume, buying);
    const made: CandleEntry = { spec, bars, held: new HeldSeries(bars, this.seriesHost) };
    this.candles.set(id, made);
    this.colourCandles(made);
  }

  private removeCandles(id: string): void {
    const entry = this.candles.get(id);
    if (!entry) return;
    entry.held.cancel();
    this.candles.delete(id);
    const { price, volume, buying } = entry.bars;
    for (const api of [price, volume, buying]) this.chart?.removeSeries(api);
    if (this.candles.size === 0) this.chart?.priceScale("right").applyOptions({ scaleMargins: LINE_MARGINS });
  }

  protected recolour(): void {
    this.lines.recolour(this.theme);
    for (const entry of this.candles.values()) this.colourCandles(entry);
    this.picker.recolour(this.theme.text);
  }

  /** Rising and buying in the theme's up colour, falling and selling in its down colour; volume lighter. */
  private colourCandles({ bars }: CandleEntry): void {
    const { up, down } = this.theme;
    bars.price.applyOptions({
      upColor: up,
      downColor: down,
      borderUpColor: up,
      borderDownColor: down,
      wickUpColor: up,
      wickDownColor: down,
    });
    bars.volume.applyOptions({ color: withAlpha(down, 0.55) });
    bars.buying.applyOptions({ color: withAlpha(up, 0.55) });
  }

  protected override release(): void {
    this.picker.release();
    for (const entry of this.candles.values()) entry.held.cancel();
    this.candles.clear();
    this.closesFrom.clear();
    this.lines.release();
  }

  protected crosshairMoved(param: MouseEventParams<Time>): void {
    const tip = this.tooltip;
    if (!tip) return;
    if (this.candles.size === 0) {
      // The time, then one row per line with its colour swatch.
      showTooltip(
        tip,
        this.lines.crosshairPoint(param),
        (id, value) => {
          const spec = this.lines.spec(id);
          return spec ? lineRow(spec, this.theme, this.formatValue(value)) : null;
        },
        (time) => this.formatTime(time),
      );
      return;
    }
    // Only the lines' values are read from the crosshair; a candle's come from its own columns.
    const point = crosshairPointOf(param, new Map());
    if (point !== null) for (const [id, value] of this.lineValues(param)) point.values.set(id, value);
    showCandleTooltip(tip, point, {
      candles: [...this.candles].map(([id, entry]) => [
        id,
        { label: entry.spec.label, candleAt: (time: number) => entry.bars.candleAt(time) },
      ]),
      lineSpec: (id) => this.lines.spec(id),
      theme: this.theme,
      writeValue: (value) => this.formatValue(value),
      writeTime: (time) => this.formatTime(time),
    });
  }

  /** Each line's value under the crosshair: its closes (or points) at the crosshair's time. */
  private lineValues(param: MouseEventParams<Time>): Map<string, number> {
    const out = new Map<string, number>();
    if (typeof param.time !== "number") return out;
    for (const { id, points } of this.lines.shown()) {
      const at = timeIndex(points.times, param.time);
      if (at !== null) out.set(id, points.values[at] as number);
    }
    return out;
  }
}
