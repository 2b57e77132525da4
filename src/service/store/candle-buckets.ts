// Scaled candles from block candles: each UTC bucket's blocks combined (the first open, the highest high,
// the lowest low, the last close, and the sums), stamped at the bucket start. A bucket thus equals the
// combination of the finer buckets it holds, to the last digit (see sumOfAmounts).
import { type CandleColumns, emptyCandles } from "../../interface/candles.ts";
import { bucketStart, type Scale } from "../../interface/vocabulary.ts";
import { VOLUME_DECIMALS } from "./block-rounding.ts";

/**
 * The decimal sum of coin amounts kept to at most VOLUME_DECIMALS decimals: summed as whole units of the
 * finest decimal that keeps the total within a double's 53 bits, so that 0.1 + 0.2 is 0.3 and a day's
 * volume is exactly the sum of its hours'. Amounts too large for any decimal are summed as doubles.
 */
export function sumOfAmounts(amounts: ArrayLike<number>, from: number, to: number): number {
  let total = 0;
  for (let i = from; i < to; i++) total += Math.abs(amounts[i] as number);
  for (let decimals = VOLUME_DECIMALS; decimals >= 0; decimals--) {
    const scale = 10 ** decimals;
    if (total * scale >= 2 ** 53) continue;
    let units = 0;
    for (let i = from; i < to; i++) units += Math.round((amounts[i] as number) * scale);
    return units / scale;
  }
  return total;
}

/** Block candles (ascending by start) combined into the UTC buckets of `scale`, at most `limit` of them. */
export function combineCandles(blocks: CandleColumns, scale: Scale, limit: number): CandleColumns {
  const out = emptyCandles();
  const n = blocks.times.length;
  let first = 0;
  while (first < n && out.times.length < limit) {
    const bucket = bucketStart(blocks.times[first] as number, scale);
    let end = first + 1;
    while (end < n && bucketStart(blocks.times[end] as number, scale) === bucket) end++;
    let high = blocks.high[first] as number;
    let low = blocks.low[first] as number;
    let trades = 0;
    for (let i = first; i < end; i++) {
      if ((blocks.high[i] as number) > high) high = blocks.high[i] as number;
      if ((blocks.low[i] as number) < low) low = blocks.low[i] as number;
      trades += blocks.trades[i] as number;
    }
    out.times.push(bucket);
    out.open.push(blocks.open[first] as number);
    out.high.push(high);
    out.low.push(low);
    out.close.push(blocks.close[end - 1] as number);
    const buy = sumOfAmounts(blocks.buyVolume, first, end);
    const sell = sumOfAmounts(blocks.sellVolume, first, end);
    out.buyVolume.push(buy);
    out.sellVolume.push(sell);
    out.volume.push(sumOfAmounts([buy, sell], 0, 2));
    out.trades.push(trades);
    first = end;
  }
  return out;
}
