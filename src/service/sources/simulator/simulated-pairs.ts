// The simulated pairs' constants from the catalog: trade rate, size, premium, spread, noise, tick and lot.
import { BLOCK_SECONDS } from "../../../interface/vocabulary.ts";
import { COINS, EXCHANGES, type QuoteCurrency } from "../../catalog/catalog.ts";
import { PAIRS } from "../../catalog/catalog-pairs.ts";
import { hashString, mix32 } from "../../seeded-hash.ts";

/** Mean number of trades per non-ignored pair per block, averaged over pairs and over a week. */
const MEAN_TRADES_PER_PAIR = 3;
/** The quote index of a pair quoted in USD or in EUR (any other quote is a coin, by its index in COINS). */
export const QUOTE_USD = -1;
export const QUOTE_EUR = -2;

const BLOCKS_PER_DAY = 86_400 / BLOCK_SECONDS;
/** Pairs per exchange must fit in the trade ID's two pair digits. */
const MAX_PAIRS_PER_EXCHANGE = 100;
/** Flattening of the activity weights: mean trades ∝ weight^ACTIVITY_EXPONENT. */
const ACTIVITY_EXPONENT = 0.85;
/** Weight of a pair's quote when it is not the exchange's main one. */
const SECONDARY_QUOTE_SHARE: Readonly<Record<QuoteCurrency, number>> = {
  USD: 0.6,
  EUR: 0.35,
  USDT: 0.5,
  USDC: 0.3,
  BTC: 0.2,
  ETH: 0.15,
};
const U32 = 2 ** -32;

/** Per-pair constants of the non-ignored pairs, as a structure of arrays (index i is one pair in all). */
export interface SimulatedPairs {
  readonly count: number;
  /** 1 for the pairs this simulator trades: those of the coins in `symbols`, or all. */
  readonly active: Uint8Array;
  readonly symbol: string[];
  readonly exchange: string[];
  readonly foreignName: string[];
  readonly coin: Int32Array;
  /** Coin index of the quote currency, or QUOTE_USD / QUOTE_EUR. */
  readonly quote: Int32Array;
  readonly pairKey: Uint32Array;
  /** The trade ID's two pair digits. */
  readonly idPair: string[];
  readonly lambda: Float64Array;
  readonly meanSizeUSD: Float64Array;
  readonly premium: Float64Array;
  readonly halfSpread: Float64Array;
  readonly noise: Float64Array;
  readonly priceScale: Float64Array;
  readonly volumeScale: Float64Array;
}

/** The constants of every non-ignored pair; only the pairs of `symbols` (all when omitted) are active. */
export function simulatedPairs(symbols?: readonly string[]): SimulatedPairs {
  const coinIndex = new Map(COINS.map((c, i) => [c.symbol, i]));
  const exchangeIndex = new Map(EXCHANGES.map((e, i) => [e.name, i]));

  const live = PAIRS.filter((p) => !p.ignore);
  const n = live.length;
  const only = symbols ? new Set(symbols) : null;
  const pairs: SimulatedPairs = {
    count: n,
    active: Uint8Array.from(live, (p) => (only === null || only.has(p.symbol) ? 1 : 0)),
    symbol: live.map((p) => p.symbol),
    exchange: live.map((p) => p.exchange),
    foreignName: live.map((p) => p.foreignName),
    coin: new Int32Array(n),
    quote: new Int32Array(n),
    pairKey: new Uint32Array(n),
    idPair: new Array<string>(n).fill("00"),
    lambda: new Float64Array(n),
    meanSizeUSD: new Float64Array(n),
    premium: new Float64Array(n),
    halfSpread: new Float64Array(n),
    noise: new Float64Array(n),
    priceScale: new Float64Array(n),
    volumeScale: new Float64Array(n),
  };

  // Trade-ID pair digits: the pair's position among all pairs (ignored ones too) of its exchange.
  const localIndex = new Map<string, number>();
  const perExchange = new Map<string, number>();
  for (const p of PAIRS) {
    const i = perExchange.get(p.exchange) ?? 0;
    if (i >= MAX_PAIRS_PER_EXCHANGE) throw new Error(`too many pairs on ${p.exchange}`);
    perExchange.set(p.exchange, i + 1);
    localIndex.set(`${p.exchange}/${p.foreignName}`, i);
  }

  const weight = new Float64Array(n);
  const coinWeight = new Float64Array(COINS.length);
  let activitySum = 0;
  live.forEach((p, i) => {
    const ci = coinIndex.get(p.symbol);
    const ei = exchangeIndex.get(p.exchange);
    const c = ci === undefined ? undefined : COINS[ci];
    const e = ei === undefined ? undefined : EXCHANGES[ei];
    if (ci === undefined || c === undefined || e === undefined) {
      throw new Error(`pair ${p.exchange}/${p.foreignName} is not in the catalog`);
    }
    const quoteCoin = coinIndex.get(p.quote);
    const quoteIdx = p.quote === "USD" ? QUOTE_USD : p.quote === "EUR" ? QUOTE_EUR : quoteCoin;
    if (quoteIdx === undefined) throw new Error(`unknown quote currency ${p.quote}`);
    const share = e.quotes[0] === p.quote ? 1 : SECONDARY_QUOTE_SHARE[p.quote];
    const w = e.size * c.liquidity * share;
    weight[i] = w;
    coinWeight[ci] = (coinWeight[ci] ?? 0) + w;
    activitySum += w ** ACTIVITY_EXPONENT;

    const key = `${p.exchange}/${p.foreignName}`;
    const pairKey = hashString(key);
    const illiquidity = 1 - c.liquidity;
    const stableFactor = c.stablecoin ? 0.1 : 1;
    pairs.coin[i] = ci;
    pairs.quote[i] = quoteIdx;
    pairs.pairKey[i] = pairKey;
    pairs.idPair[i] = String(localIndex.get(key) ?? 0).padStart(2, "0");
    // A persistent exchange premium plus a small pair-specific offset (±1.5 bp).
    pairs.premium[i] = (e.premiumBp + (mix32(pairKey ^ 0x5bf03635) * U32 - 0.5) * 3) * 1e-4 * stableFactor;
    pairs.halfSpread[i] = (e.spreadBp / 2) * (1 + 3 * illiquidity) * 1e-4 * stableFactor;
    pairs.noise[i] = 3e-4 * (1 + 2 * illiquidity) * stableFactor;
    // Tick: about seven significant digits of the typical price in the quote currency.
    const quoteBase = quoteIdx >= 0 ? (COINS[quoteIdx]?.basePriceUSD ?? 1) : quoteIdx === QUOTE_EUR ? 1.1 : 1;
    const typical = c.basePriceUSD / quoteBase;
    const priceDecimals = Math.min(Math.max(6 - Math.floor(Math.log10(typical)), 0), 12);
    pairs.priceScale[i] = 10 ** priceDecimals;
    // Lot: about a ten-thousandth of a dollar's worth of the coin, at most eight decimals.
    const volumeDecimals = Math.min(Math.max(Math.ceil(Math.log10(c.basePriceUSD)) + 3, 0), 8);
    pairs.volumeScale[i] = 10 ** volumeDecimals;
  });

  const lambdaScale = (MEAN_TRADES_PER_PAIR * n) / activitySum;
  for (let i = 0; i < n; i++) {
    const w = weight[i] ?? 0;
    const ci = pairs.coin[i] ?? 0;
    const lambda = lambdaScale * w ** ACTIVITY_EXPONENT;
    pairs.lambda[i] = lambda;
    // The coin's daily USD volume is split over its pairs by weight, then over the expected trades.
    const dailyUSD = ((COINS[ci]?.volume24hUSD ?? 0) * w) / (coinWeight[ci] ?? 1);
    pairs.meanSizeUSD[i] = dailyUSD / (lambda * BLOCKS_PER_DAY);
  }
  return pairs;
}
