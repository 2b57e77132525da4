// Scaled chart points of buckets that are complete never change, so they are kept in memory per
// (series, filter, scale) after the first request and only the live edge is read again. This is the
// role the public service's precomputed filters_mean_<scale> tables played.
import { LRUCache } from "lru-cache";
import { bucketStart, SCALE_SECONDS } from "../../interface/vocabulary.ts";
import type { ChartQuery, PointColumns, Store } from "../store/store.ts";

interface CompleteBuckets {
  /** Bucket starts, ascending, and their means. */
  times: number[];
  values: number[];
  /** Earliest bucket start the entry covers (aligned to the scale). */
  from: number;
  /** Buckets starting before this are all in the entry (they were complete when read). */
  upTo: number;
}

/** Cached points across all entries before the least recently used are dropped (~16 bytes each). */
const MAX_CACHED_POINTS = 4_000_000;

export class ChartCache {
  private readonly entries = new LRUCache<string, CompleteBuckets>({
    maxSize: MAX_CACHED_POINTS,
    sizeCalculation: (entry) => entry.times.length + 1,
  });

  constructor(private readonly store: Store) {}

  /** Forgets every kept bucket: history was written behind the live edge (a live source's backfill). */
  clear(): void {
    this.entries.clear();
  }

  /** The points of a query; `lastBlockEnd` is the end of the newest stored block (Unix seconds). */
  async points(query: ChartQuery, lastBlockEnd: number): Promise<PointColumns> {
    const { scale } = query;
    if (scale === "raw") return this.store.chartPoints(query);
    // Buckets that start before the bucket holding the newest block end are complete.
    const completeUpTo = bucketStart(lastBlockEnd, scale);
    const key = `${query.series}|${query.filter}|${scale}`;
    const from = bucketStart(query.from - 1, scale) + SCALE_SECONDS[scale];
    const read = (first: number, upTo: number) =>
      this.store.chartPoints({ ...query, from: first, to: upTo - 1, limit: Number.MAX_SAFE_INTEGER });
    let entry = this.entries.get(key);
    if (!entry) {
      const got = await read(from, completeUpTo);
      entry = { times: got.times, values: got.values, from, upTo: completeUpTo };
    } else {
      // Widen the kept range where the request reaches past it: older buckets, or newly complete ones.
      if (from < entry.from) {
        const older = await read(from, entry.from);
        entry = {
          ...entry,
          times: older.times.concat(entry.times),
          values: older.values.concat(entry.values),
          from,
        };
      }
      if (entry.upTo < completeUpTo) {
        const newer = await read(entry.upTo, completeUpTo);
        entry = {
          ...entry,
          times: entry.times.concat(newer.times),
          values: entry.values.concat(newer.values),
          upTo: completeUpTo,
        };
      }
    }
    this.entries.set(key, entry);
    const times: number[] = [];
    const values: number[] = [];
    const first = lowerBound(entry.times, query.from);
    for (let i = first; i < entry.times.length && (entry.times[i] as number) <= query.to; i++) {
      if (times.length >= query.limit) return { times, values };
      times.push(entry.times[i] as number);
      values.push(entry.values[i] as number);
    }
    // The live edge: buckets not complete yet, read from the store each time.
    if (query.to >= completeUpTo) {
      const edge = await this.store.chartPoints({
        ...query,
        from: Math.max(query.from, completeUpTo),
        limit: query.limit,
      });
      for (let i = 0; i < edge.times.length && times.length < query.limit; i++) {
        times.push(edge.times[i] as number);
        values.push(edge.values[i] as number);
      }
    }
    return { times, values };
  }
}

function lowerBound(sorted: number[], value: number): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((sorted[mid] as number) < value) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
