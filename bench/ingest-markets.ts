// The market the ingest benchmark plays to the fake exchanges: each venue lists the catalog's pairs of that
// exchange (every coin of the 28 it lists, in its quote currencies), spelled as the venue spells its markets,
// and trades happen on them in proportion to the coin's liquidity and the exchange's size, at prices near the
// catalog's. The spelling is read off the venue's own BTC market in fake-venues.ts (BTCUSDT → ETHUSDC,
// BTC-USD → SOL-EUR, btcusd → ltceur); a venue whose ids do not follow that pattern gets a line in SPELLINGS.
import { COINS, exchangeByName } from "../src/service/catalog/catalog.ts";
import { PAIRS } from "../src/service/catalog/catalog-pairs.ts";
import { fxRates } from "../src/service/market/fx.ts";
import type { FakeMarket, FakeTrade } from "../src/service/sources/exchanges/testing/fake-protocol.ts";
import type { LiveVenue } from "../src/service/sources/exchanges/testing/fake-venues.ts";

/** A market the bench trades on: the fake's spelling and what it is in the catalog. */
export interface BenchMarket extends FakeMarket {
  symbol: string;
  plainQuote: string;
  /** Share of the venue's trades. */
  weight: number;
}

type Spelling = (symbol: string, quote: string) => FakeMarket;

/** Bitfinex's own names of the stablecoins. */
const BITFINEX_CODES: Readonly<Record<string, string>> = { USDT: "UST", USDC: "UDC" };

/** Venues whose market ids cannot be read off their BTC market alone. */
const SPELLINGS: Readonly<Record<string, Spelling>> = {
  Bitfinex: (symbol, quote) => {
    const [base, quoted] = [BITFINEX_CODES[symbol] ?? symbol, BITFINEX_CODES[quote] ?? quote];
    // A code longer than three letters takes a colon (DOGE:USD), as Bitfinex's own pair list has it.
    return {
      id: base.length > 3 || quoted.length > 3 ? `${base}:${quoted}` : `${base}${quoted}`,
      base,
      quote: quoted,
    };
  },
};

/** The spelling of the venue's BTC market applied to another base and quote, in the same letter case. */
function spellingOf(live: LiveVenue): Spelling {
  const own = SPELLINGS[live.venue.name];
  if (own) return own;
  const template = live.markets.find((m) => m.id === live.btc);
  if (!template) throw new Error(`${live.venue.name}: no market ${live.btc} in fake-venues.ts`);
  const id = template.id;
  const lower = id.toLowerCase();
  const at = lower.indexOf(template.base.toLowerCase());
  const quoteAt = lower.indexOf(template.quote.toLowerCase(), at + template.base.length);
  if (at < 0 || quoteAt < 0) throw new Error(`${live.venue.name}: add its spelling to SPELLINGS`);
  const inCase = (text: string, original: string) =>
    original === original.toLowerCase() ? text.toLowerCase() : text.toUpperCase();
  return (symbol, quote) => ({
    id:
      id.slice(0, at) +
      inCase(symbol, id.slice(at, at + template.base.length)) +
      id.slice(at + template.base.length, quoteAt) +
      inCase(quote, id.slice(quoteAt, quoteAt + template.quote.length)) +
      id.slice(quoteAt + template.quote.length),
    base: inCase(symbol, template.base),
    quote: inCase(quote, template.quote),
  });
}

/** Every catalog pair of the venue's exchange, as the venue's fake lists it. */
export function benchMarkets(live: LiveVenue): BenchMarket[] {
  const spell = spellingOf(live);
  const liquidity = new Map(COINS.map((c) => [c.symbol, c.liquidity]));
  const pairs = PAIRS.filter((p) => p.exchange === live.venue.name);
  if (pairs.length === 0) throw new Error(`the catalog has no pairs of ${live.venue.name}`);
  const markets = pairs.map((p, i) => ({
    ...spell(p.symbol, p.quote),
    symbol: p.symbol,
    plainQuote: p.quote,
    // A secondary quote trades less than the main one.
    weight: (liquidity.get(p.symbol) ?? 0.1) / (1 + 2 * Number(i > 0 && pairs[i - 1]?.symbol === p.symbol)),
  }));
  const total = markets.reduce((sum, m) => sum + m.weight, 0);
  for (const m of markets) m.weight /= total;
  return markets;
}

/** The venue's share of all exchanges' trades (the catalog's exchange size). */
export function venueShare(live: LiveVenue, all: readonly LiveVenue[]): number {
  const size = (l: LiveVenue) => exchangeByName(l.venue.name)?.size ?? 0.3;
  return size(live) / all.reduce((sum, l) => sum + size(l), 0);
}

/** A coin's USD price per unit, near the catalog's. */
export function usdPrice(symbol: string): number {
  return COINS.find((c) => c.symbol === symbol)?.basePriceUSD ?? 1;
}

/** The price of `symbol` in `quote` (EUR through today's FX rates of seed 42, as the service prices it). */
export function quotePrice(symbol: string, quote: string, nowMs: number): number {
  const usd = usdPrice(symbol);
  if (quote === "EUR") return usd * fxRates(42, Math.floor(nowMs / 86_400_000)).EUR;
  if (quote === "BTC" || quote === "ETH") return usd / usdPrice(quote);
  return usd;
}

/** Picks markets by weight: `pick(random)` returns one. */
export function marketPicker(markets: readonly BenchMarket[]): (random: number) => BenchMarket {
  const cumulative: number[] = [];
  let sum = 0;
  for (const m of markets) {
    sum += m.weight;
    cumulative.push(sum);
  }
  return (random) => {
    const target = random * sum;
    let lo = 0;
    let hi = cumulative.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if ((cumulative[mid] as number) < target) lo = mid + 1;
      else hi = mid;
    }
    return markets[lo] as BenchMarket;
  };
}

/** One trade of `market` at `timeMs`, a little off the catalog price, with the venue's n-th id. */
export function benchTrade(
  live: LiveVenue,
  market: BenchMarket,
  n: number,
  timeMs: number,
  random: () => number,
): FakeTrade {
  const price = quotePrice(market.symbol, market.plainQuote, timeMs) * (1 + (random() - 0.5) * 0.002);
  return {
    pair: market.id,
    id: live.tradeId(n),
    price: Number(price.toPrecision(8)),
    amount: Number((0.001 + random() * 2).toFixed(5)),
    side: random() < 0.5 ? "buy" : "sell",
    timeMs,
  };
}
