// Crowd aggregation: the trades of one 120-second block go through the three filters of every
// (symbol, exchange) series and of every (symbol, all exchanges) series, giving one BlockRow per series.
import { BLOCK_SECONDS } from "../../interface/vocabulary.ts";
import { amountOfUnits, amountUnits, roundPrice } from "../store/block-rounding.ts";
import type { BlockRow, SeriesKey, Store, StoredTrade } from "../store/store.ts";
import { MairBesideMovingAverage, MairFilter, MedirFilter, MovingAverageFilter } from "./filters.ts";
import type { SourceTrade } from "./trade-source.ts";

/** Filter state of one series, carried from block to block, and the figures of the block under way. */
export class SeriesState {
  readonly ma: MovingAverageFilter;
  readonly mair: MairFilter;
  readonly medir = new MedirFilter();
  private readonly mairBeside: MairBesideMovingAverage;
  volumeUSD = 0;
  trades = 0;
  lastTradeMs = 0;
  open = 0;
  high = Number.NEGATIVE_INFINITY;
  low = Number.POSITIVE_INFINITY;
  last = 0;
  buyVolume = 0;
  sellVolume = 0;
  buyUnits = 0;
  sellUnits = 0;

  constructor(
    readonly id: number,
    startMs: number,
  ) {
    this.ma = new MovingAverageFilter(startMs);
    this.mair = new MairFilter(startMs);
    this.mairBeside = new MairBesideMovingAverage(this.mair, this.ma);
  }

  take(timeMs: number, price: number, volume: number): void {
    this.ma.computeAt(timeMs, price);
    this.mair.computeAt(timeMs, price);
    this.takeCandle(timeMs, price, volume);
  }

  /**
   * take, for trades in time order within their block (a seed's columns): MAIR120 is then made beside the
   * MA120's samples (MairBesideMovingAverage) rather than in a buffer of its own.
   */
  takeInOrder(timeMs: number, price: number, volume: number): void {
    this.mairBeside.computeAt(timeMs, price);
    this.takeCandle(timeMs, price, volume);
  }

  private takeCandle(timeMs: number, price: number, volume: number): void {
    this.medir.computeAt(timeMs, price);
    if (this.trades === 0) this.open = price;
    if (price > this.high) this.high = price;
    if (price < this.low) this.low = price;
    this.last = price;
    // A trade's volume is signed by the taker's side: negative for a sell.
    if (volume < 0) {
      this.sellVolume -= volume;
      this.sellUnits += amountUnits(volume);
    } else {
      this.buyVolume += volume;
      this.buyUnits += amountUnits(volume);
    }
    this.volumeUSD += Math.abs(volume) * price;
    this.trades += 1;
    this.lastTradeMs = timeMs;
  }

  /** The figures of the block closed last (see closeFigures). */
  readonly closed = new ClosedFigures();

  /** Closes the block; null while the series has never traded (no MA120 yet). */
  close(blockEndMs: number): BlockRow | null {
    return this.closeFigures(blockEndMs) ? rowOf(this.id, blockEndMs / 1000, this.closed) : null;
  }

  /**
   * Closes the block into `closed` (numbers, NaN for null) without making a row; false while the series
   * has never traded (no MA120 yet). A seed packs most blocks straight from these.
   */
  closeFigures(blockEndMs: number): boolean {
    // MAIR120 first: made beside the MA120, it reads the MA120's samples before their close fills them.
    const mair = this.mairBeside.closeBlock();
    const ma = this.ma.closeBlock(blockEndMs);
    const medir = this.medir.closeBlock();
    const traded = this.trades > 0;
    const out = this.closed;
    const made = !Number.isNaN(ma);
    if (made) {
      // Prices are kept to nine significant digits as the block is made, so that its rows and its packed
      // day (stored as integers) hold the same numbers.
      out.ma120 = roundPrice(ma);
      out.mair120 = Number.isNaN(mair) ? Number.NaN : roundPrice(mair);
      out.medir120 = Number.isNaN(medir) ? Number.NaN : roundPrice(medir);
      out.lastTradeOffset = traded
        ? Math.floor((this.lastTradeMs - (blockEndMs - BLOCK_SECONDS * 1000)) / 1000)
        : Number.NaN;
      out.volumeUSD = this.volumeUSD;
      out.trades = this.trades;
      out.open = traded ? roundPrice(this.open) : Number.NaN;
      out.high = traded ? roundPrice(this.high) : Number.NaN;
      out.low = traded ? roundPrice(this.low) : Number.NaN;
      out.close = traded ? roundPrice(this.last) : Number.NaN;
      out.buyVolume = amountOfUnits(this.buyUnits, this.buyVolume);
      out.sellVolume = amountOfUnits(this.sellUnits, this.sellVolume);
      out.tradesLeftOut = this.medir.leftOut;
    }
    this.volumeUSD = 0;
    this.trades = 0;
    this.high = Number.NEGATIVE_INFINITY;
    this.low = Number.POSITIVE_INFINITY;
    this.buyVolume = 0;
    this.sellVolume = 0;
    this.buyUnits = 0;
    this.sellUnits = 0;
    return made;
  }
}

/** A closed block's figures as numbers, NaN where its row has null: what a packed day is made of. */
export class ClosedFigures {
  ma120 = 0;
  mair120 = Number.NaN;
  medir120 = Number.NaN;
  lastTradeOffset = Number.NaN;
  volumeUSD = 0;
  trades = 0;
  open = Number.NaN;
  high = Number.NaN;
  low = Number.NaN;
  close = Number.NaN;
  buyVolume = 0;
  sellVolume = 0;
  tradesLeftOut = 0;
}

const orNull = (x: number): number | null => (Number.isNaN(x) ? null : x);

/** The row of a series' closed block. */
export function rowOf(series: number, time: number, f: ClosedFigures): BlockRow {
  return {
    series,
    time,
    ma120: f.ma120,
    mair120: orNull(f.mair120),
    medir120: orNull(f.medir120),
    lastTradeOffset: orNull(f.lastTradeOffset),
    volumeUSD: f.volumeUSD,
    trades: f.trades,
    open: orNull(f.open),
    high: orNull(f.high),
    low: orNull(f.low),
    close: orNull(f.close),
    buyVolume: f.buyVolume,
    sellVolume: f.sellVolume,
    tradesLeftOut: f.tradesLeftOut,
  };
}

/** A coin's series: across exchanges, and on each exchange. */
interface CoinStates {
  all: SeriesState;
  byExchange: Map<string, SeriesState>;
}

export interface SeriesKeyLookup {
  seriesId(symbol: string, exchange: string | null): number;
}

type Pairs = readonly { symbol: string; exchange: string; ignore: boolean }[];

/**
 * Makes the series of the pairs (each pair's, and its coin's across exchanges) in the store, and looks
 * them up synchronously, as aggregating a block does for every series it closes.
 */
export async function seriesOfPairs(store: Store, pairs: Pairs): Promise<SeriesKeyLookup> {
  const keys: SeriesKey[] = [];
  for (const pair of pairs) {
    if (pair.ignore) continue;
    keys.push({ symbol: pair.symbol, exchange: pair.exchange }, { symbol: pair.symbol, exchange: null });
  }
  await store.ensureSeries(keys);
  return {
    seriesId: (symbol, exchange) => {
      const id = store.seriesId(symbol, exchange);
      if (id === null) throw new Error(`market: the series ${symbol}/${exchange ?? "all"} was not made`);
      return id;
    },
  };
}

/**
 * A block's trades as columns, in time order through `order` (order[k] is the k-th trade's index): the
 * simulator's form, aggregated without an object per trade.
 */
export interface TradeColumns {
  count: number;
  order: Int32Array;
  /** The trade's pair: an index into the pair list given with them (see BlockAggregator.routes). */
  pair: Int32Array;
  timeMs: Float64Array;
  /** The estimated USD price. */
  usdPrice: Float64Array;
  /** The amount in the coin's units, negative for a taker's sell. */
  volume: Float64Array;
}

/** Where aggregateColumnsInto gives each closed block: its series and figures (valid during the call). */
export interface ClosedBlockSink {
  visit(series: number, figures: ClosedFigures): void;
}

/** Each pair's series (by its index in a pair list): on its exchange, and its coin's across exchanges. */
export interface PairRoutes {
  readonly exchange: readonly (SeriesState | null)[];
  readonly all: readonly (SeriesState | null)[];
}

export interface AggregatedBlock {
  rows: BlockRow[];
  trades: StoredTrade[];
}

export class BlockAggregator {
  /** symbol → its series across exchanges and by exchange */
  private readonly states = new Map<string, CoinStates>();
  private readonly all: SeriesState[] = [];

  constructor(
    private readonly ids: SeriesKeyLookup,
    pairs: readonly { symbol: string; exchange: string; ignore: boolean }[],
    startMs: number,
  ) {
    for (const pair of pairs) {
      if (pair.ignore) continue;
      this.ensure(pair.symbol, pair.exchange, startMs);
      this.ensure(pair.symbol, "", startMs);
    }
  }

  /** Pairs that became known after the start (an exchange that was down): their series start now. */
  addPairs(pairs: readonly { symbol: string; exchange: string; ignore: boolean }[], startMs: number): void {
    for (const pair of pairs) {
      if (pair.ignore) continue;
      this.ensure(pair.symbol, pair.exchange, startMs);
      this.ensure(pair.symbol, "", startMs);
    }
  }

  private ensure(symbol: string, exchange: string, startMs: number): SeriesState {
    let coin = this.states.get(symbol);
    if (!coin) {
      const all = new SeriesState(this.ids.seriesId(symbol, null), startMs);
      coin = { all, byExchange: new Map() };
      this.states.set(symbol, coin);
      this.all.push(all);
    }
    if (exchange === "") return coin.all;
    let state = coin.byExchange.get(exchange);
    if (!state) {
      state = new SeriesState(this.ids.seriesId(symbol, exchange), startMs);
      coin.byExchange.set(exchange, state);
      this.all.push(state);
    }
    return state;
  }

  /** The series of each pair of a pair list (null for a pair not followed), for aggregateColumns. */
  routes(pairs: { readonly symbol: readonly string[]; readonly exchange: readonly string[] }): PairRoutes {
    const exchange: (SeriesState | null)[] = [];
    const all: (SeriesState | null)[] = [];
    for (let p = 0; p < pairs.symbol.length; p++) {
      const coin = this.states.get(pairs.symbol[p] as string);
      const state = coin?.byExchange.get(pairs.exchange[p] as string) ?? null;
      exchange.push(state);
      all.push(state && (coin as CoinStates).all);
    }
    return { exchange, all };
  }

  /**
   * aggregate, for trades given as columns whose pairs `routes` maps; no trades are kept (a seed's history
   * older than the trades the store keeps).
   */
  aggregateColumns(block: number, trades: TradeColumns, routes: PairRoutes): BlockRow[] {
    this.takeColumns(trades, routes);
    return this.closeBlock(block);
  }

  /**
   * aggregateColumns, giving each series' closed block to `sink` as figures (valid during the call)
   * instead of a row: a seed packs nearly all of its blocks without making their rows.
   */
  aggregateColumnsInto(block: number, trades: TradeColumns, routes: PairRoutes, sink: ClosedBlockSink): void {
    this.takeColumns(trades, routes);
    const blockEndMs = (block + 1) * BLOCK_SECONDS * 1000;
    for (const state of this.all) if (state.closeFigures(blockEndMs)) sink.visit(state.id, state.closed);
  }

  private takeColumns(trades: TradeColumns, routes: PairRoutes): void {
    const { order, pair, timeMs, usdPrice, volume } = trades;
    for (let k = 0; k < trades.count; k++) {
      const i = order[k] as number;
      const p = pair[i] as number;
      const state = routes.exchange[p];
      if (!state) continue;
      const t = timeMs[i] as number;
      const price = usdPrice[i] as number;
      const amount = volume[i] as number;
      state.takeInOrder(t, price, amount);
      (routes.all[p] as SeriesState).takeInOrder(t, price, amount);
    }
  }

  /**
   * Aggregates one block. `trades` must be the block's trades sorted by time. With `keepTrades` the
   * block's trades are returned for storage (the store keeps the last day's trades only).
   */
  aggregate(block: number, trades: readonly SourceTrade[], keepTrades: boolean): AggregatedBlock {
    const stored: StoredTrade[] = [];
    for (let i = 0; i < trades.length; i++) {
      const trade = trades[i] as SourceTrade;
      const coin = this.states.get(trade.symbol);
      const exchangeState = coin?.byExchange.get(trade.exchange);
      if (!coin || !exchangeState) continue;
      exchangeState.take(trade.timeMs, trade.estimatedUSDPrice, trade.volume);
      coin.all.take(trade.timeMs, trade.estimatedUSDPrice, trade.volume);
      if (keepTrades) {
        stored.push({
          series: exchangeState.id,
          timeMs: trade.timeMs,
          seq: i,
          pair: trade.pair,
          price: trade.price,
          volume: trade.volume,
          estimatedUSDPrice: trade.estimatedUSDPrice,
          foreignTradeID: trade.foreignTradeID,
        });
      }
    }
    return { rows: this.closeBlock(block), trades: stored };
  }

  private closeBlock(block: number): BlockRow[] {
    const blockEndMs = (block + 1) * BLOCK_SECONDS * 1000;
    const rows: BlockRow[] = [];
    for (const state of this.all) {
      const row = state.close(blockEndMs);
      if (row) rows.push(row);
    }
    return rows;
  }
}
