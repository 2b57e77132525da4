// The `candles` string of the Candles resource (an extension of the interface): one line per bucket with
// trades, in the style of `dataPoints` (CSV, oldest first, RFC 3339 UTC times). Written by the service's
// candle routes, read by the dashboard's chart.
import { formatUtcSecond } from "./data-points.ts";

export const CANDLES_HEADER = "time,exchange,symbol,open,high,low,close,volume,buyVolume,sellVolume,trades";
const CELLS = 11;

/** Which series a set of candles belongs to; `exchange` is null across all exchanges. */
export interface CandleSeriesKey {
  exchange: string | null;
  symbol: string;
}

/**
 * Candles as parallel columns, oldest first. `times` are bucket starts (Unix seconds, UTC); prices are USD;
 * volumes are in the coin's own units (buy and sell by the taker's side; volume = buy + sell).
 */
export interface CandleColumns {
  times: number[];
  open: number[];
  high: number[];
  low: number[];
  close: number[];
  volume: number[];
  buyVolume: number[];
  sellVolume: number[];
  trades: number[];
}

export const CANDLE_FIELDS = [
  "open",
  "high",
  "low",
  "close",
  "volume",
  "buyVolume",
  "sellVolume",
  "trades",
] as const;

export function emptyCandles(): CandleColumns {
  return {
    times: [],
    open: [],
    high: [],
    low: [],
    close: [],
    volume: [],
    buyVolume: [],
    sellVolume: [],
    trades: [],
  };
}

/** Encodes one series' candles; `newline` "\\n" gives the text already escaped for a JSON string. */
export function encodeCandles(series: CandleSeriesKey, candles: CandleColumns, newline = "\n"): string {
  const middle = `,${series.exchange ?? ""},${series.symbol},`;
  const lines: string[] = [CANDLES_HEADER];
  for (let i = 0; i < candles.times.length; i++) {
    lines.push(
      `${formatUtcSecond(candles.times[i] as number)}${middle}${candles.open[i]},${candles.high[i]},` +
        `${candles.low[i]},${candles.close[i]},${candles.volume[i]},${candles.buyVolume[i]},` +
        `${candles.sellVolume[i]},${candles.trades[i]}`,
    );
  }
  return `${lines.join(newline)}${newline}`;
}

/** A decoded candles string: the series it names (from its first line) and its columns. */
export interface DecodedCandles {
  series: CandleSeriesKey | null;
  candles: CandleColumns;
}

/** Decodes a `candles` string; throws an Error that names the line and what is wrong with it. */
export function decodeCandles(csv: string): DecodedCandles {
  const lines = csv.split("\n");
  const header = lines[0]?.trim();
  if (header !== CANDLES_HEADER)
    throw new Error(`candles: the first line must be "${CANDLES_HEADER}", got "${header ?? ""}"`);
  const candles = emptyCandles();
  let series: CandleSeriesKey | null = null;
  for (let i = 1; i < lines.length; i++) {
    const line = lines[i]?.trim();
    if (!line) continue;
    const cells = line.split(",");
    if (cells.length !== CELLS)
      throw new Error(`candles line ${i + 1}: expected ${CELLS} cells, got ${cells.length}`);
    const ms = Date.parse(cells[0] as string);
    if (!Number.isFinite(ms)) throw new Error(`candles line ${i + 1}: "${cells[0]}" is not an RFC 3339 time`);
    series ??= { exchange: cells[1] === "" ? null : (cells[1] as string), symbol: cells[2] as string };
    candles.times.push(ms / 1000);
    CANDLE_FIELDS.forEach((field, k) => {
      const text = cells[3 + k] as string;
      const value = Number(text);
      if (text === "" || !Number.isFinite(value))
        throw new Error(`candles line ${i + 1}: ${field} "${text}" is not a number`);
      candles[field].push(value);
    });
  }
  return { series, candles };
}
