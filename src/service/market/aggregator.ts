// Crowd aggregation: the trades of one 120-second block go through the three filters of every
// (symbol, exchange) series and of every (symbol, all exchanges) series, giving one BlockRow per series.
import { BLOCK_SECONDS } from "../../interface/vocabulary.ts";
import type { BlockRow, SeriesKey, Store, StoredTrade } from "../store/store.ts";
import { type ClosedFigures, SeriesState } from "./series-state.ts";
import type { SourceTrade } from "./trade-source.ts";

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
