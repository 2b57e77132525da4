// A chart of chart points: series by id, each a line or an area, added, renamed, fed and removed in place.
// The chart page's price chart is one; the small chart (mini-chart-model.ts) is one configured small. The
// points go from the query cache straight into the series, never through React state; the crosshair fills
// the tooltip element with the time and each series' value.
import {
  AreaSeries,
  type ISeriesApi,
  LineSeries,
  type LineWidth,
  type MouseEventParams,
  type SeriesType,
  type Time,
  type UTCTimestamp,
} from "lightweight-charts";
import type { ChartCandles } from "../decoding/candles/candle-series.ts";
import type { ChartPoints } from "../decoding/chart-points/point-series.ts";
import { ChartModel, type ChartSetup } from "./chart-model.ts";
import { areaColours, seriesColour, type ValueFormatting } from "./chart-theme.ts";
import { type CrosshairPoint, crosshairPointOf, lineRow, showTooltip } from "./chart-tooltip.ts";
import { DRAW_LIMIT, drawnIndices } from "./decimate.ts";
import { HeldSeries, type PointsChange, type SeriesBars, type SeriesHost } from "./held-series.ts";
import {
  concatPoints,
  countBefore,
  firstPoints,
  type HeldExtent,
  joinPoints,
  olderBars,
} from "./history-drawing.ts";
import { type AfterPaint, defaultAfterPaint, firstPassLimit, lineData } from "./series-drawing.ts";

export interface PointsChartSetup extends ChartSetup {
  /** The element the model fills with the time and each series' value under the crosshair. */
  tooltip?: HTMLElement | null;
  afterPaint?: AfterPaint;
}

/** The chart page's options; its series come and go through setSeries, fed by each series' query. */
export interface PointsChartOptions {
  valueFormat?: ValueFormatting;
}

/** Above this many points in a series, the time scale conflates points that share a pixel. */
export const CONFLATION_FROM = 2_000;

export interface SeriesSpec {
  /** What the legend and tooltip call it, e.g. "Binance" or "All exchanges". */
  label: string;
  kind: "area" | "line";
  /** Which of the theme's series colours it takes (0: the main series' accent). */
  colourIndex: number;
}

/** A line or an area: its points thinned to what the chart can show, a live refetch appended. */
class LineBars implements SeriesBars<ChartPoints> {
  readonly limit = DRAW_LIMIT;
  readonly refitsDetail = true;
  readonly firstPass = firstPassLimit;
  readonly join = joinPoints;
  readonly concat = concatPoints;

  constructor(
    readonly api: ISeriesApi<"Line"> | ISeriesApi<"Area">,
    /** After the points drawn change: the chart's conflation follows the largest series. */
    private readonly drawnChanged: () => void,
  ) {}

  appendable(): boolean {
    return true;
  }

  append(_held: ChartPoints, next: ChartPoints, from: number): void {
    for (let i = from; i < next.times.length; i++) {
      this.api.update({ time: next.times[i] as UTCTimestamp, value: next.values[i] as number });
    }
    this.drawnChanged();
  }

  draw(held: ChartPoints, limit: number): void {
    this.api.setData(lineData(held, drawnIndices(held.values, limit)));
    this.drawnChanged();
  }

  prepended(held: HeldExtent, older: ChartPoints) {
    if (held.length === 0) return null;
    const count = countBefore(older.times, held.first as number);
    if (count === 0) return null;
    const drawn = this.api.data() as ReturnType<typeof lineData>;
    const part = firstPoints(older, count);
    const olderData = lineData(older, drawnIndices(part.values, olderBars(count, held.length, drawn.length)));
    return { part, redraw: () => this.api.setData(olderData.concat(drawn)) };
  }
}

interface SeriesEntry {
  api: ISeriesApi<"Line"> | ISeriesApi<"Area">;
  spec: SeriesSpec;
  /** What it shows and how that changes (held-series.ts). */
  line: HeldSeries<ChartPoints>;
}

export class PointsChartModel<
  Options extends PointsChartOptions = PointsChartOptions,
> extends ChartModel<Options> {
  private readonly series = new Map<string, SeriesEntry>();
  private conflating = false;
  protected readonly tooltip: HTMLElement | null;
  /** What every held series (a line here, candles in CandleChartModel) asks of this chart. */
  protected readonly seriesHost: SeriesHost;

  constructor(container: HTMLElement, setup: PointsChartSetup = {}) {
    // By default the points are USD, written in US dollars.
    const valueFormat = setup.valueFormat ?? { currency: "USD", rate: 1 };
    super(container, { ...setup, valueFormat });
    this.tooltip = setup.tooltip ?? null;
    this.seriesHost = {
      timeScale: () => this.chart?.timeScale() ?? null,
      width: () => container.clientWidth,
      afterPaint: setup.afterPaint ?? defaultAfterPaint,
      keepingView: (anchor, redraw) => this.keepingView(anchor, redraw),
    };
  }

  update(options: Options): void {
    if (options.valueFormat) this.setValueFormat(options.valueFormat);
  }

  /** Adds the series `id`, or renames and recolours it. */
  setSeries(id: string, spec: SeriesSpec): void {
    const chart = this.chart;
    if (!chart) return;
    const entry = this.series.get(id);
    if (entry) {
      const recolour = entry.spec.colourIndex !== spec.colourIndex;
      entry.spec = spec;
      if (recolour) this.colour(entry);
      return;
    }
    const colour = seriesColour(this.theme, spec.colourIndex);
    const common = { lineWidth: 2 as LineWidth, priceLineVisible: false, lastValueVisible: true, title: "" };
    const api =
      spec.kind === "area"
        ? chart.addSeries(AreaSeries, { ...common, ...areaColours(colour) })
        : chart.addSeries(LineSeries, { ...common, color: colour });
    const line = new HeldSeries(new LineBars(api, () => this.updateConflation()), this.seriesHost);
    this.series.set(id, { api, spec, line });
  }

  removeSeries(id: string): void {
    const entry = this.series.get(id);
    if (!entry) return;
    entry.line.cancel();
    this.series.delete(id);
    this.chart?.removeSeries(entry.api);
    this.updateConflation();
  }

  /**
   * Shows `points` in the series `id`. The same request's newer answer (a live refetch) that only extends
   * the shown points goes in with `series.update` from the last shown time on; anything else replaces the
   * data with `setData` and fits the whole range in view (a large series in two passes, see
   * series-drawing.ts, held-series.ts).
   */
  setPoints(id: string, points: ChartPoints, source: string): PointsChange {
    const entry = this.series.get(id);
    return entry ? entry.line.set(points, source) : "unchanged";
  }

  /**
   * Older points in front of the series `id` (its request's history, loaded as the reader scrolls back):
   * the bars drawn are kept and the older ones thinned as densely, and the view stays where it is.
   */
  prependPoints(id: string, older: ChartPoints, source: string): PointsChange {
    const entry = this.series.get(id);
    const change = entry ? entry.line.prepend(older, source) : "unchanged";
    if (change === "prepended") this.updateConflation();
    return change;
  }

  /** Whether the series `id` shows the answer to `source` (older history can go in front of it). */
  shows(id: string, source: string): boolean {
    return this.series.get(id)?.line.shows(source) ?? false;
  }

  /** The chart's series drawing the series `id` (for what a page marks on it), if there is one. */
  protected seriesApi(id: string): ISeriesApi<SeriesType> | null {
    return this.series.get(id)?.api ?? null;
  }

  /** All the series `id` holds, older history in front of its answer; null before any answer. */
  held(id: string): ChartPoints | ChartCandles | null {
    return this.series.get(id)?.line.held ?? null;
  }

  /** How many older points are in front of the series' answer. */
  protected olderOf(id: string): number {
    return this.series.get(id)?.line.older ?? 0;
  }

  /** The points each series shows, for the export. */
  shown(): { id: string; spec: SeriesSpec; points: ChartPoints }[] {
    const out: { id: string; spec: SeriesSpec; points: ChartPoints }[] = [];
    for (const [id, entry] of this.series)
      if (entry.line.held) out.push({ id, spec: entry.spec, points: entry.line.held });
    return out;
  }

  protected recolour(): void {
    for (const entry of this.series.values()) this.colour(entry);
  }

  private colour(entry: SeriesEntry): void {
    const colour = seriesColour(this.theme, entry.spec.colourIndex);
    if (entry.spec.kind === "area") entry.api.applyOptions(areaColours(colour));
    else entry.api.applyOptions({ color: colour });
  }

  protected override release(): void {
    for (const entry of this.series.values()) entry.line.cancel();
    this.series.clear();
    if (this.tooltip) this.tooltip.hidden = true;
  }

  /** Conflation on while any series is large; off again when none is. */
  private updateConflation(): void {
    let largest = 0;
    for (const entry of this.series.values()) largest = Math.max(largest, entry.line.length);
    const conflating = largest >= CONFLATION_FROM;
    if (conflating === this.conflating) return;
    this.conflating = conflating;
    this.chart?.applyOptions({
      // Conflation is worked out lazily: precomputing every level at once was a long main-thread task.
      timeScale: { enableConflation: conflating },
    });
  }

  protected crosshairMoved(param: MouseEventParams<Time>): void {
    this.showTooltip(crosshairPointOf(param, this.series));
  }

  /** The time, then one row per series with its colour swatch, beside the crosshair. */
  protected showTooltip(point: CrosshairPoint | null): void {
    if (!this.tooltip) return;
    showTooltip(
      this.tooltip,
      point,
      (id, value) => {
        const spec = this.series.get(id)?.spec;
        return spec ? lineRow(spec, this.theme, this.formatValue(value)) : null;
      },
      (time) => this.formatTime(time),
    );
  }
}
