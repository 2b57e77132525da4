// Crowd aggregation: the trades of one 120-second block go through the three filters of every
// (symbol, exchange) series and of every (symbol, all exchanges) series, giving one BlockRow per series.
import { BLOCK_SECONDS } from "../../interface/vocabulary.ts";
import { amountOfUnits, amountUnits, roundPrice } from "../store/block-rounding.ts";
import type { BlockRow, SeriesKey, Store, StoredTrade } from "../store/store.ts";
import { MairFilter, MedirFilter, MovingAverageFilter } from "./filters.ts";
import type { SourceTrade } from "./trade-source.ts";

/** Filter state of one series, carried from block to block, and the figures of the block under way. */
class SeriesState {
  readonly ma: MovingAverageFilter;
  readonly mair: MairFilter;
  readonly medir = new MedirFilter();
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
  }

  take(trade: SourceTrade): void {
    this.ma.compute(trade);
    this.mair.compute(trade);
    this.medir.compute(trade);
    const price = trade.estimatedUSDPrice;
    if (this.trades === 0) this.open = price;
    if (price > this.high) this.high = price;
    if (price < this.low) this.low = price;
    this.last = price;
    // A trade's volume is signed by the taker's side: negative for a sell.
    if (trade.volume < 0) {
      this.sellVolume -= trade.volume;
      this.sellUnits += amountUnits(trade.volume);
    } else {
      this.buyVolume += trade.volume;
      this.buyUnits += amountUnits(trade.volume);
    }
    this.volumeUSD += Math.abs(trade.volume) * price;
    this.trades += 1;
    this.lastTradeMs = trade.timeMs;
  }

  /** Closes the block; null while the series has never traded (no MA120 yet). */
  close(blockEndMs: number): BlockRow | null {
    const ma = this.ma.closeBlock(blockEndMs);
    const mair = this.mair.closeBlock();
    const medir = this.medir.closeBlock();
    const traded = this.trades > 0;
    // Prices are kept to nine significant digits as the block is made, so that its rows and its packed
    // day (stored as integers) hold the same numbers.
    const row: BlockRow | null = Number.isNaN(ma)
      ? null
      : {
          series: this.id,
          time: blockEndMs / 1000,
          ma120: roundPrice(ma),
          mair120: Number.isNaN(mair) ? null : roundPrice(mair),
          medir120: Number.isNaN(medir) ? null : roundPrice(medir),
          lastTradeOffset: traded
            ? Math.floor((this.lastTradeMs - (blockEndMs - BLOCK_SECONDS * 1000)) / 1000)
            : null,
          volumeUSD: this.volumeUSD,
          trades: this.trades,
          open: traded ? roundPrice(this.open) : null,
          high: traded ? roundPrice(this.high) : null,
          low: traded ? roundPrice(this.low) : null,
          close: traded ? roundPrice(this.last) : null,
          buyVolume: amountOfUnits(this.buyUnits, this.buyVolume),
          sellVolume: amountOfUnits(this.sellUnits, this.sellVolume),
          tradesLeftOut: this.medir.leftOut,
        };
    this.volumeUSD = 0;
    this.trades = 0;
    this.high = Number.NEGATIVE_INFINITY;
    this.low = Number.POSITIVE_INFINITY;
    this.buyVolume = 0;
    this.sellVolume = 0;
    this.buyUnits = 0;
    this.sellUnits = 0;
    return row;
  }
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
    const blockEndMs = (block + 1) * BLOCK_SECONDS * 1000;
    const stored: StoredTrade[] = [];
    for (let i = 0; i < trades.length; i++) {
      const trade = trades[i] as SourceTrade;
      const coin = this.states.get(trade.symbol);
      const exchangeState = coin?.byExchange.get(trade.exchange);
      if (!coin || !exchangeState) continue;
      exchangeState.take(trade);
      coin.all.take(trade);
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
    const rows: BlockRow[] = [];
    for (const state of this.all) {
      const row = state.close(blockEndMs);
      if (row) rows.push(row);
    }
    return { rows, trades: stored };
  }
}
