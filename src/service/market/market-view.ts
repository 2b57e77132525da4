// Read model of the market for the endpoints: quotations, coin figures and ranking, per-exchange details,
// FX change and supply, computed from the store and memoised until the next block or supply post.
import type {
  Change,
  Coin,
  Quotation,
  Supply,
  SymbolExchangeDetails,
  Trade,
} from "../../interface/resources.ts";
import { BLOCK_SECONDS, FX_CURRENCIES } from "../../interface/vocabulary.ts";
import { nameForSymbol } from "../catalog/catalog.ts";
import { type MarketCoins, marketCoins } from "../catalog/market-coins.ts";
import type { Store, SupplyRecord } from "../store/store.ts";
import { fxRates } from "./fx.ts";

const DAY = 86_400;
/** How far from "24 hours ago" a block may be and still count as yesterday's price. */
const YESTERDAY_TOLERANCE = 10 * 60;
/** Source of quotations: the crowd aggregation of this service. */
const QUOTATION_SOURCE = "crowd";
export const TOP_COINS = 50;
const LAST_TRADES = 10;

/** When the aggregation finished a block: a moment after its end, as the public service's Time was. */
function processedAt(blockEnd: number): string {
  return new Date(blockEnd * 1000 + 250 + (blockEnd % 7) * 97).toISOString();
}

export function supplyResource(record: SupplyRecord): Supply {
  return {
    symbol: record.symbol,
    name: nameForSymbol(record.symbol),
    circulatingSupply: record.circulatingSupply,
    source: record.source,
    time: new Date(record.timeMs).toISOString(),
    block: record.block,
  };
}

export class MarketView {
  private memo = new Map<string, unknown>();
  private readonly exchangesOf = new Map<string, string[]>();

  constructor(
    private readonly store: Store,
    private readonly seed: number,
    /** The coins the market simulates: only these are listed, quoted and ranked. */
    readonly market: MarketCoins = marketCoins(),
  ) {
    for (const pair of market.pairs) {
      if (pair.ignore) continue;
      const list = this.exchangesOf.get(pair.symbol) ?? [];
      if (!list.includes(pair.exchange)) list.push(pair.exchange);
      this.exchangesOf.set(pair.symbol, list);
    }
  }

  /** Forget memoised figures: a block was added or a supply posted. */
  invalidate(): void {
    this.memo.clear();
  }

  private memoised<T>(key: string, compute: () => T): T {
    if (this.memo.has(key)) return this.memo.get(key) as T;
    const value = compute();
    this.memo.set(key, value);
    return value;
  }

  isKnownSymbol(symbol: string): boolean {
    return this.exchangesOf.has(symbol);
  }

  exchangeNamesOf(symbol: string): string[] {
    return this.exchangesOf.get(symbol) ?? [];
  }

  quotation(symbol: string): Quotation | null {
    return this.memoised(`q|${symbol}`, () => {
      if (!this.isKnownSymbol(symbol)) return null;
      const figures = this.seriesFigures(symbol, null);
      if (!figures) return null;
      return {
        symbol,
        name: nameForSymbol(symbol),
        price: figures.price,
        priceYesterday: figures.priceYesterday,
        volumeYesterdayUSD: figures.volumeUSD,
        source: QUOTATION_SOURCE,
        time: processedAt(figures.time),
      };
    });
  }

  private seriesFigures(symbol: string, exchange: string | null) {
    const series = this.store.seriesId(symbol, exchange);
    const latest = this.store.latestBlock(series);
    if (!latest) return null;
    const yesterday = this.store.blockAtOrBefore(series, latest.time - DAY, YESTERDAY_TOLERANCE);
    return {
      series,
      time: latest.time,
      price: latest.ma120,
      priceYesterday: yesterday?.ma120 ?? null,
      volumeUSD: this.store.volumeUSD(series, latest.time - DAY, latest.time),
    };
  }

  supply(symbol: string): Supply | null {
    return this.memoised(`s|${symbol}`, () => {
      const record = this.store.latestSupply(symbol);
      return record ? supplyResource(record) : null;
    });
  }

  coin(symbol: string): Coin | null {
    const q = this.quotation(symbol);
    if (!q) return null;
    return {
      symbol,
      name: q.name,
      price: q.price,
      priceYesterday: q.priceYesterday,
      volumeYesterdayUSD: q.volumeYesterdayUSD,
      time: q.time,
      circulatingSupply: this.supply(symbol)?.circulatingSupply ?? null,
    };
  }

  /** Every coin that traded over 1 USD in the last day, by market cap; coins without supply last. */
  ranking(): Coin[] {
    return this.memoised("ranking", () => {
      const coins: Coin[] = [];
      for (const { symbol } of this.market.coins) {
        const coin = this.coin(symbol);
        if (coin && (coin.volumeYesterdayUSD ?? 0) >= 1) coins.push(coin);
      }
      const cap = (c: Coin) => (c.circulatingSupply === null ? -1 : c.circulatingSupply * c.price);
      return coins.sort(
        (a, b) => cap(b) - cap(a) || (b.volumeYesterdayUSD ?? 0) - (a.volumeYesterdayUSD ?? 0),
      );
    });
  }

  /** 1-based rank by market cap, 0 outside the top 50. */
  rank(symbol: string): number {
    const index = this.ranking().findIndex((c) => c.symbol === symbol);
    return index >= 0 && index < TOP_COINS ? index + 1 : 0;
  }

  /** USD FX rates of the market's current day and the day before (units per 1 USD). */
  change(nowMs: number): Change {
    const day = Math.floor(nowMs / 1000 / DAY);
    const today = fxRates(this.seed, day);
    const yesterday = fxRates(this.seed, day - 1);
    return {
      usd: FX_CURRENCIES.map((symbol) => ({ symbol, rate: today[symbol], rateYesterday: yesterday[symbol] })),
    };
  }

  /** Per-exchange figures and last trades of a symbol, by 24 h volume. */
  exchanges(symbol: string): SymbolExchangeDetails[] {
    return this.memoised(`x|${symbol}`, () => {
      const details: SymbolExchangeDetails[] = [];
      for (const exchange of this.exchangeNamesOf(symbol)) {
        const figures = this.seriesFigures(symbol, exchange);
        if (!figures) continue;
        const lastTrades: Trade[] = this.store.lastTrades(figures.series, LAST_TRADES).map((t) => ({
          symbol,
          pair: t.pair,
          price: t.price,
          volume: t.volume,
          time: new Date(t.timeMs).toISOString(),
          foreignTradeID: t.foreignTradeID,
          estimatedUSDPrice: t.estimatedUSDPrice,
          source: exchange,
        }));
        details.push({
          name: exchange,
          price: figures.price,
          priceYesterday: figures.priceYesterday,
          volumeYesterdayUSD: figures.volumeUSD,
          time: lastTrades[0]?.time ?? null,
          lastTrades,
        });
      }
      return details.sort((a, b) => (b.volumeYesterdayUSD ?? 0) - (a.volumeYesterdayUSD ?? 0));
    });
  }

  /** End of the newest stored block, Unix seconds. */
  latestBlockEnd(): number | null {
    return this.memoised("latest", () => this.store.lastBlockTime());
  }

  /** The current market block number (Unix time / 120), as stored with a supply post. */
  static blockNumber(nowMs: number): number {
    return Math.floor(nowMs / 1000 / BLOCK_SECONDS);
  }
}
