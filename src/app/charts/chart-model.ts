// The chart outside React's render (after Uniswap's ChartModel): one lightweight-charts instance per
// container, created once; series, data, theme and number format changed in place; one crosshair handler
// drives the tooltip element. React holds the model in a ref and calls it from effects; points go from the
// query cache straight into the series, never through React state. `dispose` is idempotent (StrictMode).
// A chart that is not the chart page's (a small chart on another page) changes it through its options.

import {
  AreaSeries,
  type DeepPartial,
  type IChartApi,
  type ISeriesApi,
  LineSeries,
  type LineWidth,
  type MouseEventParams,
  createChart as realCreateChart,
  type Time,
  type TimeChartOptions,
  type UTCTimestamp,
} from "lightweight-charts";
import type { ChartPoints } from "../decoding/chart-points/point-series.ts";
import { modelChartOptions } from "./chart-options.ts";
import {
  areaColours,
  type ChartTheme,
  chartThemeOptions,
  FALLBACK_THEME,
  formatLocalTime,
  sameTheme,
  sameValueFormat,
  seriesColour,
  type ValueFormatting,
  valueWriter,
} from "./chart-theme.ts";
import { type CrosshairPoint, crosshairPointOf, showTooltip } from "./chart-tooltip.ts";
import { DRAW_LIMIT, drawnIndices } from "./decimate.ts";
import {
  type AfterPaint,
  appendFrom,
  defaultAfterPaint,
  firstPassLimit,
  lineData,
} from "./series-drawing.ts";

export type CreateChartFn = (container: HTMLElement, options: DeepPartial<TimeChartOptions>) => IChartApi;

export interface ChartModelOptions {
  /** Where the chart comes from: lightweight-charts' createChart unless a test hands in a stand-in. */
  createChart?: CreateChartFn;
  /** The element the model fills with the time and each series' value under the crosshair. */
  tooltip?: HTMLElement | null;
  theme?: ChartTheme;
  afterPaint?: AfterPaint;
  /** Laid over the model's own chart options (lightweight-charts merges them member by member). */
  chartOptions?: DeepPartial<TimeChartOptions>;
  /** Default: USD points in US dollars. */
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

/** What `setPoints` did: replaced the data, appended to it with `update`, or nothing (same data). */
export type PointsChange = "set" | "appended" | "unchanged";

interface SeriesEntry {
  api: ISeriesApi<"Line"> | ISeriesApi<"Area">;
  spec: SeriesSpec;
  points: ChartPoints | null;
  /** Which request the points answer (the query key); a different one is never appended to. */
  source: string | null;
  /** Cancels the pending second pass with every point (see series-drawing.ts), if there is one. */
  cancelDetail: (() => void) | null;
}

export class ChartModel {
  private chart: IChartApi | null;
  private readonly series = new Map<string, SeriesEntry>();
  private theme: ChartTheme;
  private valueFormat: ValueFormatting;
  private writeValue: (value: number) => string;
  private conflating = false;
  private readonly tooltip: HTMLElement | null;
  private readonly afterPaint: AfterPaint;
  private readonly crosshairListeners = new Set<(point: CrosshairPoint | null) => void>();
  private readonly onCrosshair = (param: MouseEventParams<Time>) => this.crosshairMoved(param);

  constructor(
    private readonly container: HTMLElement,
    options: ChartModelOptions = {},
  ) {
    this.valueFormat = options.valueFormat ?? { currency: "USD", rate: 1 };
    this.writeValue = valueWriter(this.valueFormat);
    this.theme = options.theme ?? FALLBACK_THEME;
    this.tooltip = options.tooltip ?? null;
    this.afterPaint = options.afterPaint ?? defaultAfterPaint;
    const create = options.createChart ?? realCreateChart;
    this.chart = create(container, { ...modelChartOptions(this.theme), ...this.formatOptions() });
    if (options.chartOptions) this.chart.applyOptions(options.chartOptions);
    this.chart.subscribeCrosshairMove(this.onCrosshair);
  }

  get disposed(): boolean {
    return this.chart === null;
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
    this.series.set(id, { api, spec, points: null, source: null, cancelDetail: null });
  }

  removeSeries(id: string): void {
    const entry = this.series.get(id);
    if (!entry) return;
    entry.cancelDetail?.();
    this.series.delete(id);
    this.chart?.removeSeries(entry.api);
    this.updateConflation();
  }

  /** The ids of the series on the chart, in the order they were added. */
  seriesIds(): string[] {
    return [...this.series.keys()];
  }

  /**
   * Shows `points` in the series `id`. The same request's newer answer (a live refetch) that only extends
   * the shown points goes in with `series.update` from the last shown time on; anything else replaces the
   * data with `setData` and fits the whole range in view (a large series in two passes, see
   * series-drawing.ts).
   */
  setPoints(id: string, points: ChartPoints, source: string): PointsChange {
    const entry = this.series.get(id);
    if (!entry || !this.chart) return "unchanged";
    if (entry.points === points) return "unchanged";
    const from = entry.source === source && entry.points ? appendFrom(entry.points, points) : null;
    entry.points = points;
    entry.source = source;
    if (from !== null) {
      for (let i = from; i < points.times.length; i++) {
        entry.api.update({ time: points.times[i] as UTCTimestamp, value: points.values[i] as number });
      }
      this.updateConflation();
      return "appended";
    }
    entry.cancelDetail?.();
    entry.cancelDetail = null;
    // More points to draw than the first pass takes: that many now, the rest after the paint.
    const limit = firstPassLimit(this.container.clientWidth);
    const twoPasses = Math.min(points.times.length, DRAW_LIMIT) > limit;
    entry.api.setData(lineData(points, drawnIndices(points.values, twoPasses ? limit : DRAW_LIMIT)));
    this.updateConflation();
    this.chart.timeScale().fitContent();
    if (twoPasses) entry.cancelDetail = this.afterPaint(() => this.drawDetail(entry));
    return "set";
  }

  /** The second pass: every point of the series (as it is now), the view kept where the reader left it. */
  private drawDetail(entry: SeriesEntry): void {
    entry.cancelDetail = null;
    const points = entry.points;
    if (!this.chart || !points || points.times.length === 0) return;
    const timeScale = this.chart.timeScale();
    const visible = timeScale.getVisibleRange();
    const fitted =
      visible === null ||
      ((visible.from as number) <= (points.times[0] as number) &&
        (visible.to as number) >= (points.times.at(-1) as number));
    entry.api.setData(lineData(points, drawnIndices(points.values)));
    if (fitted) timeScale.fitContent();
    else timeScale.setVisibleRange(visible);
  }

  /** The points each series shows, for the export. */
  shown(): { id: string; spec: SeriesSpec; points: ChartPoints }[] {
    const out: { id: string; spec: SeriesSpec; points: ChartPoints }[] = [];
    for (const [id, entry] of this.series)
      if (entry.points) out.push({ id, spec: entry.spec, points: entry.points });
    return out;
  }

  /** The chart in `theme`'s colours; the same colours again draw nothing (each redraw is a paint). */
  setTheme(theme: ChartTheme): void {
    if (sameTheme(this.theme, theme)) return;
    this.theme = theme;
    this.chart?.applyOptions(chartThemeOptions(this.theme));
    for (const entry of this.series.values()) this.colour(entry);
  }

  private colour(entry: SeriesEntry): void {
    const colour = seriesColour(this.theme, entry.spec.colourIndex);
    if (entry.spec.kind === "area") entry.api.applyOptions(areaColours(colour));
    else entry.api.applyOptions({ color: colour });
  }

  /** Values written as `format` says; the format the model already has redraws nothing. */
  setValueFormat(format: ValueFormatting): void {
    if (sameValueFormat(this.valueFormat, format)) return;
    this.valueFormat = format;
    this.writeValue = valueWriter(format);
    this.chart?.applyOptions(this.formatOptions());
  }

  /**
   * Calls `listener` whenever the crosshair moves: where it is, or null when it leaves the points (for a
   * tooltip of the page's own). Returns the unsubscribe.
   */
  onCrosshairMove(listener: (point: CrosshairPoint | null) => void): () => void {
    this.crosshairListeners.add(listener);
    return () => this.crosshairListeners.delete(listener);
  }

  fit(): void {
    this.chart?.timeScale().fitContent();
  }

  /** The chart as a canvas (for the PNG export); null once disposed. */
  screenshot(): HTMLCanvasElement | null {
    return this.chart ? this.chart.takeScreenshot() : null;
  }

  /** Removes the chart and its handler. Safe to call again. */
  dispose(): void {
    const chart = this.chart;
    if (!chart) return;
    this.chart = null;
    chart.unsubscribeCrosshairMove(this.onCrosshair);
    this.crosshairListeners.clear();
    for (const entry of this.series.values()) entry.cancelDetail?.();
    this.series.clear();
    chart.remove();
    if (this.tooltip) this.tooltip.hidden = true;
  }

  /** A value as the tooltip and axis show it (by default USD converted to the chosen currency). */
  formatValue(value: number): string {
    return this.writeValue(value);
  }

  private formatOptions(): DeepPartial<TimeChartOptions> {
    const priceFormatter = (price: number) => this.formatValue(price);
    return { localization: { priceFormatter, timeFormatter: formatLocalTime } };
  }

  /** Conflation on while any series is large; off again when none is. */
  private updateConflation(): void {
    let largest = 0;
    for (const entry of this.series.values()) largest = Math.max(largest, entry.points?.times.length ?? 0);
    const conflating = largest >= CONFLATION_FROM;
    if (conflating === this.conflating) return;
    this.conflating = conflating;
    this.chart?.applyOptions({
      // Conflation is worked out lazily: precomputing every level at once was a long main-thread task.
      timeScale: { enableConflation: conflating },
    });
  }

  private crosshairMoved(param: MouseEventParams<Time>): void {
    const point = crosshairPointOf(param, this.series);
    this.showTooltip(point);
    for (const listener of [...this.crosshairListeners]) listener(point);
  }

  private showTooltip(point: CrosshairPoint | null): void {
    if (!this.tooltip) return;
    showTooltip(this.tooltip, point, (id, value) => {
      const spec = this.series.get(id)?.spec;
      if (!spec) return null;
      return {
        colour: seriesColour(this.theme, spec.colourIndex),
        text: `${spec.label}: ${this.formatValue(value)}`,
      };
    });
  }
}
