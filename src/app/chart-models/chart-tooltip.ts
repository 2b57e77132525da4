// The chart's tooltip as DOM, apart from the ChartModel, which only decides what the rows say.
import type { ISeriesApi, MouseEventParams, SeriesType, Time } from "lightweight-charts";
import { type ChartTheme, seriesColour } from "./chart-theme.ts";

/** Where the crosshair is: its time, its x in the chart and each series' value there, by series id. */
export interface CrosshairPoint {
  time: Time;
  x: number;
  values: Map<string, number>;
}

/** The crosshair over `series` (by id), or null when it is over no point. */
export function crosshairPointOf(
  param: MouseEventParams<Time>,
  series: ReadonlyMap<string, { api: ISeriesApi<SeriesType> }>,
): CrosshairPoint | null {
  if (param.time === undefined || param.point === undefined || param.seriesData.size === 0) return null;
  const point: CrosshairPoint = { time: param.time, x: param.point.x, values: new Map() };
  for (const [id, { api }] of series) {
    const data = param.seriesData.get(api);
    if (data && "value" in data) point.values.set(id, data.value);
  }
  return point;
}

export interface TooltipRow {
  colour: string;
  text: string;
}

/** A line's row: its colour, its label and its value as written, "Binance: $64,000.00". */
export function lineRow(
  spec: { label: string; colourIndex: number },
  theme: ChartTheme,
  value: string,
): TooltipRow {
  return { colour: seriesColour(theme, spec.colourIndex), text: `${spec.label}: ${value}` };
}

/** The crosshair's time and one row per series (null from `rowOf` leaves it out); hidden off the points. */
export function showTooltip(
  tip: HTMLElement,
  point: CrosshairPoint | null,
  rowOf: (id: string, value: number) => TooltipRow | null,
  writeTime: (time: Time) => string,
): void {
  if (point === null) {
    tip.hidden = true;
    return;
  }
  const rows: TooltipRow[] = [];
  for (const [id, value] of point.values) {
    const row = rowOf(id, value);
    if (row) rows.push(row);
  }
  renderTooltip(tip, writeTime(point.time), rows, point.x);
}

/** Fills `tip` and places it beside the crosshair at `x`, on the side with more room. */
function renderTooltip(tip: HTMLElement, time: string, rows: readonly TooltipRow[], x: number): void {
  const doc = tip.ownerDocument;
  const head = doc.createElement("div");
  head.className = "chart-tooltip__time";
  head.textContent = time;
  const lines = rows.map((row) => {
    const line = doc.createElement("div");
    line.className = "chart-tooltip__row";
    const swatch = doc.createElement("span");
    swatch.className = "chart-tooltip__swatch";
    swatch.style.background = row.colour;
    const text = doc.createElement("span");
    text.textContent = row.text;
    line.append(swatch, text);
    return line;
  });
  tip.replaceChildren(head, ...lines);
  tip.hidden = false;
  const width = tip.parentElement?.clientWidth ?? 0;
  const left = width > 0 && x > width / 2 ? x - tip.offsetWidth - 12 : x + 12;
  tip.style.left = `${Math.max(0, left)}px`;
  tip.style.top = "8px";
}
