// Every chart of the dashboard lives outside React's render (after Uniswap's ChartModel): made once, changed
// in place through `update(options)`, disposed once, so a render never redraws a chart. The base owns what
// every kind of chart shares: theme, value and time formats, the crosshair, the tooltip and disposal.
import {
  type DeepPartial,
  type IChartApi,
  type LogicalRange,
  type MouseEventParams,
  createChart as realCreateChart,
  type Time,
  type TimeChartOptions,
  type UTCTimestamp,
} from "lightweight-charts";
import { browserTimeZone, type TimeZone } from "../format/time-zone.ts";
import { modelChartOptions } from "./chart-options.ts";
import {
  type ChartTheme,
  chartThemeOptions,
  FALLBACK_THEME,
  sameTheme,
  sameValueFormat,
  type ValueFormatting,
  valueWriter,
} from "./chart-theme.ts";
import { crosshairTime, sameTimeAxis, type TimeAxis, timeAxisOptions } from "./chart-time.ts";
import type { SeriesHost } from "./held-series.ts";
import { type AfterPaint, defaultAfterPaint } from "./series-drawing.ts";

export type CreateChartFn = (container: HTMLElement, options: DeepPartial<TimeChartOptions>) => IChartApi;

/** What a chart is made with; what changes later comes through `update`. */
export interface ChartSetup {
  /** Where the chart comes from: lightweight-charts' createChart unless a test hands in a fake. */
  createChart?: CreateChartFn;
  theme?: ChartTheme;
  /** How the axis (and a tooltip) writes a value; without one, each series' own price format. */
  valueFormat?: ValueFormatting;
  /** The zone its times are written in until `setTimeZone` says another; the browser's by default. */
  timeZone?: TimeZone;
  /** Its times are UTC days (daily or weekly buckets) until `setUtcDays` says otherwise. */
  utcDays?: boolean;
  /** Laid over the model's own chart options (lightweight-charts merges them member by member). */
  chartOptions?: DeepPartial<TimeChartOptions>;
  /** The element a kind fills with what is under the crosshair; hidden when the chart is disposed. */
  tooltip?: HTMLElement | null;
  /** When a large series' second pass goes in (series-drawing.ts): after the next paint by default. */
  afterPaint?: AfterPaint;
}

export abstract class ChartModel<Options> {
  /** Null once disposed: every call after that is a no-op. */
  protected chart: IChartApi | null;
  protected theme: ChartTheme;
  protected readonly tooltip: HTMLElement | null;
  /** What every held series of a kind (a line, candles) asks of this chart. */
  protected readonly seriesHost: SeriesHost;
  private valueFormat: ValueFormatting | null;
  private writeValue: ((value: number) => string) | null;
  private timeAxis: TimeAxis;
  private readonly onCrosshair = (param: MouseEventParams<Time>) => this.crosshairMoved(param);

  constructor(container: HTMLElement, setup: ChartSetup = {}) {
    this.theme = setup.theme ?? FALLBACK_THEME;
    this.tooltip = setup.tooltip ?? null;
    this.valueFormat = setup.valueFormat ?? null;
    this.writeValue = this.valueFormat ? valueWriter(this.valueFormat) : null;
    this.timeAxis = { zone: setup.timeZone ?? browserTimeZone(), utcDays: setup.utcDays ?? false };
    const create = setup.createChart ?? realCreateChart;
    const base = modelChartOptions(this.theme);
    const times = timeAxisOptions(this.timeAxis);
    this.chart = create(container, {
      ...base,
      timeScale: { ...base.timeScale, ...times.timeScale },
      localization: { ...this.priceFormatter(), ...times.localization },
    });
    if (setup.chartOptions) this.chart.applyOptions(setup.chartOptions);
    this.chart.subscribeCrosshairMove(this.onCrosshair);
    this.seriesHost = {
      timeScale: () => this.chart?.timeScale() ?? null,
      width: () => container.clientWidth,
      afterPaint: setup.afterPaint ?? defaultAfterPaint,
      keepingView: (anchor, redraw) => this.keepingView(anchor, redraw),
    };
  }

  /** Puts the options on the chart in place: what changed is redrawn, what did not is left alone. */
  abstract update(options: Options): void;

  /** Each series in the theme's colours again (the chart's own colours are already applied). */
  protected abstract recolour(): void;

  protected abstract crosshairMoved(param: MouseEventParams<Time>): void;

  /** What a kind of chart lets go of before the chart is removed. */
  protected release(): void {}

  get disposed(): boolean {
    return this.chart === null;
  }

  /** The chart in `theme`'s colours; the same colours again draw nothing (each redraw is a paint). */
  setTheme(theme: ChartTheme): void {
    if (!this.chart || sameTheme(this.theme, theme)) return;
    this.theme = theme;
    this.chart.applyOptions(chartThemeOptions(theme));
    this.recolour();
  }

  /** Values written as `format` says; the format the model already has redraws nothing. */
  setValueFormat(format: ValueFormatting): void {
    if (this.valueFormat !== null && sameValueFormat(this.valueFormat, format)) return;
    this.valueFormat = format;
    this.writeValue = valueWriter(format);
    this.chart?.applyOptions({ localization: this.priceFormatter() });
  }

  /** Times written in `zone` (the setting); the zone already in force redraws nothing. */
  setTimeZone(zone: TimeZone): void {
    this.setTimeAxis({ ...this.timeAxis, zone });
  }

  /** Times written as UTC days (the daily and weekly buckets), or back in the zone. */
  setUtcDays(utcDays: boolean): void {
    this.setTimeAxis({ ...this.timeAxis, utcDays });
  }

  private setTimeAxis(axis: TimeAxis): void {
    if (sameTimeAxis(this.timeAxis, axis)) return;
    this.timeAxis = axis;
    this.chart?.applyOptions(timeAxisOptions(axis));
  }

  /** How the chart writes its times now: the zone, and whether they are UTC days. */
  get times(): TimeAxis {
    return this.timeAxis;
  }

  /** A time as the crosshair and a tooltip write it, its zone named. */
  formatTime(time: Time): string {
    return crosshairTime(time, this.timeAxis);
  }

  /** A value as the axis and tooltip write it. */
  formatValue(value: number): string {
    return this.writeValue ? this.writeValue(value) : String(value);
  }

  /**
   * Calls `handler` with the visible logical range (bar indices, negative where the view reaches before
   * the first bar) whenever the reader scrolls or zooms, and when the data moves it; returns the unsubscribe.
   */
  watchVisibleRange(handler: (range: LogicalRange | null) => void): () => void {
    const chart = this.chart;
    if (!chart) return () => {};
    chart.timeScale().subscribeVisibleLogicalRangeChange(handler);
    return () => {
      if (this.chart) this.chart.timeScale().unsubscribeVisibleLogicalRangeChange(handler);
    };
  }

  /** The visible logical range now (as `watchVisibleRange` hands it); null without one or once disposed. */
  visibleRange(): LogicalRange | null {
    return this.chart ? this.chart.timeScale().getVisibleLogicalRange() : null;
  }

  /**
   * Runs `redraw`, which puts bars before the time `anchor`, and shifts the logical range by the bars gained,
   * since setData alone would leave the indices where they were and the view would jump to older bars.
   */
  private keepingView(anchor: number, redraw: () => void): void {
    const timeScale = this.chart?.timeScale();
    if (!timeScale) return;
    const range = timeScale.getVisibleLogicalRange();
    const before = timeScale.timeToIndex(anchor as UTCTimestamp, true);
    redraw();
    const after = timeScale.timeToIndex(anchor as UTCTimestamp, true);
    const shift = before !== null && after !== null ? after - before : 0;
    if (range !== null && shift !== 0)
      timeScale.setVisibleLogicalRange({ from: range.from + shift, to: range.to + shift });
  }

  /** The chart as a canvas (for the PNG export); null once disposed. */
  screenshot(): HTMLCanvasElement | null {
    return this.chart ? this.chart.takeScreenshot() : null;
  }

  /** Removes the chart and its handler, and hides the tooltip. Safe to call again. */
  dispose(): void {
    const chart = this.chart;
    if (!chart) return;
    this.chart = null;
    chart.unsubscribeCrosshairMove(this.onCrosshair);
    this.release();
    if (this.tooltip) this.tooltip.hidden = true;
    chart.remove();
  }

  private priceFormatter(): { priceFormatter?: (price: number) => string } {
    return this.writeValue ? { priceFormatter: (price: number) => this.formatValue(price) } : {};
  }
}
