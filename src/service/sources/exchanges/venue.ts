// One exchange as the exchanges source reaches it: the service's name for it, ccxt's id and options, and how
// it names a pair. Each of the ten lives in venues/<name>.ts, its test fake in venues/testing/.
import { QUOTE_CURRENCIES, type QuoteCurrency } from "../../catalog/catalog.ts";

/** The part of a ccxt market the source reads. */
export interface VenueMarket {
  id: string;
  symbol: string;
  base: string;
  quote: string;
  spot?: boolean;
  active?: boolean | undefined;
  info: Record<string, unknown>;
}

/** A pair the exchanges source reads: ccxt's unified symbol and what the service calls it. */
export interface VenuePair {
  /** ccxt's unified symbol, e.g. "BTC/USDT". */
  ccxtSymbol: string;
  symbol: string;
  quote: QuoteCurrency;
  /** The exchange's name of the pair (foreignName). */
  pair: string;
}

export interface Venue {
  /** The service's name (catalog.ts), e.g. "Huobi". */
  readonly name: string;
  /** Other names accepted in EXCHANGES and EXCHANGE_HOSTS (case-insensitive), e.g. ccxt's "htx". */
  readonly aliases: readonly string[];
  /** ccxt's id, e.g. "htx"; `new ccxt.pro[ccxtId](...)`. */
  readonly ccxtId: string;
  /** ccxt options: spot markets only, the trade endpoint whose ids match the stream's, ... */
  readonly options: Readonly<Record<string, unknown>>;
  /**
   * false: the REST trade history the gap fill reads takes no start time (Binance's /api/v3/trades refuses
   * one), so the fill asks for the newest trades and keeps those since the last one seen. Default true.
   */
  readonly restTradesSince?: boolean;
  /**
   * Extra parameters of the REST trade history the gap fill reads, where ccxt's own ask would not reach back
   * to `sinceMs` (Bitstamp: a window of a day, not an hour; Gate spot: `from`, which ccxt passes only for
   * contracts).
   */
  restTradesParams?(sinceMs: number): Record<string, unknown>;
  /**
   * Where the trade history returns its newest page and older ones by a cursor: the parameters of the page
   * before `oldest` (Coinbase: `after` its trade id). The gap fill then pages backward (rest-fill.ts).
   */
  restTradesOlder?(oldest: { id?: string | undefined }): Record<string, unknown>;
  /** Trades asked per page of that history (the exchange's most). */
  restTradesLimit?: number;
  /** The exchange's own name of the pair (the Trade's pair and the pair's foreignName). */
  foreignName(market: VenueMarket): string;
  /**
   * The trade's id (its foreignTradeID and deduplication key) where ccxt's `id` differs between the stream
   * and the REST history (HTX: ccxt reads a streamed trade's long `id`, a REST one's `trade-id`). Default: `id`.
   */
  tradeId?(trade: { id?: string | undefined; info?: unknown }): string | undefined;
}

/** The spot pairs of `coins` quoted in a currency the source prices, of an exchange's market list. */
export function pairsOfMarkets(
  venue: Venue,
  markets: readonly VenueMarket[],
  coins: ReadonlySet<string>,
): VenuePair[] {
  const quotes: readonly string[] = QUOTE_CURRENCIES;
  return markets
    .filter((m) => m.spot !== false && m.active !== false && coins.has(m.base) && quotes.includes(m.quote))
    .map((m) => ({
      ccxtSymbol: m.symbol,
      symbol: m.base,
      quote: m.quote as QuoteCurrency,
      pair: venue.foreignName(m),
    }));
}
