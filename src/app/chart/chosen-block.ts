// Which 120-second block a chart point stands for, for "How this price was made": candles are stamped at
// their block's start and chart points at its end; of a bucket's blocks the last is offered, as its close
// is the candle's close.
import { bucketSeconds, type ChartScale } from "../../interface/chart-window.ts";
import { BLOCK_SECONDS } from "../../interface/vocabulary.ts";

/** A block is made a few seconds after it ends (the service closes it 3 s late); until then, the newest. */
const MADE_AFTER_SECONDS = 5;

/**
 * A second within the block `time` (a point's or candle's time) stands for, or null when that block is the
 * one under way or just ended (the newest block made is then what the reader means).
 */
export function blockOfPoint(
  time: number,
  scale: ChartScale,
  candles: boolean,
  now: number = Date.now() / 1000,
): number | null {
  const size = bucketSeconds(scale);
  // The last block's stamp in the bucket [time, time + size): a multiple of the block length.
  const lastStamp = scale === "raw" ? time : Math.floor((time + size - 1) / BLOCK_SECONDS) * BLOCK_SECONDS;
  const start = candles ? lastStamp : lastStamp - BLOCK_SECONDS;
  return start + BLOCK_SECONDS + MADE_AFTER_SECONDS > now ? null : start;
}

/** How many blocks a point of `scale` holds: 1 at raw, 30 in an hour. */
export function blocksPerPoint(scale: ChartScale): number {
  return Math.max(1, Math.round(bucketSeconds(scale) / BLOCK_SECONDS));
}

/** The index of the point at `time` in ascending `times`, else of the nearest before it (0 at least). */
export function indexAt(times: ArrayLike<number>, time: number): number {
  let lo = 0;
  let hi = times.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if ((times[mid] as number) <= time) lo = mid;
    else hi = mid - 1;
  }
  return Math.max(0, lo);
}
