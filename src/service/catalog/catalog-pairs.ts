// The pairs each exchange of the catalog lists, derived once from its coins and exchanges: every coin in
// the exchange's main quote currency, the bigger ones in its others too, stablecoins only against fiat and
// each other, and a few thin pairs marked for the aggregation to ignore.
import { COINS, type Coin, EXCHANGES, type Exchange, type Pair, type QuoteCurrency } from "./catalog.ts";
import { foreignPairName } from "./pair-names.ts";

/** Quote currencies a stablecoin may trade against (a coin is never quoted in itself). */
const STABLECOIN_QUOTES: Readonly<Record<string, readonly QuoteCurrency[]>> = {
  USDT: ["USD", "EUR"],
  USDC: ["USD", "EUR", "USDT"],
};

/** Market-cap rank (0-based) up to which a coin gets a secondary quote currency. */
const SECONDARY_QUOTE_RANK: Readonly<Record<QuoteCurrency, number>> = {
  USD: Number.POSITIVE_INFINITY,
  EUR: 6,
  USDT: 6,
  USDC: 6,
  BTC: 10,
  ETH: 6,
};

/** Thin pairs the aggregation ignores, as "SYMBOL/EXCHANGE/QUOTE". */
const IGNORED_PAIRS: ReadonlySet<string> = new Set([
  "EOS/Bitfinex/USD",
  "FIL/Bitfinex/USD",
  "TRX/Huobi/BTC",
  "DOGE/GateIO/BTC",
  "ALGO/Bybit/USDT",
]);

function quotesFor(exchange: Exchange, c: Coin, rank: number): QuoteCurrency[] {
  const allowed = STABLECOIN_QUOTES[c.symbol];
  const out: QuoteCurrency[] = [];
  exchange.quotes.forEach((quote, i) => {
    if (quote === c.symbol) return;
    if (allowed !== undefined) {
      if (allowed.includes(quote)) out.push(quote);
      return;
    }
    // The main quote currency lists every coin; the others only the bigger ones.
    if (i === 0 || rank < SECONDARY_QUOTE_RANK[quote]) out.push(quote);
  });
  return out;
}

function buildPairs(): Pair[] {
  const pairs: Pair[] = [];
  for (const exchange of EXCHANGES) {
    COINS.forEach((c, rank) => {
      if (exchange.unlisted.includes(c.symbol)) return;
      if (c.venues !== undefined && !c.venues.includes(exchange.name)) return;
      for (const quote of quotesFor(exchange, c, rank)) {
        pairs.push({
          symbol: c.symbol,
          exchange: exchange.name,
          foreignName: foreignPairName(exchange.style, c.symbol, quote),
          quote,
          ignore: IGNORED_PAIRS.has(`${c.symbol}/${exchange.name}/${quote}`),
        });
      }
    });
  }
  const ignored = pairs.filter((p) => p.ignore).length;
  if (ignored !== IGNORED_PAIRS.size) throw new Error("an ignored pair of the catalog is not listed");
  return pairs;
}

/** Every pair of every exchange, in a fixed order (exchange by exchange, coins by rank). */
export const PAIRS: readonly Pair[] = buildPairs();
