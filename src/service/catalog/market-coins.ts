// The coins a service's market simulates (MARKET_COINS): every coin of the catalog, or a few of them, which
// makes a long history cheap. Everything the service lists, seeds or ranks reads them from here, so all
// endpoints agree on the same market; a chosen coin trades exactly as it does in the whole market.
import { COINS, type Coin, type Pair } from "./catalog.ts";
import { PAIRS } from "./catalog-pairs.ts";

export interface MarketCoins {
  /** Every coin of the catalog is simulated. */
  readonly all: boolean;
  /** The simulated coins, in the catalog's (market-cap) order. */
  readonly coins: readonly Coin[];
  /** Their symbols, in the same order. */
  readonly coinSymbols: readonly string[];
  /** Their pairs on every exchange, thin (ignored) ones too, in the catalog's order. */
  readonly pairs: readonly Pair[];
  /** Symbols that have a pair the aggregation uses, alphabetical (what GET /v1/symbols lists). */
  readonly symbols: readonly string[];
}

/** The catalog's coin symbols, in market-cap order. */
export const CATALOG_SYMBOLS: readonly string[] = COINS.map((c) => c.symbol);

/**
 * The market of the coins `symbols` (null: all of the catalog's). Throws for a symbol the catalog does not
 * have; configuration checks that first (parseMarketCoins in config/values.ts) with a message for the operator.
 */
export function marketCoins(symbols: readonly string[] | null = null): MarketCoins {
  const wanted = symbols === null ? null : new Set(symbols);
  for (const symbol of wanted ?? []) {
    if (!CATALOG_SYMBOLS.includes(symbol)) throw new Error(`no coin ${symbol} in the catalog`);
  }
  const coins = wanted === null ? COINS : COINS.filter((c) => wanted.has(c.symbol));
  const pairs = wanted === null ? PAIRS : PAIRS.filter((p) => wanted.has(p.symbol));
  return {
    all: coins.length === COINS.length,
    coins,
    coinSymbols: coins.map((c) => c.symbol),
    pairs,
    symbols: [...new Set(pairs.filter((p) => !p.ignore).map((p) => p.symbol))].sort(),
  };
}

/**
 * The market of a live source: the coins `symbols` (null: all of the catalog's) with the pairs the exchanges
 * really list, instead of the catalog's. A coin no exchange lists is still one of the market's coins (it has
 * no quotation until one does).
 */
export function marketOfPairs(symbols: readonly string[] | null, pairs: readonly Pair[]): MarketCoins {
  const base = marketCoins(symbols);
  const wanted = new Set(base.coinSymbols);
  const order = new Map(base.coinSymbols.map((symbol, i) => [symbol, i]));
  const listed = pairs
    .filter((p) => wanted.has(p.symbol))
    .sort((a, b) => (order.get(a.symbol) ?? 0) - (order.get(b.symbol) ?? 0));
  return {
    ...base,
    pairs: listed,
    symbols: [...new Set(listed.filter((p) => !p.ignore).map((p) => p.symbol))].sort(),
  };
}

/**
 * Reads a coin list as an operator writes it ("BTC, eth"): the catalog's symbols in its order, each once,
 * or the items the catalog does not have. Case does not matter; empty items are skipped.
 */
export function readCoinList(raw: string): { coins: string[]; unknown: string[] } {
  const items = raw
    .split(",")
    .map((item) => item.trim())
    .filter((item) => item !== "");
  const unknown = items.filter((item) => !CATALOG_SYMBOLS.includes(item.toUpperCase()));
  const named = new Set(items.map((item) => item.toUpperCase()));
  return { coins: CATALOG_SYMBOLS.filter((symbol) => named.has(symbol)), unknown };
}
