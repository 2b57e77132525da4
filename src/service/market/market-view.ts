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
import { byMarketCap, type FirstPrices, firstExchangeDetails, firstQuotation } from "./first-prices.ts";
import { fxRates } from "./fx.ts";
import { tradeResource } from "./trade-resource.ts";
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

  /**
   * The coin's quotation from its newest stored block; before the first block of it, from the price a live
   * source already knows (never memoised: the next trade changes it).
   */
  async quotation(symbol: string, live?: FirstPrices): Promise<Quotation | null> {
    const stored = await this.storedQuotation(symbol);
    if (stored || !live?.firstPrice || !this.isKnownSymbol(symbol)) return stored;
    const first = live.firstPrice(symbol);
    return first ? firstQuotation(symbol, first, QUOTATION_SOURCE) : null;
  }

  /** Whether the quotation comes from a stored block: false while a live source's first price stands in. */
  async hasStoredBlock(symbol: string): Promise<boolean> {
    return (await this.storedQuotation(symbol)) !== null;
  }

  private storedQuotation(symbol: string): Promise<Quotation | null> {
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

  async coin(symbol: string, live?: FirstPrices): Promise<Coin | null> {
    const [q, supply] = await Promise.all([this.quotation(symbol, live), this.supply(symbol)]);
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

  /**
   * Every coin that traded over 1 USD in the last day, by market cap; coins without supply last. With a live
   * source, the coins without a stored block yet are ranked too, at the price it already knows of them.
   */
  async ranking(live?: FirstPrices): Promise<Coin[]> {
    const stored = await this.storedRanking();
    const first = await this.firstCoins(live);
    return first.length === 0 ? stored : byMarketCap([...stored, ...first]);
  }

  /**
   * Whether an answer made now may change before the next block: a coin in it stands at a live source's
   * first price, or none is listed yet while a live source runs (its first trade may come any moment).
   */
  async provisional(live?: FirstPrices): Promise<boolean> {
    if (!live?.firstPrice) return false;
    if ((await this.firstCoins(live)).length > 0) return true;
    return (await this.storedRanking()).length === 0;
  }

  private storedRanking(): Promise<Coin[]> {
    return this.memoised("ranking", async () => {
      const coins: Coin[] = [];
      for (const coin of await Promise.all(this.market.coins.map(({ symbol }) => this.coin(symbol)))) {
        if (coin && (coin.volumeYesterdayUSD ?? 0) >= 1) coins.push(coin);
      }
      return byMarketCap(coins);
    });
  }

  /** The market's coins with no stored block yet that a live source already prices. */
  private async firstCoins(live?: FirstPrices): Promise<Coin[]> {
    if (!live?.firstPrice) return [];
    const coins = await Promise.all(
      this.market.coins.map(async ({ symbol }) =>
        (await this.hasStoredBlock(symbol)) ? null : this.coin(symbol, live),
      ),
    );
    return coins.filter((coin) => coin !== null);
  }

  /** 1-based rank by market cap, 0 outside the top 50. */
  async rank(symbol: string, live?: FirstPrices): Promise<number> {
    const index = (await this.ranking(live)).findIndex((c) => c.symbol === symbol);
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
   * last trades include a live source's newest ones at once, before their block closes. Before any block of
   * the symbol is stored, each exchange with live trades is listed at its newest trade's price.
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
    if (stored.length === 0) {
      return this.exchangeNamesOf(symbol)
        .map((name) => firstExchangeDetails(name, this.withLiveTrades(symbol, name, [])))
        .filter((details) => details !== null);
    }
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
