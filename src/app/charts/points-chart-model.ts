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
  type Time,
  type UTCTimestamp,
} from "lightweight-charts";
import type { ChartPoints } from "../decoding/chart-points/point-series.ts";
import { ChartModel, type ChartSetup } from "./chart-model.ts";
import { areaColours, seriesColour, type ValueFormatting } from "./chart-theme.ts";
import { type CrosshairPoint, crosshairPointOf, showTooltip } from "./chart-tooltip.ts";
import { DRAW_LIMIT, drawnIndices } from "./decimate.ts";
import { countBefore, joinPoints, olderBars } from "./history-drawing.ts";
import {
  type AfterPaint,
  appendFrom,
  defaultAfterPaint,
  firstPassLimit,
  lineData,
} from "./series-drawing.ts";

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

/**
 * What `setPoints` did: replaced the data, appended to it with `update`, or nothing (same data); or what
 * `prependPoints` did: older history put in front.
 */
export type PointsChange = "set" | "appended" | "prepended" | "unchanged";

interface SeriesEntry {
  api: ISeriesApi<"Line"> | ISeriesApi<"Area">;
  spec: SeriesSpec;
  /** What the series shows: the older history loaded for its request, then its request's answer. */
  points: ChartPoints | null;
  /** The request's latest answer as it was handed in (the query's data). */
  answer: ChartPoints | null;
  /** How many of `points` are older history in front of the answer. */
  older: number;
  /** Which request the points answer (the query key); a different one is never appended to. */
  source: string | null;
  /** Cancels the pending second pass with every point (see series-drawing.ts), if there is one. */
  cancelDetail: (() => void) | null;
}

export class PointsChartModel<
  Options extends PointsChartOptions = PointsChartOptions,
> extends ChartModel<Options> {
  private readonly series = new Map<string, SeriesEntry>();
  private conflating = false;
  protected readonly tooltip: HTMLElement | null;
  private readonly afterPaint: AfterPaint;

  constructor(
    private readonly container: HTMLElement,
    setup: PointsChartSetup = {},
  ) {
    // By default the points are USD, written in US dollars.
    const valueFormat = setup.valueFormat ?? { currency: "USD", rate: 1 };
    super(container, { ...setup, valueFormat });
    this.tooltip = setup.tooltip ?? null;
    this.afterPaint = setup.afterPaint ?? defaultAfterPaint;
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
    this.series.set(id, {
      api,
      spec,
      points: null,
      answer: null,
      older: 0,
      source: null,
      cancelDetail: null,
    });
  }

  removeSeries(id: string): void {
    const entry = this.series.get(id);
    if (!entry) return;
    entry.cancelDetail?.();
    this.series.delete(id);
    this.chart?.removeSeries(entry.api);
    this.updateConflation();
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
    if (entry.answer === points) return "unchanged";
    const same = entry.source === source;
    const from = same && entry.answer ? appendFrom(entry.answer, points) : null;
    // The history loaded in front of this request's answers stays in front of its newer ones.
    const held = same && entry.older > 0 ? entry.points : null;
    const older = held ? countBefore(held.times, points.times[0] ?? Number.POSITIVE_INFINITY) : 0;
    entry.points = held && older > 0 ? joinPoints(held, older, points) : points;
    entry.answer = points;
    entry.older = older;
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
    const shown = entry.points;
    const twoPasses = Math.min(shown.times.length, DRAW_LIMIT) > limit;
    entry.api.setData(lineData(shown, drawnIndices(shown.values, twoPasses ? limit : DRAW_LIMIT)));
    this.updateConflation();
    // With history loaded the reader has scrolled back: the view stays where it is.
    if (older === 0) this.chart.timeScale().fitContent();
    if (twoPasses) entry.cancelDetail = this.afterPaint(() => this.drawDetail(entry));
    return "set";
  }

  /**
   * Older points in front of the series `id` (its request's history, loaded as the reader scrolls back):
   * the bars drawn are kept and the older ones thinned as densely, and the view stays where it is.
   */
  prependPoints(id: string, older: ChartPoints, source: string): PointsChange {
    const entry = this.series.get(id);
    const shown = entry?.points;
    if (!entry || !shown || entry.source !== source || shown.times.length === 0) return "unchanged";
    const first = shown.times[0] as number;
    const count = countBefore(older.times, first);
    if (count === 0) return "unchanged";
    const drawn = entry.api.data() as ReturnType<typeof lineData>;
    const part = older.values.subarray(0, count);
    const olderData = lineData(older, drawnIndices(part, olderBars(count, shown.times.length, drawn.length)));
    entry.points = joinPoints(older, count, shown);
    entry.older += count;
    this.keepingView(first, () => entry.api.setData(olderData.concat(drawn)));
    this.updateConflation();
    return "prepended";
  }

  /** Whether the series `id` shows the answer to `source` (older history can go in front of it). */
  shows(id: string, source: string): boolean {
    const entry = this.series.get(id);
    return entry !== undefined && entry.source === source && entry.points !== null;
  }

  /** How many older points are in front of the series' answer. */
  protected olderOf(id: string): number {
    return this.series.get(id)?.older ?? 0;
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

  protected recolour(): void {
    for (const entry of this.series.values()) this.colour(entry);
  }

  private colour(entry: SeriesEntry): void {
    const colour = seriesColour(this.theme, entry.spec.colourIndex);
    if (entry.spec.kind === "area") entry.api.applyOptions(areaColours(colour));
    else entry.api.applyOptions({ color: colour });
  }

  protected override release(): void {
    for (const entry of this.series.values()) entry.cancelDetail?.();
    this.series.clear();
    if (this.tooltip) this.tooltip.hidden = true;
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
