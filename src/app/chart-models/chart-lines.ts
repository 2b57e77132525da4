// A chart's lines: series of chart points by id, added, renamed, fed and removed in place. A part of a
// chart model (held by composition), not a kind of chart; its conflation follows the largest line.
import {
  AreaSeries,
  type IChartApi,
  type ISeriesApi,
  LineSeries,
  type LineWidth,
  type MouseEventParams,
  type SeriesType,
  type Time,
  type UTCTimestamp,
} from "lightweight-charts";
import type { ChartPoints } from "../decoding/chart-points/point-series.ts";
import { areaColours, type ChartTheme, seriesColour } from "./chart-theme.ts";
import { type CrosshairPoint, crosshairPointOf } from "./chart-tooltip.ts";
import { DRAW_LIMIT, drawnIndices } from "./decimate.ts";
import { HeldSeries, type PointsChange, type SeriesBars, type SeriesHost } from "./held-series.ts";
import {
  concatItems,
  countBefore,
  firstItems,
  type HeldExtent,
  joinItems,
  olderBars,
  POINT_COLUMNS,
} from "./history-drawing.ts";
import { firstPassLimit, lineData } from "./series-drawing.ts";

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
  join(older: ChartPoints, count: number, newer: ChartPoints): ChartPoints {
    return joinItems(older, count, newer, POINT_COLUMNS);
  }

  concat(parts: readonly ChartPoints[]): ChartPoints {
    return concatItems(parts, POINT_COLUMNS);
  }

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
    const part = firstItems(older, count, POINT_COLUMNS);
    const olderData = lineData(older, drawnIndices(part.values, olderBars(count, held.length, drawn.length)));
    return { part, redraw: () => this.api.setData(olderData.concat(drawn)) };
  }
}

interface LineEntry {
  api: ISeriesApi<"Line"> | ISeriesApi<"Area">;
  spec: SeriesSpec;
  /** What it shows and how that changes (held-series.ts). */
  line: HeldSeries<ChartPoints>;
}

export class ChartLines {
  private readonly series = new Map<string, LineEntry>();
  private conflating = false;

  constructor(
    /** The model's chart; null once it is disposed, when every call is a no-op. */
    private readonly chart: () => IChartApi | null,
    private readonly host: SeriesHost,
  ) {}

  /** Adds the line `id` in `theme`'s colours, or renames and recolours it. */
  set(id: string, spec: SeriesSpec, theme: ChartTheme): void {
    const chart = this.chart();
    if (!chart) return;
    const entry = this.series.get(id);
    if (entry) {
      const recolour = entry.spec.colourIndex !== spec.colourIndex;
      entry.spec = spec;
      if (recolour) colourLine(entry, theme);
      return;
    }
    const colour = seriesColour(theme, spec.colourIndex);
    const common = { lineWidth: 2 as LineWidth, priceLineVisible: false, lastValueVisible: true, title: "" };
    const api =
      spec.kind === "area"
        ? chart.addSeries(AreaSeries, { ...common, ...areaColours(colour) })
        : chart.addSeries(LineSeries, { ...common, color: colour });
    const line = new HeldSeries(new LineBars(api, () => this.updateConflation()), this.host);
    this.series.set(id, { api, spec, line });
  }

  remove(id: string): void {
    const entry = this.series.get(id);
    if (!entry) return;
    entry.line.cancel();
    this.series.delete(id);
    this.chart()?.removeSeries(entry.api);
    this.updateConflation();
  }

  /** Shows `points` in the line `id` (see HeldSeries.set). */
  setPoints(id: string, points: ChartPoints, source: string): PointsChange {
    const entry = this.series.get(id);
    return entry ? entry.line.set(points, source) : "unchanged";
  }

  /** Older points in front of the line `id` (see HeldSeries.prepend). */
  prependPoints(id: string, older: ChartPoints, source: string): PointsChange {
    const entry = this.series.get(id);
    const change = entry ? entry.line.prepend(older, source) : "unchanged";
    if (change === "prepended") this.updateConflation();
    return change;
  }

  /** Whether the line `id` shows the response to `source` (older history can go in front of it). */
  shows(id: string, source: string): boolean {
    return this.series.get(id)?.line.shows(source) ?? false;
  }

  /** What the line `id` is called and coloured by, if there is one. */
  spec(id: string): SeriesSpec | undefined {
    return this.series.get(id)?.spec;
  }

  /** The chart's series drawing the line `id` (for what a page marks on it), if there is one. */
  api(id: string): ISeriesApi<SeriesType> | null {
    return this.series.get(id)?.api ?? null;
  }

  /** All the line `id` holds, older history in front of its response; null before any response. */
  held(id: string): ChartPoints | null {
    return this.series.get(id)?.line.held ?? null;
  }

  /** How many older points are in front of the line's response. */
  olderOf(id: string): number {
    return this.series.get(id)?.line.older ?? 0;
  }

  /** The points each line shows, for the export. */
  shown(): { id: string; spec: SeriesSpec; points: ChartPoints }[] {
    const out: { id: string; spec: SeriesSpec; points: ChartPoints }[] = [];
    for (const [id, entry] of this.series)
      if (entry.line.held) out.push({ id, spec: entry.spec, points: entry.line.held });
    return out;
  }

  /** The crosshair over the lines: its time and each line's value there, or null off the points. */
  crosshairPoint(param: MouseEventParams<Time>): CrosshairPoint | null {
    return crosshairPointOf(param, this.series);
  }

  /** Each line in `theme`'s colours again. */
  recolour(theme: ChartTheme): void {
    for (const entry of this.series.values()) colourLine(entry, theme);
  }

  /** Cancels every pending second pass and forgets the lines (the chart is removed with them). */
  release(): void {
    for (const entry of this.series.values()) entry.line.cancel();
    this.series.clear();
  }

  /** Conflation on while any line is large; off again when none is. */
  private updateConflation(): void {
    let largest = 0;
    for (const entry of this.series.values()) largest = Math.max(largest, entry.line.length);
    const conflating = largest >= CONFLATION_FROM;
    if (conflating === this.conflating) return;
    this.conflating = conflating;
    this.chart()?.applyOptions({
      // Conflation is worked out lazily: precomputing every level at once was a long main-thread task.
      timeScale: { enableConflation: conflating },
    });
  }
}

function colourLine(entry: LineEntry, theme: ChartTheme): void {
  const colour = seriesColour(theme, entry.spec.colourIndex);
  if (entry.spec.kind === "area") entry.api.applyOptions(areaColours(colour));
  else entry.api.applyOptions({ color: colour });
}
