// The small line chart's model (mini-line-chart.tsx): one area series with a small chart's options. A
// module of its own because it brings the chart library, which the component loads when it first draws.
import {
  CrosshairMode,
  type DeepPartial,
  type MouseEventParams,
  type Time,
  type TimeChartOptions,
} from "lightweight-charts";
import type { ChartPoints } from "../decoding/chart-points/point-series.ts";
import { ChartLines } from "./chart-lines.ts";
import { ChartModel, type ChartSetup } from "./chart-model.ts";

/** "days": each time is a day at 00:00 UTC, labelled by its UTC date; "times": in the reader's zone. */
export type TimeUnit = "days" | "times";

export interface MiniChartOptions {
  points: ChartPoints;
  valueFormat: (value: number) => string;
  timeUnit: TimeUnit;
}

const SERIES = "main";

export class MiniChartModel extends ChartModel<MiniChartOptions> {
  private readonly lines = new ChartLines(() => this.chart, this.seriesHost);
  /** Each new set of points is a source of its own: it replaces the shown ones, never extends them. */
  private drawn = 0;

  constructor(container: HTMLElement, setup: ChartSetup = {}) {
    super(container, { ...setup, chartOptions: SMALL_CHART });
    this.lines.set(SERIES, { label: "Values", kind: "area", colourIndex: 0 }, this.theme);
  }

  update({ points, valueFormat, timeUnit }: MiniChartOptions): void {
    // Days (a rate's fixings) are UTC dates whatever the zone: the base model writes them so.
    this.setUtcDays(timeUnit === "days");
    this.setValueFormat(valueFormat);
    this.drawn += 1;
    // A small series: setData and fit are cheap.
    this.lines.setPoints(SERIES, points, `mini-${this.drawn}`);
  }

  protected recolour(): void {
    this.lines.recolour(this.theme);
  }

  protected override release(): void {
    this.lines.release();
  }

  /** "Feb 3, 2024 (UTC day) · 5.31%" beside the crosshair, on the side with more room; hidden off the points. */
  protected crosshairMoved(param: MouseEventParams<Time>): void {
    const tip = this.tooltip;
    if (!tip) return;
    const point = this.lines.crosshairPoint(param);
    const value = point?.values.get(SERIES);
    if (!point || value === undefined) {
      tip.hidden = true;
      return;
    }
    tip.textContent = `${this.formatTime(point.time)} · ${this.formatValue(value)}`;
    tip.hidden = false;
    const width = tip.parentElement?.clientWidth ?? 0;
    const right = width > 0 && point.x > width / 2;
    tip.style.left = right ? "" : `${Math.round(point.x + 10)}px`;
    tip.style.right = right ? `${Math.round(width - point.x + 10)}px` : "";
  }
}

/** A small chart's own options, laid over the model's. */
const SMALL_CHART: DeepPartial<TimeChartOptions> = {
  handleScroll: false,
  handleScale: false,
  crosshair: {
    mode: CrosshairMode.Magnet,
    vertLine: { visible: true, labelVisible: false, style: 2, width: 1 },
    horzLine: { visible: false, labelVisible: false },
  },
  grid: { vertLines: { visible: false } },
  timeScale: { rightOffset: 0, fixLeftEdge: true, fixRightEdge: true, borderVisible: false },
  rightPriceScale: { borderVisible: false, scaleMargins: { top: 0.15, bottom: 0.08 } },
};
