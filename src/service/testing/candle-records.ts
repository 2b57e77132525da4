// Candles as one record per candle, their amounts as whole 1e-8 units (BigInt): what the service tests
// compare, so that volumes are checked as exact decimals.
import type { CandleColumns } from "../../interface/candles.ts";

/** A coin amount as whole 1e-8 units: exact for the 8-decimal amounts the service answers. */
export const units = (amount: number): bigint => BigInt(amount.toFixed(8).replace(".", ""));

export interface CandleRecord {
  time: number;
  open: number | undefined;
  high: number | undefined;
  low: number | undefined;
  close: number | undefined;
  buy: bigint;
  sell: bigint;
  volume: bigint;
  trades: number | undefined;
}

export function candleRecords(c: CandleColumns): CandleRecord[] {
  return c.times.map((time, i) => ({
    time,
    open: c.open[i],
    high: c.high[i],
    low: c.low[i],
    close: c.close[i],
    buy: units(c.buyVolume[i] as number),
    sell: units(c.sellVolume[i] as number),
    volume: units(c.volume[i] as number),
    trades: c.trades[i],
  }));
}
