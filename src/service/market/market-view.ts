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
import type { SourceTrade } from "./trade-source.ts";

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

function tradeResource(
  symbol: string,
  exchange: string,
  t: {
    pair: string;
    price: number;
    volume: number;
    timeMs: number;
    foreignTradeID: string;
    estimatedUSDPrice: number;
  },
): Trade {
  return {
    symbol,
    pair: t.pair,
    price: t.price,
    volume: t.volume,
    time: new Date(t.timeMs).toISOString(),
    foreignTradeID: t.foreignTradeID,
    estimatedUSDPrice: t.estimatedUSDPrice,
    source: exchange,
  };
}

interface SeriesFigures {
  series: number;
  /** End of the newest block, Unix seconds. */
  time: number;
  price: number;
  priceYesterday: number | null;
  volumeUSD: number;
}

export class MarketView {
  private memo = new Map<string, Promise<unknown>>();
  private readonly exchangesOf = new Map<string, string[]>();
  /** The coins the market simulates: only these are listed, quoted and ranked. */
  market: MarketCoins;

  constructor(
    private readonly store: Store,
    private readonly seed: number,
    market: MarketCoins = marketCoins(),
    /** A live source's trades not yet in a closed block, newest first (symbol details show them at once). */
    private readonly liveTrades: (symbol: string, exchange: string) => readonly SourceTrade[] = () => [],
  ) {
    this.market = market;
    this.setMarket(market);
  }

  /** A live source learned an exchange's pairs after the start: list, quote and rank with them from now on. */
  setMarket(market: MarketCoins): void {
    this.market = market;
    this.exchangesOf.clear();
    this.memo.clear();
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

  /**
   * Each figure is computed once until the next invalidate; concurrent requests for it share the one
   * computation under way. A failed one is not kept.
   */
  private memoised<T>(key: string, compute: () => Promise<T>): Promise<T> {
    const known = this.memo.get(key) as Promise<T> | undefined;
    if (known) return known;
    const value = compute();
    this.memo.set(key, value);
    value.catch(() => {
      if (this.memo.get(key) === value) this.memo.delete(key);
    });
    return value;
  }

  isKnownSymbol(symbol: string): boolean {
    return this.exchangesOf.has(symbol);
  }

  exchangeNamesOf(symbol: string): string[] {
    return this.exchangesOf.get(symbol) ?? [];
  }

  quotation(symbol: string): Promise<Quotation | null> {
    return this.memoised(`q|${symbol}`, async () => {
      if (!this.isKnownSymbol(symbol)) return null;
      const figures = await this.seriesFigures(symbol, null);
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

  private async seriesFigures(symbol: string, exchange: string | null): Promise<SeriesFigures | null> {
    const series = this.store.seriesId(symbol, exchange);
    if (series === null) return null;
    const latest = await this.store.latestBlock(series);
    if (!latest) return null;
    const [yesterday, volumeUSD] = await Promise.all([
      this.store.blockAtOrBefore(series, latest.time - DAY, YESTERDAY_TOLERANCE),
      this.store.volumeUSD(series, latest.time - DAY, latest.time),
    ]);
    return {
      series,
      time: latest.time,
      price: latest.ma120,
      priceYesterday: yesterday?.ma120 ?? null,
      volumeUSD,
    };
  }

  supply(symbol: string): Promise<Supply | null> {
    return this.memoised(`s|${symbol}`, async () => {
      const record = await this.store.latestSupply(symbol);
      return record ? supplyResource(record) : null;
    });
  }

  async coin(symbol: string): Promise<Coin | null> {
    const [q, supply] = await Promise.all([this.quotation(symbol), this.supply(symbol)]);
    if (!q) return null;
    return {
      symbol,
      name: q.name,
      price: q.price,
      priceYesterday: q.priceYesterday,
      volumeYesterdayUSD: q.volumeYesterdayUSD,
      time: q.time,
      circulatingSupply: supply?.circulatingSupply ?? null,
    };
  }

  /** Every coin that traded over 1 USD in the last day, by market cap; coins without supply last. */
  ranking(): Promise<Coin[]> {
    return this.memoised("ranking", async () => {
      const coins: Coin[] = [];
      for (const coin of await Promise.all(this.market.coins.map(({ symbol }) => this.coin(symbol)))) {
        if (coin && (coin.volumeYesterdayUSD ?? 0) >= 1) coins.push(coin);
      }
      const cap = (c: Coin) => (c.circulatingSupply === null ? -1 : c.circulatingSupply * c.price);
      return coins.sort(
        (a, b) => cap(b) - cap(a) || (b.volumeYesterdayUSD ?? 0) - (a.volumeYesterdayUSD ?? 0),
      );
    });
  }

  /** 1-based rank by market cap, 0 outside the top 50. */
  async rank(symbol: string): Promise<number> {
    const index = (await this.ranking()).findIndex((c) => c.symbol === symbol);
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

  /**
   * Per-exchange figures and last trades of a symbol, by 24 h volume. The figures are the closed blocks'; the
   * last trades include a live source's newest ones at once, before their block closes.
   */
  async exchanges(symbol: string): Promise<SymbolExchangeDetails[]> {
    const stored = await this.memoised(`x|${symbol}`, async () => {
      const found = await Promise.all(
        this.exchangeNamesOf(symbol).map(async (exchange) => {
          const figures = await this.seriesFigures(symbol, exchange);
          if (!figures) return null;
          const trades = (await this.store.lastTrades(figures.series, LAST_TRADES)).map((t) =>
            tradeResource(symbol, exchange, t),
          );
          return { name: exchange, figures, trades };
        }),
      );
      const details = found.filter((d) => d !== null);
      return details.sort((a, b) => (b.figures.volumeUSD ?? 0) - (a.figures.volumeUSD ?? 0));
    });
    return stored.map(({ name, figures, trades }) => {
      const lastTrades = this.withLiveTrades(symbol, name, trades);
      return {
        name,
        price: figures.price,
        priceYesterday: figures.priceYesterday,
        volumeYesterdayUSD: figures.volumeUSD,
        time: lastTrades[0]?.time ?? null,
        lastTrades,
      };
    });
  }

  private withLiveTrades(symbol: string, exchange: string, stored: Trade[]): Trade[] {
    const live = this.liveTrades(symbol, exchange);
    if (live.length === 0) return stored;
    const ids = new Set(live.map((t) => t.foreignTradeID));
    const merged = live.map((t) => tradeResource(symbol, exchange, t));
    for (const trade of stored) if (!ids.has(trade.foreignTradeID)) merged.push(trade);
    return merged.sort((a, b) => Date.parse(b.time) - Date.parse(a.time)).slice(0, LAST_TRADES);
  }

  /** End of the newest stored block, Unix seconds. */
  latestBlockEnd(): Promise<number | null> {
    return this.memoised("latest", () => this.store.lastBlockTime());
  }

  /** The current market block number (Unix time / 120), as stored with a supply post. */
  static blockNumber(nowMs: number): number {
    return Math.floor(nowMs / 1000 / BLOCK_SECONDS);
  }
}
