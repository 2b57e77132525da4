// The `dataPoints` string of the Points resource. The interface types it as a string and leaves its
// inside open; this project fixes it as CSV (see DATA_POINTS_DESCRIPTION in resources.ts).
import type { Filter } from "./vocabulary.ts";

export const DATA_POINTS_HEADER = "time,exchange,filter,symbol,value";

/** Which series a set of points belongs to; `exchange` is null for the all-exchanges series. */
export interface SeriesKey {
  filter: Filter | string;
  exchange: string | null;
  symbol: string;
}

export interface DataPoint {
  /** Unix seconds, UTC. */
  time: number;
  exchange: string | null;
  filter: string;
  symbol: string;
  value: number;
}

/** RFC 3339 UTC to the second, e.g. 2026-11-22T09:24:00Z. */
export function formatUtcSecond(unixSeconds: number): string {
  return `${new Date(unixSeconds * 1000).toISOString().slice(0, 19)}Z`;
}

/** "HH:MM:SS" of each second of the day, made as needed: charts repeat the same times of day. */
const clock: string[] = [];

function timeOfDay(s: number): string {
  let text = clock[s];
  if (text === undefined) {
    text = `${pad2(Math.floor(s / 3600))}:${pad2(Math.floor((s % 3600) / 60))}:${pad2(s % 60)}`;
    clock[s] = text;
  }
  return text;
}

/**
 * Encodes one series' points, oldest first. `times` are Unix seconds, `values` USD numbers. `newline`
 * ends each line; "\\n" gives the text already escaped for a JSON string (the CSV has no quotes).
 */
export function encodeDataPoints(
  series: SeriesKey,
  times: ArrayLike<number>,
  values: ArrayLike<number>,
  newline = "\n",
): string {
  const middle = `,${series.exchange ?? ""},${series.filter},${series.symbol},`;
  const lines: string[] = [DATA_POINTS_HEADER];
  // Times of neighbouring points share their date; format each distinct day once.
  let dayStart = Number.NaN;
  let dayPrefix = "";
  for (let i = 0; i < times.length; i++) {
    const t = times[i] as number;
    const day = t - (t % 86_400);
    if (day !== dayStart) {
      dayStart = day;
      dayPrefix = formatUtcSecond(day).slice(0, 11);
    }
    lines.push(`${dayPrefix}${timeOfDay(t - day)}Z${middle}${String(values[i])}`);
  }
  return `${lines.join(newline)}${newline}`;
}

function pad2(n: number): string {
  return n < 10 ? `0${n}` : String(n);
}

/** Decodes a `dataPoints` string; throws an Error that names the line and what is wrong with it. */
export function decodeDataPoints(csv: string): DataPoint[] {
  const lines = csv.split("\n");
  const header = lines[0]?.trim();
  if (header !== DATA_POINTS_HEADER) {
    throw new Error(`dataPoints: the first line must be "${DATA_POINTS_HEADER}", got "${header ?? ""}"`);
  }
  const points: DataPoint[] = [];
  for (let i = 1; i < lines.length; i++) {
    const line = lines[i]?.trim();
    if (!line) continue;
    const cells = line.split(",");
    if (cells.length !== 5)
      throw new Error(`dataPoints line ${i + 1}: expected 5 cells, got ${cells.length}`);
    const [time, exchange, filter, symbol, value] = cells as [string, string, string, string, string];
    const ms = Date.parse(time);
    const v = Number(value);
    if (!Number.isFinite(ms)) throw new Error(`dataPoints line ${i + 1}: "${time}" is not an RFC 3339 time`);
    if (value === "" || !Number.isFinite(v))
      throw new Error(`dataPoints line ${i + 1}: "${value}" is not a number`);
    points.push({ time: ms / 1000, exchange: exchange === "" ? null : exchange, filter, symbol, value: v });
  }
  return points;
}
