// Readers of the two chart-point wires into one SeriesBuilder: this service's `dataPoints` CSV and the public
// service's InfluxDB query results. Each names the line or row it could not read.
import { DATA_POINTS_HEADER } from "../../../interface/data-points.ts";
import { DecodeError, describeValue, fieldIgnoringCase, isRecord } from "../wire-value.ts";
import type { SeriesBuilder } from "./point-series.ts";
import { UtcSecondsReader } from "./point-series.ts";

function badLine(line: number, problem: string, text: string): never {
  throw new DecodeError(`chart points: dataPoints line ${line}: ${problem}`, text.slice(0, 80));
}

/**
 * Reads the CSV as decodeDataPoints does, without a string per cell; unlike it, an empty, NaN or infinite
 * value is a gap, as a null is on the other wire.
 */
export function readDataPointsCsv(csv: string, series: SeriesBuilder): void {
  const clock = new UtcSecondsReader();
  let middle = "";
  let line = 0;
  for (let lineStart = 0; lineStart <= csv.length; ) {
    let end = csv.indexOf("\n", lineStart);
    if (end === -1) end = csv.length;
    let start = lineStart;
    lineStart = end + 1;
    line++;
    while (start < end && csv.charCodeAt(start) <= 32) start++;
    while (end > start && csv.charCodeAt(end - 1) <= 32) end--;
    if (line === 1) {
      const header = csv.slice(start, end);
      if (header !== DATA_POINTS_HEADER)
        badLine(1, `the first line must be "${DATA_POINTS_HEADER}", got "${header.slice(0, 60)}"`, header);
      continue;
    }
    if (start === end) continue;
    const timeEnd = csv.indexOf(",", start);
    let valueStart = timeEnd + middle.length;
    const comma = middle === "" ? -1 : csv.indexOf(",", valueStart);
    const known =
      middle !== "" &&
      timeEnd !== -1 &&
      timeEnd < end &&
      csv.startsWith(middle, timeEnd) &&
      (comma === -1 || comma >= end);
    if (!known) {
      const text = csv.slice(start, end);
      const cells = text.split(",");
      if (cells.length !== 5) badLine(line, `expected 5 cells, got ${cells.length}`, text);
      const [, exchange, filter, symbol] = cells as [string, string, string, string, string];
      const other = series.conflict(exchange === "" ? null : exchange, filter, symbol);
      if (other !== null) badLine(line, `a point of another series than ${other}`, text);
      middle = `,${exchange},${filter},${symbol},`;
      valueStart = timeEnd + middle.length;
    }
    const time = clock.read(csv, start, timeEnd);
    if (Number.isNaN(time))
      badLine(line, `"${csv.slice(start, timeEnd)}" is not an RFC 3339 time`, csv.slice(start, end));
    const cell = csv.slice(valueStart, end);
    const value = Number(cell);
    if (Number.isNaN(value) && cell !== "NaN")
      badLine(line, `"${cell.slice(0, 40)}" is not a number`, csv.slice(start, end));
    series.add(time, cell === "" ? null : value);
  }
}

/** Where each needed column stands in a row, and how many cells a row has. */
interface Columns {
  time: number;
  exchange: number;
  filter: number;
  symbol: number;
  value: number;
  width: number;
}

const INFLUX_COLUMNS: Columns = { time: 0, exchange: 1, filter: 2, symbol: 3, value: 4, width: 5 };

function badRow(where: string, problem: string, culprit: unknown): never {
  let text: string;
  try {
    text = JSON.stringify(culprit) ?? describeValue(culprit);
  } catch {
    text = describeValue(culprit);
  }
  throw new DecodeError(
    `chart points: ${where}: ${problem}`,
    text.length > 80 ? `${text.slice(0, 80)}…` : text,
  );
}

/** Reads `DataPoints`: query results newest first, each with at most one series (`Series` null if none). */
export function readInfluxResults(results: unknown[], series: SeriesBuilder): void {
  const clock = new UtcSecondsReader();
  for (let r = 0; r < results.length; r++) {
    const result = results[r];
    const at = `DataPoints[${r}]`;
    if (!isRecord(result)) badRow(at, `expected a query result, got ${describeValue(result)}`, result);
    const failure = fieldIgnoringCase(result, "error");
    if (typeof failure === "string") badRow(at, `the query failed: ${failure}`, failure);
    const list = fieldIgnoringCase(result, "series");
    if (list === null || list === undefined) continue;
    if (!Array.isArray(list))
      badRow(`${at}.Series`, `expected a list or null, got ${describeValue(list)}`, list);
    for (let s = 0; s < list.length; s++) {
      const one = list[s];
      const where = `${at}.Series[${s}]`;
      if (!isRecord(one)) badRow(where, `expected a series, got ${describeValue(one)}`, one);
      const columns = columnsOf(fieldIgnoringCase(one, "columns"), where);
      const rows = fieldIgnoringCase(one, "values");
      if (rows === null || rows === undefined) continue;
      if (!Array.isArray(rows))
        badRow(`${where}.values`, `expected a list, got ${describeValue(rows)}`, rows);
      for (let i = 0; i < rows.length; i++) readRow(rows[i], columns, series, clock, where, i);
    }
  }
}

function columnsOf(names: unknown, where: string): Columns {
  if (names === null || names === undefined) return INFLUX_COLUMNS;
  if (!Array.isArray(names) || !names.every((n) => typeof n === "string"))
    badRow(`${where}.columns`, `expected a list of column names, got ${describeValue(names)}`, names);
  const lower = names.map((n: string) => n.toLowerCase());
  const columns = { ...INFLUX_COLUMNS, width: names.length };
  for (const name of ["time", "exchange", "filter", "symbol", "value"] as const) {
    columns[name] = lower.indexOf(name);
    if (columns[name] === -1) badRow(`${where}.columns`, `no "${name}" column`, names);
  }
  return columns;
}

function readRow(
  row: unknown,
  columns: Columns,
  series: SeriesBuilder,
  clock: UtcSecondsReader,
  seriesAt: string,
  index: number,
): void {
  if (!Array.isArray(row) || row.length !== columns.width) {
    const problem = Array.isArray(row)
      ? `expected ${columns.width} cells, got ${row.length}`
      : `expected a row (a list), got ${describeValue(row)}`;
    badRow(rowAt(seriesAt, index), problem, row);
  }
  const time: unknown = row[columns.time];
  const exchange: unknown = row[columns.exchange];
  const filter: unknown = row[columns.filter];
  const symbol: unknown = row[columns.symbol];
  const value: unknown = row[columns.value];
  const seconds = typeof time === "string" ? clock.read(time, 0, time.length) : Number.NaN;
  if (Number.isNaN(seconds))
    badRow(rowAt(seriesAt, index), `time ${describeValue(time)} is not an RFC 3339 time`, row);
  if (exchange !== null && typeof exchange !== "string")
    badRow(rowAt(seriesAt, index), `exchange ${describeValue(exchange)} is neither a name nor null`, row);
  if (typeof filter !== "string")
    badRow(rowAt(seriesAt, index), `filter ${describeValue(filter)} is not a name`, row);
  if (typeof symbol !== "string")
    badRow(rowAt(seriesAt, index), `symbol ${describeValue(symbol)} is not a symbol`, row);
  if (value !== null && typeof value !== "number")
    badRow(rowAt(seriesAt, index), `value ${describeValue(value)} is neither a number nor null`, row);
  const other = series.conflict(exchange === "" ? null : exchange, filter, symbol);
  if (other !== null) badRow(rowAt(seriesAt, index), `a point of another series than ${other}`, row);
  series.add(seconds, value);
}

/** Spelt out only on failure: a chart has a hundred thousand rows. */
function rowAt(seriesAt: string, index: number): string {
  return `${seriesAt}.values[${index}]`;
}
