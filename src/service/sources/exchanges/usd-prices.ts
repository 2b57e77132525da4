// The USD price of a trade's quote currency, so every trade gets its estimatedUSDPrice (the filters work in
// USD): stablecoins by their own markets (or the peg), EUR by BTC's (or ETH's) dollar price over its euro
// price, a BTC or ETH quote by our latest price of the coin. As the public service did, a stablecoin trade
// priced more than STABLE_TOLERANCE off its peg is a bad estimate and is dropped.
import type { QuoteCurrency } from "../../catalog/catalog.ts";

export const STABLECOINS: ReadonlySet<string> = new Set(["USDT", "USDC"]);
export const DOLLAR_QUOTES: ReadonlySet<string> = new Set(["USD", "USDT", "USDC"]);
/** Coins traded against both dollars and euros everywhere: their two prices make the euro's rate. */
const EUR_BRIDGES = ["BTC", "ETH"] as const;
/** How far from 1 USD a stablecoin trade's estimate may be (the public service's tolerance). */
export const STABLE_TOLERANCE = 0.05;

export interface UsdReferences {
  /** Our latest quotation (all exchanges' MA120) of a coin, or null. */
  quotation(symbol: string): number | null;
  /** Units of a fiat currency per 1 USD, or null. */
  fxRate(currency: string): number | null;
}

/** USD per euro: a bridge coin's dollar price over its euro price, else 1 / the FX rate; null without either. */
export function eurInUsd(
  usdOf: (coin: string) => number | undefined,
  eurOf: (coin: string) => number | undefined,
  eurPerUsd: () => number | null,
): number | null {
  for (const bridge of EUR_BRIDGES) {
    const usd = usdOf(bridge);
    const eur = eurOf(bridge);
    if (usd !== undefined && eur !== undefined) return usd / eur;
  }
  const rate = eurPerUsd();
  return rate && rate > 0 ? 1 / rate : null;
}

export class UsdPrices {
  /** coin → its newest trade's price against a dollar quote, in USD. */
  private readonly latest = new Map<string, number>();
  /** coin → its newest trade's price in euros. */
  private readonly latestEur = new Map<string, number>();

  constructor(private readonly references: UsdReferences) {}

  /** USD per unit of `quote`, or null when there is no price for it yet. */
  quoteInUsd(quote: QuoteCurrency): number | null {
    if (quote === "USD") return 1;
    if (STABLECOINS.has(quote)) return this.references.quotation(quote) ?? 1;
    if (quote === "EUR") {
      return eurInUsd(
        (coin) => this.latest.get(coin),
        (coin) => this.latestEur.get(coin),
        () => this.references.fxRate("EUR"),
      );
    }
    return this.latest.get(quote) ?? this.references.quotation(quote);
  }

  /** The trade's USD price per coin, or null (no price for its quote, or a stablecoin off its peg). */
  estimate(trade: { symbol: string; quote: QuoteCurrency; price: number }): number | null {
    const perQuote = this.quoteInUsd(trade.quote);
    if (perQuote === null || !(trade.price > 0)) return null;
    const usd = trade.price * perQuote;
    if (STABLECOINS.has(trade.symbol) && Math.abs(usd - 1) > STABLE_TOLERANCE) return null;
    if (DOLLAR_QUOTES.has(trade.quote)) this.latest.set(trade.symbol, usd);
    // After pricing it: a euro trade is priced by the rate of the trades before it, not by itself.
    else if (trade.quote === "EUR") this.latestEur.set(trade.symbol, trade.price);
    return usd;
  }
}
