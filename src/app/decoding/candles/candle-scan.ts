// The candles text read in one pass into typed columns, without an array of lines or cells, as the chart's
// responses can be megabytes. It gives up (null) on anything unexpected, leaving that to the interface's
// decoder, whose errors name the line.
import { CANDLES_HEADER } from "../../../interface/candles.ts";
import { UtcSecondsReader } from "../chart-points/point-series.ts";
import { CANDLE_COLUMNS, type ChartCandles } from "./candle-series.ts";

const NUMBER_CELLS = 8;

export function scanCandles(csv: string): ChartCandles | null {
  const headerEnd = csv.indexOf("\n");
  if (headerEnd < 0 || csv.slice(0, headerEnd).trim() !== CANDLES_HEADER) return null;
  let lines = 0;
  for (let at = csv.indexOf("\n"); at >= 0; at = csv.indexOf("\n", at + 1)) lines++;
  const columns = CANDLE_COLUMNS.map(() => new Float64Array(lines));
  const [times, ...numbers] = columns as [Float64Array, ...Float64Array[]];
  const reader = new UtcSecondsReader();
  let exchange: string | null = null;
  let symbol = "";
  let count = 0;
  let start = headerEnd + 1;
  while (start < csv.length) {
    let end = csv.indexOf("\n", start);
    if (end < 0) end = csv.length;
    const next = end + 1;
    if (csv.charCodeAt(end - 1) === 13) end--; // a \r\n line
    if (end > start) {
      const timeEnd = csv.indexOf(",", start);
      if (timeEnd < 0 || timeEnd > end) return null;
      const time = reader.read(csv, start, timeEnd);
      if (!Number.isFinite(time) || (count > 0 && time <= (times[count - 1] as number))) return null;
      const exchangeEnd = csv.indexOf(",", timeEnd + 1);
      const symbolEnd = exchangeEnd < 0 ? -1 : csv.indexOf(",", exchangeEnd + 1);
      if (symbolEnd < 0 || symbolEnd > end) return null;
      if (count === 0) {
        const name = csv.slice(timeEnd + 1, exchangeEnd);
        exchange = name === "" ? null : name;
        symbol = csv.slice(exchangeEnd + 1, symbolEnd);
      }
      times[count] = time;
      let cell = symbolEnd + 1;
      for (let k = 0; k < NUMBER_CELLS; k++) {
        let cellEnd = csv.indexOf(",", cell);
        if (k === NUMBER_CELLS - 1) {
          if (cellEnd >= 0 && cellEnd < end) return null; // more cells than the header's
          cellEnd = end;
        } else if (cellEnd < 0 || cellEnd >= end) return null;
        if (cellEnd === cell) return null;
        const value = Number(csv.slice(cell, cellEnd));
        if (!Number.isFinite(value)) return null;
        (numbers[k] as Float64Array)[count] = value;
        cell = cellEnd + 1;
      }
      count++;
    }
    start = next;
  }
  const out = { exchange, symbol } as ChartCandles;
  CANDLE_COLUMNS.forEach((name, k) => {
    const column = columns[k] as Float64Array;
    // Each column in a buffer of its own and of its exact length: transferred out of the worker as it is.
    out[name] = count === column.length ? column : column.slice(0, count);
  });
  return out;
}
