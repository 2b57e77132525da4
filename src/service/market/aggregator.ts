// Crowd aggregation: the trades of one 120-second block go through the three filters of every
// (symbol, exchange) series and of every (symbol, all exchanges) series, giving one BlockRow per series.
import { BLOCK_SECONDS } from "../../interface/vocabulary.ts";
import type { BlockRow, SeriesKey, Store, StoredTrade } from "../store/store.ts";
import { SeriesState } from "./series-state.ts";
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
      if (keepTrades) stored.push(storedTradeOf(trade, exchangeState.id, i));
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

/** A trade as the store keeps it: of its exchange's series, `seq` its place in its block's list. */
export function storedTradeOf(trade: SourceTrade, series: number, seq: number): StoredTrade {
  return {
    series,
    timeMs: trade.timeMs,
    seq,
    pair: trade.pair,
    price: trade.price,
    volume: trade.volume,
    estimatedUSDPrice: trade.estimatedUSDPrice,
    foreignTradeID: trade.foreignTradeID,
  };
}
