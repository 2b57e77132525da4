// History for the real market, where no trades were seen: the exchanges' 1-minute candles turned into block
// values. A candle stands for its minute's trades by four of them (open, low and high in the candle's
// direction, close), each a quarter of the volume, so the same filters as for live trades apply. Blocks made
// so are marked in the store's meta `candle_history`.
import { BLOCK_SECONDS } from "../../../../interface/vocabulary.ts";
import type { Pair, QuoteCurrency } from "../../../catalog/catalog.ts";
import { BlockAggregator, seriesOfPairs } from "../../../market/aggregator.ts";
import type { BlockGap } from "../../../market/feed.ts";
import {
  CANDLE_HISTORY_META,
  type CandleHistoryRange,
  candleHistory,
  type SourceTrade,
} from "../../../market/trade-source.ts";
import { amountUnits } from "../../../store/block-rounding.ts";
import { type BlockRow, bySeriesAndTime, type Store } from "../../../store/store.ts";
import { blockOf } from "../trade-intake.ts";
import { DOLLAR_QUOTES, eurInUsd, STABLECOINS } from "../usd-prices.ts";
import type { VenuePair } from "../venue.ts";
import type { CandleInterval, VenueFeed } from "../venue-feed.ts";

/** [open time ms, open, high, low, close, volume], as ccxt gives candles. */
export type Candle = [number, number, number, number, number, number];

const MINUTE_MS = 60_000;
const BLOCK_MS = BLOCK_SECONDS * 1000;
/** Blocks fetched and stored per step (a day): bounds memory, and progress shows per step. */
const STEP_BLOCKS = 720;

/**
 * The four trades a candle of `intervalMs` stands for (none for a candle without volume): its path through
 * the minute of a 1-minute candle, through the last block (120 s) of a longer one, so that an hour's or a
 * day's candle makes the one block that ends with it.
 */
export function tradesOfCandle(
  candle: Candle,
  intervalMs = MINUTE_MS,
): { timeMs: number; price: number; amount: number; side: "buy" | "sell" }[] {
  const [openMs, open, high, low, close, volume] = candle;
  const spanMs = Math.min(intervalMs, BLOCK_MS);
  const startMs = openMs + intervalMs - spanMs;
  if (!(volume > 0)) return [];
  const rising = close >= open;
  const side = rising ? "buy" : "sell";
  // Quarters in whole 1e-8 units, the last taking what is left, so that the block's volume is the
  // candles' to the last decimal (a quarter of 0.00000001 would round to nothing four times).
  const units = amountUnits(volume);
  const quarter = Math.floor(units / 4);
  const amount = quarter / 1e8;
  return [
    { timeMs: startMs, price: open, amount, side },
    { timeMs: startMs + spanMs / 3, price: rising ? low : high, amount, side },
    { timeMs: startMs + (2 * spanMs) / 3, price: rising ? high : low, amount, side },
    { timeMs: startMs + spanMs - 1000, price: close, amount: (units - 3 * quarter) / 1e8, side },
  ];
}

export interface PairCandles {
  exchange: string;
  pair: VenuePair;
  candles: Candle[];
}

/**
 * USD per unit of a quote in one minute (or hour, or day: the candles' own interval), from the candles of
 * the same step.
 */
export class MinutePrices {
  /** "coin|candle open" → the close of its dollar-quoted candle. */
  private readonly closes = new Map<string, number>();
  /** "coin|candle open" → the close of its euro candle. */
  private readonly euroCloses = new Map<string, number>();

  constructor(
    all: readonly PairCandles[],
    private readonly eurPerUsd: () => number | null,
  ) {
    for (const { pair, candles } of all) {
      const closes =
        pair.quote === "EUR" ? this.euroCloses : DOLLAR_QUOTES.has(pair.quote) ? this.closes : null;
      if (closes) for (const [openMs, , , , close] of candles) closes.set(`${pair.symbol}|${openMs}`, close);
    }
  }

  quoteInUsd(quote: QuoteCurrency, minuteMs: number): number | null {
    if (quote === "USD") return 1;
    if (quote === "EUR") {
      // As live: the bridge coins' closes of the minute, else FX.
      const close = (closes: Map<string, number>) => (coin: string) => closes.get(`${coin}|${minuteMs}`);
      return eurInUsd(close(this.closes), close(this.euroCloses), this.eurPerUsd);
    }
    const close = this.closes.get(`${quote}|${minuteMs}`);
    if (close !== undefined) return close;
    return STABLECOINS.has(quote) ? 1 : null;
  }
}

const INTERVAL_MS: Record<CandleInterval, number> = { "1m": MINUTE_MS, "1h": 3_600_000, "1d": 86_400_000 };

/**
 * The trades `candles` of `interval` stand for (four a candle, tradesOfCandle), priced in USD by their quote
 * at the candle's time, by block, each block's oldest first: what the filters take, as from live trades.
 */
export function candleTradesByBlock(
  candles: readonly PairCandles[],
  eurPerUsd: () => number | null,
  interval: CandleInterval = "1m",
): Map<number, SourceTrade[]> {
  const prices = new MinutePrices(candles, eurPerUsd);
  // The 1-minute history's ids stay as they were before coarser candles existed.
  const idPrefix = interval === "1m" ? "candle" : `candle-${interval}`;
  const byBlock = new Map<number, SourceTrade[]>();
  for (const { exchange, pair, candles: ofPair } of candles) {
    for (const candle of ofPair) {
      const perQuote = prices.quoteInUsd(pair.quote, candle[0]);
      if (perQuote === null) continue;
      tradesOfCandle(candle, INTERVAL_MS[interval]).forEach((t, k) => {
        const block = blockOf(t.timeMs);
        const list = byBlock.get(block) ?? [];
        list.push({
          symbol: pair.symbol,
          exchange,
          pair: pair.pair,
          timeMs: t.timeMs,
          price: t.price,
          volume: t.side === "sell" ? -t.amount : t.amount,
          estimatedUSDPrice: t.price * perQuote,
          foreignTradeID: `${idPrefix}-${candle[0]}-${k}`,
        });
        byBlock.set(block, list);
      });
    }
  }
  for (const list of byBlock.values()) list.sort((a, b) => a.timeMs - b.timeMs);
  return byBlock;
}

/**
 * A pair's candles of `interval` opening in [fromMs, untilMs), oldest first, paged forward from fromMs.
 * Candles off the interval's UTC boundaries are left out (they would not end where a block does).
 */
export async function candlesOf(
  feed: VenueFeed,
  pair: VenuePair,
  fromMs: number,
  untilMs: number,
  interval: CandleInterval = "1m",
): Promise<Candle[]> {
  const step = INTERVAL_MS[interval];
  const candles: Candle[] = [];
  let since = fromMs;
  while (since < untilMs) {
    const page = (await feed.candles(pair.ccxtSymbol, since, interval)) as Candle[];
    const fresh = page.filter((c) => c[0] >= since && c[0] < untilMs).sort((a, b) => a[0] - b[0]);
    if (fresh.length === 0) {
      // No trades in the page's window (or the exchange only keeps newer candles): the next window.
      since += feed.candlesPerPage() * step;
      continue;
    }
    candles.push(...fresh.filter((c) => c[0] % step === 0));
    since = (fresh[fresh.length - 1] as Candle)[0] + step;
  }
  return candles;
}

/**
 * Every feed's pairs' candles of `interval` opening in [fromMs, toMs): the exchanges in parallel, each one's
 * pairs in turn (through ccxt's rate limiter). `got` is told each pair's as they arrive ([] for a pair the
 * exchange does not serve, or that `skip` leaves out).
 */
export async function candlesOfFeeds(
  feeds: readonly VenueFeed[],
  { fromMs, toMs }: { fromMs: number; toMs: number },
  interval: CandleInterval,
  stopped: () => boolean,
  got: (exchange: string, pair: VenuePair, candles: Candle[]) => void,
  skip: (exchange: string, pair: VenuePair) => boolean = () => false,
): Promise<PairCandles[]> {
  const fetched = await Promise.all(
    feeds.map(async (feed) => {
      const list: PairCandles[] = [];
      for (const pair of feed.pairs) {
        if (stopped()) break;
        let candles: Candle[] = [];
        if (!skip(feed.venue.name, pair)) {
          try {
            candles = await candlesOf(feed, pair, fromMs, toMs, interval);
          } catch {
            // An exchange that does not serve a pair's candles leaves that pair's history empty.
          }
          list.push({ exchange: feed.venue.name, pair, candles });
        }
        got(feed.venue.name, pair, candles);
      }
      return list;
    }),
  );
  return fetched.flat();
}

/** The candle_history record with `range` added, in place of the ranges `replaced` picks out. */
export async function markedRanges(
  store: Store,
  range: CandleHistoryRange,
  replaced: (r: CandleHistoryRange) => boolean,
): Promise<string> {
  const ranges = (await candleHistory(store)).filter((r) => !replaced(r));
  ranges.push(range);
  return JSON.stringify(ranges);
}

export type HistoryProgress = (exchange: string, doneBlocks: number, totalBlocks: number) => void;

/**
 * Fills `gap` from the feeds' candles: fetches them a day at a time (each exchange's requests through ccxt's
 * rate limiter, the exchanges in parallel), aggregates them into block rows for every series, and stores them.
 * Returns false when `stopped` cut it short (the gap stays pending for the next start).
 */
export async function fillFromCandles(
  gap: BlockGap,
  feeds: readonly VenueFeed[],
  store: Store,
  pairs: readonly Pair[],
  eurPerUsd: () => number | null,
  progress: HistoryProgress,
  stopped: () => boolean,
  /** Told each pair's candles as they arrive, before the step is stored (their newest close is a first price). */
  onPairCandles: (pair: VenuePair, candles: readonly Candle[]) => void = () => {},
): Promise<boolean> {
  const aggregator = new BlockAggregator(
    await seriesOfPairs(store, pairs),
    pairs,
    gap.first * BLOCK_SECONDS * 1000,
  );
  const total = gap.last - gap.first + 1;
  for (let from = gap.first; from <= gap.last; from += STEP_BLOCKS) {
    if (stopped()) return false;
    const to = Math.min(gap.last, from + STEP_BLOCKS - 1);
    const fromMs = from * BLOCK_SECONDS * 1000;
    const untilMs = (to + 1) * BLOCK_SECONDS * 1000;
    const fetched = await candlesOfFeeds(
      feeds,
      { fromMs, toMs: untilMs },
      "1m",
      stopped,
      (_, pair, candles) => onPairCandles(pair, candles),
    );
    if (stopped()) return false;
    const byBlock = candleTradesByBlock(fetched, eurPerUsd);
    const rows: BlockRow[] = [];
    for (let block = from; block <= to; block++) {
      const trades = byBlock.get(block) ?? [];
      for (const row of aggregator.aggregate(block, trades, false).rows) rows.push(row);
    }
    rows.sort(bySeriesAndTime);
    const firstEnd = (gap.first + 1) * BLOCK_SECONDS;
    const marked = await markedRanges(
      store,
      [firstEnd, (to + 1) * BLOCK_SECONDS],
      ([first]) => first === firstEnd,
    );
    await store.write({ blocks: rows, meta: { [CANDLE_HISTORY_META]: marked } });
    for (const feed of feeds) progress(feed.venue.name, to - gap.first + 1, total);
  }
  return true;
}
