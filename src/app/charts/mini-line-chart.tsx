// A small line chart for a page that is about something else (a coin's MA120 over 24 h, a range of rate
// fixings): fixed height, full width, themed with the app, no panning or zooming (a touch scrolls the page),
// a one-line tooltip, and the whole chart described in words for a screen reader (role="img"). It drives a
// ChartModel: made once for its container, fed in place, disposed on unmount (twice under StrictMode).
//
// This chart's values are already in their display unit (a price in the reader's currency, a rate in
// percent): the model gets the page's value format, and chart options of a small chart (time labels, quiet
// crosshair, no scroll or scale); the one-line tooltip follows the model's crosshair.
//
// The chart library comes with the model (mini-chart-model.ts), loaded when the chart is first drawn: the
// page's figures show without waiting for it (172 KB), and its box keeps the chart's place meanwhile.
import type { Time } from "lightweight-charts";
import { useEffect, useRef, useState } from "react";
import type { ChartPoints } from "../decoding/chart-points/point-series.ts";
import { useSettings } from "../settings/store/settings-context.tsx";
import type { ChartModel } from "./chart-model.ts";
import { followChartTheme, formatLocalTime } from "./chart-theme.ts";
import type { CrosshairPoint } from "./chart-tooltip.ts";
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
  timeUnit?: "days" | "times";
  /** Said (and shown) when there are no points. */
  emptyText?: string;
}

const SERIES = "main";

export function MiniLineChart({
  times,
  values,
  label,
  valueFormat,
  timeUnit = "times",
  emptyText = "No points yet.",
}: MiniLineChartProps) {
  const [settings] = useSettings();
  const host = useRef<HTMLDivElement>(null);
  const tooltip = useRef<HTMLDivElement>(null);
  // The format a new model starts with (the chart is made again when its time unit changes).
  const latestValueFormat = useRef(valueFormat);
  const version = useRef(0);
  const [model, setModel] = useState<ChartModel | null>(null);
  const points = sortedPoints(times, values);
  const count = points.times.length;
  // The points a new model starts with: drawn in the task that makes the chart, so its first paint has
  // them (a paint of the empty chart first cost a second whole paint, ~100 ms at a phone's speed).
  const latestPoints = useRef(points);

  useEffect(() => {
    const element = host.current;
    // No 2D canvas (a test's DOM, a locked-down browser): the words in the label stand for the chart.
    if (!element || typeof CanvasRenderingContext2D === "undefined") return;
    const timeFormat = timeFormatOf(timeUnit);
    let made: ChartModel | null = null;
    let gone = false;
    import("./mini-chart-model.ts")
      .then(({ createMiniChartModel }) => {
        if (gone) return;
        const model = createMiniChartModel(element, latestValueFormat.current, timeFormat, timeUnit);
        model.setSeries(SERIES, { label: "Values", kind: "area", colourIndex: 0 });
        version.current += 1;
        model.setPoints(SERIES, latestPoints.current, `mini-${version.current}`);
        model.onCrosshairMove((point) => showTooltip(tooltip.current, point, timeFormat, model));
        made = model;
        setModel(model);
      })
      .catch(() => {
        // No chart (its code could not be fetched, or no canvas): the words in the label stand for it.
      });
    return () => {
      gone = true;
      made?.dispose();
      setModel(null);
    };
  }, [timeUnit]);

  // New points replace the shown ones (a small series: setData and fit are cheap).
  useEffect(() => {
    latestPoints.current = points;
    if (!model) return;
    version.current += 1;
    model.setPoints(SERIES, points, `mini-${version.current}`);
  }, [model, points]);

  // A new format redraws the axis labels at once, not at the next point.
  useEffect(() => {
    latestValueFormat.current = valueFormat;
    model?.setValueFormat(valueFormat);
  }, [model, valueFormat]);

  // The theme: read from the app's tokens once the shell has applied a new choice.
  const theme = settings.theme;
  useEffect(() => {
    const element = host.current;
    if (!model || !element) return;
    return followChartTheme(element, theme, (colours) => model.setTheme(colours));
  }, [model, theme]);

  const summary = describe(label, points.values, valueFormat, emptyText);
  return (
    <div className="mini-chart">
      <div ref={host} className="mini-chart__canvas" role="img" aria-label={summary} />
      <div ref={tooltip} className="mini-chart__tooltip" aria-hidden="true" hidden />
      {count === 0 ? (
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

const utcDay = new Intl.DateTimeFormat(undefined, { dateStyle: "medium", timeZone: "UTC" });

function timeFormatOf(unit: "days" | "times"): (time: Time) => string {
  if (unit === "times") return formatLocalTime;
  return (time) => (typeof time === "number" ? utcDay.format(new Date(time * 1000)) : String(time));
}

/** "Feb 3, 2024 · 5.31%" beside the crosshair, on the side with more room; hidden off the points. */
function showTooltip(
  tip: HTMLElement | null,
  point: CrosshairPoint | null,
  timeFormat: (time: Time) => string,
  model: ChartModel,
): void {
  if (!tip) return;
  const value = point?.values.get(SERIES);
  if (!point || value === undefined) {
    tip.hidden = true;
    return;
  }
  tip.textContent = `${timeFormat(point.time)} · ${model.formatValue(value)}`;
  tip.hidden = false;
  const width = tip.parentElement?.clientWidth ?? 0;
  const right = width > 0 && point.x > width / 2;
  tip.style.left = right ? "" : `${Math.round(point.x + 10)}px`;
  tip.style.right = right ? `${Math.round(width - point.x + 10)}px` : "";
}
