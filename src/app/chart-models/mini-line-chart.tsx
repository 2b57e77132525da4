// A small line chart for a page that is about something else (a coin's MA120, a range of rate fixings): no
// panning or zooming, so a touch scrolls the page, and described in words for a screen reader. The chart
// library is loaded with the model when the chart is first scrolled to, so the page's figures show without
// waiting for it.
import { useRef } from "react";
import type { ChartPoints } from "../decoding/chart-points/point-series.ts";
import type { TimeUnit } from "./mini-chart-model.ts";
import { useChartModel } from "./use-chart-model.ts";
import { useSeen } from "./use-seen.ts";
import "./mini-line-chart.css";

export interface MiniLineChartProps {
  /** UTC seconds, ascending (unsorted or repeated times are sorted, the last value of a time kept). */
  times: Float64Array | readonly number[];
  values: Float64Array | readonly number[];
  /** What the chart shows, e.g. "MA120 of BTC over the last 24 hours"; the accessible name starts with it. */
  label: string;
  /** A value as the page writes it, e.g. "$80,100.00" or "5.31%". */
  valueFormat: (value: number) => string;
  /** "days": each time is a day at 00:00 UTC, labelled by its UTC date; "times" (default): local times. */
  timeUnit?: TimeUnit;
  /** Said (and shown) when there are no points. */
  emptyText?: string;
}

export function MiniLineChart({
  times,
  values,
  label,
  valueFormat,
  timeUnit = "times",
  emptyText = "No points yet.",
}: MiniLineChartProps) {
  const host = useRef<HTMLDivElement>(null);
  const tooltip = useRef<HTMLDivElement>(null);
  const points = sortedPoints(times, values);
  // Made once it is scrolled to: on a phone it is often below the page's first screen.
  const seen = useSeen(host);
  useChartModel(
    host,
    seen
      ? (element, theme) =>
          import("./mini-chart-model.ts").then(
            ({ MiniChartModel }) => new MiniChartModel(element, { theme, tooltip: tooltip.current }),
          )
      : null,
    { points, valueFormat, timeUnit },
  );

  const summary = describe(label, points.values, valueFormat, emptyText);
  return (
    <div className="mini-chart">
      <div ref={host} className="mini-chart__canvas" role="img" aria-label={summary} />
      <div ref={tooltip} className="mini-chart__tooltip" aria-hidden="true" hidden />
      {points.times.length === 0 ? (
        <p className="mini-chart__empty muted" aria-hidden="true">
          {emptyText}
        </p>
      ) : null}
    </div>
  );
}

/** The accessible name: what it shows, then first, last, lowest and highest value. */
export function describe(
  label: string,
  values: ArrayLike<number>,
  format: (value: number) => string,
  emptyText = "No points yet.",
): string {
  if (values.length === 0) return `${label}: ${sentenceTail(emptyText)}`;
  let low = Number.POSITIVE_INFINITY;
  let high = Number.NEGATIVE_INFINITY;
  for (let i = 0; i < values.length; i++) {
    const v = values[i] as number;
    if (v < low) low = v;
    if (v > high) high = v;
  }
  const first = values[0] as number;
  const last = values[values.length - 1] as number;
  return `${label}: from ${format(first)} to ${format(last)}, low ${format(low)}, high ${format(high)}`;
}

/** "No points yet." as the end of a sentence: "no points yet" (an acronym keeps its capitals). */
function sentenceTail(text: string): string {
  const bare = text.replace(/\.$/, "");
  return /^[A-Z][a-z]/.test(bare) ? `${bare.charAt(0).toLowerCase()}${bare.slice(1)}` : bare;
}

const sortedCache = new WeakMap<object, WeakMap<object, ChartPoints>>();

/**
 * The points as the chart takes them: ascending, one per time, finite values only. Memoised on the two
 * array objects, so a render with the same arrays gives the same object (and no redraw).
 */
export function sortedPoints(
  times: Float64Array | readonly number[],
  values: Float64Array | readonly number[],
): ChartPoints {
  const byValues = sortedCache.get(times);
  const cached = byValues?.get(values);
  if (cached) return cached;
  const order: number[] = [];
  const n = Math.min(times.length, values.length);
  for (let i = 0; i < n; i++) {
    if (Number.isFinite(times[i]) && Number.isFinite(values[i])) order.push(i);
  }
  order.sort((a, b) => (times[a] as number) - (times[b] as number) || a - b);
  const outTimes: number[] = [];
  const outValues: number[] = [];
  for (const i of order) {
    const t = times[i] as number;
    if (outTimes.length > 0 && outTimes[outTimes.length - 1] === t)
      outValues[outValues.length - 1] = values[i] as number;
    else {
      outTimes.push(t);
      outValues.push(values[i] as number);
    }
  }
  const points: ChartPoints = {
    times: Float64Array.from(outTimes),
    values: Float64Array.from(outValues),
    exchange: null,
    filter: "",
    symbol: "",
  };
  const map = byValues ?? new WeakMap<object, ChartPoints>();
  map.set(values, points);
  if (!byValues) sortedCache.set(times, map);
  return points;
}
