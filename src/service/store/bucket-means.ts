// Scaled chart points from block values: the mean of each UTC bucket, stamped at the bucket start.
import { bucketStart, type Scale } from "../../interface/vocabulary.ts";
import type { PointColumns } from "./store.ts";

/** Means of the values in each UTC bucket of `scale`, stamped at the bucket start; `times` ascending. */
export function bucketMeans(times: number[], values: number[], scale: Scale, limit: number): PointColumns {
  const outTimes: number[] = [];
  const outValues: number[] = [];
  let bucket = Number.NaN;
  let sum = 0;
  let count = 0;
  for (let i = 0; i < times.length; i++) {
    const b = bucketStart(times[i] as number, scale);
    if (b !== bucket) {
      if (count > 0) {
        outTimes.push(bucket);
        outValues.push(sum / count);
        if (outTimes.length >= limit) return { times: outTimes, values: outValues };
      }
      bucket = b;
      sum = 0;
      count = 0;
    }
    sum += values[i] as number;
    count += 1;
  }
  if (count > 0) {
    outTimes.push(bucket);
    outValues.push(sum / count);
  }
  return { times: outTimes, values: outValues };
}
