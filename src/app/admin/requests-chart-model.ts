// The requests-per-minute chart of the admin console: a ChartModel of two histogram series, admitted and
// refused requests stacked per minute: a bar of both (in the refused colour) behind a bar of the admitted
// ones, so each minute's column shows its total with the refused part on top. Minutes without requests,
// which the service leaves out, are drawn as zeros so time runs evenly.
import {
  HistogramSeries,
  type IChartApi,
  type ISeriesApi,
  type MouseEventParams,
  type Time,
  type UTCTimestamp,
} from "lightweight-charts";
import type { UsageSeries } from "../../interface/admin.ts";
import { ChartModel, type ChartSetup } from "../chart-models/chart-model.ts";
import { seriesColour } from "../chart-models/chart-theme.ts";
import { formatIsoIn, type TimeZone } from "../format/time-zone.ts";

export type UsageMinute = UsageSeries["minutes"][number];

/** Each minute from the first to the last, gaps as zeros; times in UTC seconds, ascending. */
export interface MinuteBars {
  times: number[];
  admitted: number[];
  refused: number[];
}

/** More minutes than this (a week has 10,080) are drawn as given, without filling the gaps. */
const MAX_FILLED = 20_000;

/**
 * `span` (UTC seconds): the period the minutes were asked for; the bars then cover all of it, so one busy
 * minute shows as one narrow bar of its day rather than one bar filling the chart.
 */
export function minuteBars(minutes: readonly UsageMinute[], span?: { from: number; to: number }): MinuteBars {
  const byMinute = new Map<number, UsageMinute>();
  for (const minute of minutes) {
    const at = Math.floor(Date.parse(minute.time) / 60_000) * 60;
    if (Number.isFinite(at)) byMinute.set(at, minute);
  }
  const present = [...byMinute.keys()].sort((a, b) => a - b);
  const toMinute = (seconds: number) => Math.floor(seconds / 60) * 60;
  const first =
    present[0] === undefined || span === undefined ? present[0] : Math.min(present[0], toMinute(span.from));
  const last =
    present.at(-1) === undefined || span === undefined
      ? present.at(-1)
      : Math.max(present.at(-1) as number, toMinute(span.to));
  const bars: MinuteBars = { times: [], admitted: [], refused: [] };
  if (first === undefined || last === undefined) return bars;
  const times = (last - first) / 60 < MAX_FILLED ? range(first, last) : present;
  for (const time of times) {
    const minute = byMinute.get(time);
    bars.times.push(time);
    bars.admitted.push(minute?.admitted ?? 0);
    bars.refused.push(minute?.refused ?? 0);
  }
  return bars;
}

function range(first: number, last: number): number[] {
  const times: number[] = [];
  for (let time = first; time <= last; time += 60) times.push(time);
  return times;
}

/** The chart in words (its accessible name): totals and the busiest minute, in `zone`. */
export function describeBars(bars: MinuteBars, what: string, zone: TimeZone): string {
  if (bars.times.length === 0) return `${what}: no requests in this period`;
  let admitted = 0;
  let refused = 0;
  let peak = 0;
  let peakAt = 0;
  bars.times.forEach((time, i) => {
    const a = bars.admitted[i] ?? 0;
    const r = bars.refused[i] ?? 0;
    admitted += a;
    refused += r;
    if (a + r > peak) {
      peak = a + r;
      peakAt = time;
    }
  });
  const busiest = `busiest minute ${formatIsoIn(new Date(peakAt * 1000).toISOString(), zone)} with ${peak}`;
  return `${what}: ${admitted} admitted and ${refused} refused, ${busiest}`;
}

export interface RequestsChartOptions {
  bars: MinuteBars;
}

export interface RequestsChartSetup extends ChartSetup {
  /** The element the model fills with the minute under the crosshair and its counts. */
  legend?: HTMLElement | null;
}

export class RequestsChartModel extends ChartModel<RequestsChartOptions> {
  private readonly total: ISeriesApi<"Histogram">;
  private readonly admitted: ISeriesApi<"Histogram">;
  private readonly legend: HTMLElement | null;
  private bars: MinuteBars = { times: [], admitted: [], refused: [] };

  constructor(container: HTMLElement, setup: RequestsChartSetup = {}) {
    super(container, setup);
    this.legend = setup.legend ?? null;
    const chart = this.chart as IChartApi;
    const whole = {
      priceFormat: { type: "price" as const, precision: 0, minMove: 1 },
      priceLineVisible: false,
      title: "",
    };
    // Added first, drawn first: the total stands behind the admitted bar, its top showing the refused.
    this.total = chart.addSeries(HistogramSeries, { ...whole, color: seriesColour(this.theme, 1) });
    this.admitted = chart.addSeries(HistogramSeries, { ...whole, color: seriesColour(this.theme, 0) });
  }

  /** Shows these minutes, replacing what was shown, the whole span in view. */
  update({ bars }: RequestsChartOptions): void {
    if (!this.chart || bars === this.bars) return;
    this.bars = bars;
    const time = (i: number) => bars.times[i] as UTCTimestamp;
    this.total.setData(
      bars.times.map((_, i) => ({ time: time(i), value: (bars.admitted[i] ?? 0) + (bars.refused[i] ?? 0) })),
    );
    this.admitted.setData(bars.times.map((_, i) => ({ time: time(i), value: bars.admitted[i] ?? 0 })));
    this.chart.timeScale().fitContent();
  }

  protected recolour(): void {
    this.total.applyOptions({ color: seriesColour(this.theme, 1) });
    this.admitted.applyOptions({ color: seriesColour(this.theme, 0) });
  }

  protected crosshairMoved(param: MouseEventParams<Time>): void {
    if (!this.legend) return;
    const at = typeof param.time === "number" ? this.bars.times.indexOf(param.time) : -1;
    if (at < 0) {
      this.legend.textContent = "";
      return;
    }
    const admitted = this.bars.admitted[at] ?? 0;
    const refused = this.bars.refused[at] ?? 0;
    this.legend.textContent = `${this.formatTime(param.time as Time)}: ${admitted} admitted, ${refused} refused`;
  }
}
