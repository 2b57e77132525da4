// The real market's longer history behind the day of 1-minute candles: hourly candles back to 90 days, daily
// ones to 365. A coarse candle is stored as ONE block, the one ending with its hour or day, made of its four
// stand-in trades (candle-history.ts). Planned once per data directory and filled newest first; a stop
// resumes at the next start.
import { BLOCK_SECONDS } from "../../../../interface/vocabulary.ts";
import type { Pair } from "../../../catalog/catalog.ts";
import { seriesOfPairs } from "../../../market/aggregator.ts";
import type { Store } from "../../../store/store.ts";
import type { VenuePair } from "../venue.ts";
import type { VenueFeed } from "../venue-feed.ts";
import { candlesOfFeeds } from "./candle-history.ts";
import { type CoarseResolution, RESOLUTION_MS, storeCoarseChunk } from "./coarse-blocks.ts";

const HOUR_MS = RESOLUTION_MS["1h"];
const DAY_MS = RESOLUTION_MS["1d"];
/** How far back each resolution reaches from the day of the first start. */
const REACH_DAYS: Record<CoarseResolution, number> = { "1h": 90, "1d": 365 };
/**
 * Days fetched and stored per chunk: twelve days of hours is one request per pair on most exchanges (at
 * most 300 candles: Coinbase's page), and a year of days one or two.
 */
const CHUNK_DAYS: Record<CoarseResolution, number> = { "1h": 12, "1d": 366 };

/** The plan and progress of the coarse history, kept in the store's meta. */
export const COARSE_HISTORY_META = "coarse_history";

export interface CoarseStretch {
  resolution: CoarseResolution;
  /** Candles opening in [fromMs, toMs) are to be stored. */
  fromMs: number;
  toMs: number;
  /** Chunks are filled newest first: candles from here to toMs are done. */
  doneFromMs: number;
  /** Exchange → the oldest candle of it stored (what the exchange gave). */
  coveredFromMs: Record<string, number>;
}

/**
 * The stretches behind the fine history (the blocks from `firstEnd`, the store's first block end, on):
 * hourly from 90 days before today to the fine history's hour, daily from 365 days before to where the
 * hourly one starts. Daily first: it is one or two requests per pair for the whole year.
 */
export function planStretches(firstEnd: number, nowMs: number): CoarseStretch[] {
  const fineStartMs = (firstEnd - BLOCK_SECONDS) * 1000;
  const today = Math.floor(nowMs / DAY_MS) * DAY_MS;
  const hourlyTo = Math.floor(fineStartMs / HOUR_MS) * HOUR_MS;
  const hourlyFrom = Math.min(hourlyTo, today - REACH_DAYS["1h"] * DAY_MS);
  const dailyTo = Math.floor(hourlyFrom / DAY_MS) * DAY_MS;
  const dailyFrom = Math.min(dailyTo, today - REACH_DAYS["1d"] * DAY_MS);
  const stretch = (resolution: CoarseResolution, fromMs: number, toMs: number): CoarseStretch => ({
    resolution,
    fromMs,
    toMs,
    doneFromMs: toMs,
    coveredFromMs: {},
  });
  return [stretch("1d", dailyFrom, dailyTo), stretch("1h", hourlyFrom, hourlyTo)];
}

/**
 * The next chunk of a stretch, newest first, or null when it is done: a part of a day alone first (the
 * fine history's first day, whose blocks are stored as rows and packed with it), then whole days.
 */
export function nextChunk(stretch: CoarseStretch): { fromMs: number; toMs: number } | null {
  const toMs = stretch.doneFromMs;
  if (toMs <= stretch.fromMs) return null;
  const dayStart = Math.floor(toMs / DAY_MS) * DAY_MS;
  const fromMs = dayStart < toMs ? dayStart : toMs - CHUNK_DAYS[stretch.resolution] * DAY_MS;
  return { fromMs: Math.max(stretch.fromMs, fromMs), toMs };
}

/** Whether the next chunk is a part of a day: the hours of the fine history's first day, not filled yet. */
export function startsWithPartOfDay(stretch: CoarseStretch): boolean {
  return stretch.doneFromMs > stretch.fromMs && stretch.doneFromMs % DAY_MS !== 0;
}

/** How many chunks are left in a stretch (progress counts pairs × chunks). */
export function chunksLeft(stretch: CoarseStretch): number {
  let count = 0;
  for (let s = { ...stretch }, c = nextChunk(s); c; c = nextChunk(s)) {
    count += 1;
    s = { ...s, doneFromMs: c.fromMs };
  }
  return count;
}

/** Loads the plan, or makes it (first start, or a data directory made before there was a longer history). */
export async function loadCoarsePlan(store: Store, nowMs: number): Promise<CoarseStretch[]> {
  const text = await store.getMeta(COARSE_HISTORY_META);
  if (text !== null) return JSON.parse(text) as CoarseStretch[];
  const firstEnd = await store.firstBlockTime();
  if (firstEnd === null) return [];
  const plan = planStretches(firstEnd, nowMs);
  await store.setMeta(COARSE_HISTORY_META, JSON.stringify(plan));
  return plan;
}

export interface CoarseFill {
  store: Store;
  feeds: readonly VenueFeed[];
  pairs: readonly Pair[];
  eurPerUsd: () => number | null;
  /** The whole plan (it is saved with each chunk). */
  plan: CoarseStretch[];
  /** Whether packed days may be made visible by marking the fine history's first day as the first unpacked. */
  packingHeld: boolean;
  /** A pair's request got its response (or failed): progress. */
  stepped: (exchange: string) => void;
  /** A chunk was stored. */
  stored: () => void;
  stopped: () => boolean;
}

/**
 * Fills chunks of `stretch` newest first, `chunks` of them at most (all by default). A pair that gave
 * nothing in a chunk gives nothing older either (the exchange keeps no more, or the pair is younger), and is
 * not asked again for this stretch. Returns false when a stop cut it short.
 */
export async function fillStretch(
  fill: CoarseFill,
  stretch: CoarseStretch,
  chunks = Infinity,
): Promise<boolean> {
  const ids = await seriesOfPairs(fill.store, fill.pairs);
  const exhausted = new Set<string>();
  for (let n = 0; n < chunks; n++) {
    const chunk = nextChunk(stretch);
    if (!chunk) return true;
    if (fill.stopped()) return false;
    const key = (exchange: string, pair: VenuePair) => `${exchange}|${pair.ccxtSymbol}`;
    const all = await candlesOfFeeds(
      fill.feeds,
      chunk,
      stretch.resolution,
      fill.stopped,
      (exchange, pair, candles) => {
        if (candles.length === 0) exhausted.add(key(exchange, pair));
        fill.stepped(exchange);
      },
      (exchange, pair) => exhausted.has(key(exchange, pair)),
    );
    if (fill.stopped()) return false;
    for (const { exchange, candles } of all) {
      const oldest = candles[0]?.[0];
      if (oldest !== undefined)
        stretch.coveredFromMs[exchange] = Math.min(stretch.coveredFromMs[exchange] ?? oldest, oldest);
    }
    stretch.doneFromMs = chunk.fromMs;
    await storeCoarseChunk({
      store: fill.store,
      ids,
      pairs: fill.pairs,
      resolution: stretch.resolution,
      chunk,
      candles: all,
      eurPerUsd: fill.eurPerUsd,
      packingHeld: fill.packingHeld,
      meta: { [COARSE_HISTORY_META]: JSON.stringify(fill.plan) },
      marked: {
        firstEnd: (stretch.doneFromMs + RESOLUTION_MS[stretch.resolution]) / 1000,
        lastEnd: stretch.toMs / 1000,
      },
    });
    fill.stored();
  }
  return true;
}
