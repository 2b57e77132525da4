// Simulated trades, block by block, as a pure function of (seed, block): each pair's Poisson number of
// trades around the coin's mid price (price-path.ts), moved by the exchange's premium, spread and noise (and
// a rare fat finger), sized so each coin's day reaches its catalog volume. Every (block, pair) has its own
// random stream hashed from (seed, block, pair), so any block can be computed alone, in any order; the
// generator (sfc32.ts) is re-seeded in place, since an object per pair and block was a hot loop's cost.
import { BLOCK_SECONDS } from "../../../interface/vocabulary.ts";
import { COINS } from "../../catalog/catalog.ts";
import { usdPerEur } from "../../market/fx.ts";
import type { SourceTrade } from "../../market/trade-source.ts";
import { hashSeed, mix32 } from "../../seeded-hash.ts";
import { midPrice } from "./price-path.ts";
import { RADIX, radixSortIndexes } from "./radix-sort.ts";
import { Sfc32 } from "./sfc32.ts";
import { emptyColumns, type SimulatedBlock } from "./simulated-block.ts";
import { QUOTE_EUR, type SimulatedPairs, simulatedPairs } from "./simulated-pairs.ts";

/**
 * Share of trades that are fat fingers: rare, as on a real exchange, where they still reach a candle's wick
 * (candles keep every trade; the filters leave them out).
 */
const OUTLIER_RATE = 0.0002;
/** Fat fingers land this far from the mid (fraction, either side): beyond any ordinary trade's 1 %. */
const OUTLIER_MIN = 0.015;
const OUTLIER_MAX = 0.04;

const BLOCK_MS = BLOCK_SECONDS * 1000;
const INV_BLOCK_MS = 1 / BLOCK_MS;
/** Trades per pair per block are capped so the trade ID's sequence part fits in three digits. */
const MAX_TRADES_PER_PAIR = 999;
/** "000" … "998": a trade's sequence number within its pair and block, as the ID's last three digits. */
const SEQUENCE_DIGITS: readonly string[] = Array.from({ length: MAX_TRADES_PER_PAIR }, (_, j) =>
  String(j).padStart(3, "0"),
);
const TWO_PI = 2 * Math.PI;
/** 1 / E[u² / (1 − 0.95 v)] for independent uniforms u, v. */
const SIZE_NORM = 1 / ((1 / 3) * (Math.log(20) / 0.95));
const U32 = 2 ** -32;
const U16 = 2 ** -16;
/** A trade is a fat finger when the top 16 bits of a draw fall below this (OUTLIER_RATE of the time). */
const OUTLIER_THRESHOLD_16 = Math.round(OUTLIER_RATE * 65_536);
/** 1 / standard deviation of the sum of four uniforms. */
const GAUSS4_SCALE = Math.sqrt(3);

/** Relative trading activity at time t: busier in US/EU hours (peak 15:00 UTC) and on weekdays; mean 1. */
export function seasonality(tSeconds: number): number {
  const day = Math.floor(tSeconds / 86_400);
  const hour = (tSeconds - day * 86_400) / 3600;
  const dow = (((day + 4) % 7) + 7) % 7; // 0 = Sunday (the epoch was a Thursday)
  const weekday = dow === 0 || dow === 6 ? 0.8 : 1;
  return ((1 + 0.3 * Math.cos((TWO_PI * (hour - 15)) / 24)) * weekday) / ((5 + 2 * 0.8) / 7);
}

export class MarketSimulator {
  readonly seed: number;
  private readonly seedHash: number;
  private readonly coinSymbols: readonly string[];
  /** The coins whose mid prices a block needs (a seeding worker's share): the active pairs' and their quotes. */
  private readonly pricedCoins: Int32Array;
  /** Per-pair constants of the non-ignored pairs (structure of arrays). */
  private readonly pairs: SimulatedPairs;
  // Scratch buffers, reused by every call (tradesOfBlock is synchronous).
  private readonly mid0: Float64Array;
  private readonly mid1: Float64Array;
  private keys = new Int32Array(4096);
  private scratch = new Int32Array(4096);
  private orderBuffer = new Int32Array(4096);
  /** The block's trades as columns (see simulateBlock), by the index they were made at. */
  private columns = emptyColumns(4096);
  private readonly counts = new Int32Array(RADIX);
  private readonly rng = new Sfc32();
  // Caches that never change a result: the last block (whose end prices are in mid1) and the EUR rate.
  private lastBlock = Number.NaN;
  private eurDay = Number.NaN;
  private eurUsd = 1;

  /**
   * `symbols`: trade only the pairs of these coins (a seeding worker's share). Every other pair's trades
   * are unaffected: each pair has its own random stream, and the rates are normalised over all pairs.
   */
  constructor(seed: number, options: { symbols?: readonly string[] } = {}) {
    if (!Number.isFinite(seed)) throw new RangeError(`seed must be a finite number, got ${seed}`);
    this.seed = seed;
    this.seedHash = hashSeed(seed);
    this.coinSymbols = COINS.map((c) => c.symbol);
    this.mid0 = new Float64Array(COINS.length);
    this.mid1 = new Float64Array(COINS.length);
    this.pairs = simulatedPairs(options.symbols);
    const priced = new Set<number>();
    for (let p = 0; p < this.pairs.count; p++) {
      if (this.pairs.active[p] === 0) continue;
      priced.add(this.pairs.coin[p] as number);
      if ((this.pairs.quote[p] as number) >= 0) priced.add(this.pairs.quote[p] as number);
    }
    this.pricedCoins = Int32Array.from([...priced].sort((a, b) => a - b));
  }

  /**
   * Every trade of block `block` (it covers [block*120, (block+1)*120) seconds), sorted by timeMs ascending.
   * A trade's id is digits: the block, the pair's two digits on its exchange, its sequence in the block.
   */
  tradesOfBlock(block: number): SourceTrade[] {
    return this.tradesOfColumns(block, this.simulateBlock(block));
  }

  /**
   * The trades of block `block` as objects, made of the columns simulateBlock(block) has just returned: a
   * seeding worker keeps the last hour's trades without simulating the block a second time.
   */
  tradesOfColumns(block: number, columns: SimulatedBlock): SourceTrade[] {
    const pairs = this.pairs;
    const idPrefix = String(block);
    const { count, order } = columns;
    const out = new Array<SourceTrade>(count);
    for (let k = 0; k < count; k++) {
      const i = order[k] as number;
      const p = columns.pair[i] as number;
      out[k] = {
        symbol: pairs.symbol[p] as string,
        exchange: pairs.exchange[p] as string,
        pair: pairs.foreignName[p] as string,
        timeMs: columns.timeMs[i] as number,
        price: columns.price[i] as number,
        volume: columns.volume[i] as number,
        estimatedUSDPrice: columns.usdPrice[i] as number,
        foreignTradeID:
          idPrefix + (pairs.idPair[p] as string) + (SEQUENCE_DIGITS[columns.sequence[i] as number] as string),
      };
    }
    return out;
  }

  /** The pairs a simulated block's `pair` column indexes: their coin and exchange. */
  get pairList(): { readonly symbol: readonly string[]; readonly exchange: readonly string[] } {
    return this.pairs;
  }

  /**
   * Every trade of block `block` as columns, in time order through `order`, reused by the next call: what
   * tradesOfBlock makes its trades of, and what a seeding worker aggregates without an object per trade.
   */
  simulateBlock(block: number): SimulatedBlock {
    if (!Number.isSafeInteger(block) || block < 0 || block > 1e9) {
      throw new RangeError(`block must be an integer in [0, 1e9], got ${block}`);
    }
    const seed = this.seed;
    const t0 = block * BLOCK_SECONDS;
    const t1 = t0 + BLOCK_SECONDS;
    const mid0 = this.mid0;
    const mid1 = this.mid1;
    const symbols = this.coinSymbols;
    const priced = this.pricedCoins;
    // Blocks are usually asked for in order: the previous block's end prices are this block's start prices.
    if (block === this.lastBlock + 1) mid0.set(mid1);
    else for (const c of priced) mid0[c] = midPrice(seed, symbols[c] as string, t0);
    for (const c of priced) mid1[c] = midPrice(seed, symbols[c] as string, t1);
    this.lastBlock = block;
    const day = Math.floor(t0 / 86_400);
    if (day !== this.eurDay) {
      this.eurUsd = usdPerEur(seed, t0);
      this.eurDay = day;
    }
    const eurUsd = this.eurUsd;
    const season = seasonality(t0 + BLOCK_SECONDS / 2);
    const blockHash = mix32(this.seedHash ^ mix32(block + 0x632be5ab) ^ mix32(Math.floor(block / 2 ** 32)));
    const t0ms = t0 * 1000;

    const rng = this.rng;
    const pairs = this.pairs;
    let n = 0;
    let keys = this.keys;
    let columns = this.columns;
    const coinOf = pairs.coin;
    const quoteOf = pairs.quote;
    const pairKey = pairs.pairKey;
    const lambdaOf = pairs.lambda;
    const meanSizeOf = pairs.meanSizeUSD;
    const premiumOf = pairs.premium;
    const halfSpreadOf = pairs.halfSpread;
    const noiseOf = pairs.noise;
    const priceScaleOf = pairs.priceScale;
    const volumeScaleOf = pairs.volumeScale;

    const active = pairs.active;
    for (let p = 0; p < pairs.count; p++) {
      if (active[p] === 0) continue;
      rng.seed(mix32(blockHash ^ (pairKey[p] as number)));
      // Poisson(lambda) by inverting its CDF with one uniform (lambda is small, so few steps).
      const lambda = (lambdaOf[p] as number) * season;
      const draw = (rng.next() >>> 0) * U32;
      let term = Math.exp(-lambda);
      let cdf = term;
      let count = 0;
      while (draw > cdf && term > 1e-18 && count < MAX_TRADES_PER_PAIR) {
        count++;
        term *= lambda / count;
        cdf += term;
      }
      if (count === 0) continue;

      const c = coinOf[p] as number;
      const m0 = mid0[c] as number;
      const dm = (mid1[c] as number) - m0;
      const q = quoteOf[p] as number;
      let q0 = 1;
      let dq = 0;
      if (q === QUOTE_EUR) {
        q0 = eurUsd;
      } else if (q >= 0) {
        q0 = mid0[q] as number;
        dq = (mid1[q] as number) - q0;
      }
      const premium = premiumOf[p] as number;
      const halfSpread = halfSpreadOf[p] as number;
      const noise = noiseOf[p] as number;
      const priceScale = priceScaleOf[p] as number;
      const volumeScale = volumeScaleOf[p] as number;
      const meanSize = meanSizeOf[p] as number;

      for (let j = 0; j < count; j++) {
        // Each 32-bit draw is used for two things where 16 bits (or one bit) are enough.
        const r1 = rng.next();
        const offsetMs = Math.floor((r1 >>> 0) * U32 * BLOCK_MS);
        const frac = offsetMs * INV_BLOCK_MS;
        const mid = m0 + dm * frac;
        const side = (r1 & 1) === 0 ? -1 : 1;
        const r2 = rng.next();
        let deviation: number;
        if (r2 >>> 16 < OUTLIER_THRESHOLD_16) {
          const size = OUTLIER_MIN + (OUTLIER_MAX - OUTLIER_MIN) * (r2 & 0xffff) * U16;
          deviation = rng.next() < 0 ? -size : size;
        } else {
          // Buys lift the ask, sells hit the bid; the noise is a sum of four uniforms (unit variance).
          const r3 = rng.next();
          const r4 = rng.next();
          const gauss = ((r3 >>> 16) + (r3 & 0xffff) + (r4 >>> 16) + (r4 & 0xffff)) * U16 - 2;
          deviation =
            premium + side * halfSpread * (0.5 + (r2 & 0xffff) * U16) + noise * gauss * GAUSS4_SCALE;
        }
        const priceUSD = mid * (1 + deviation);
        const quoteUSD = q0 + dq * frac;
        const price = Math.round((priceUSD / quoteUSD) * priceScale) / priceScale;
        // Trade size: the pair's mean size times a skewed mean-one factor (many small trades, some up to
        // ~19× the mean): u² / (1 − 0.95 v), normalised.
        const r5 = rng.next();
        const u = (r5 >>> 16) * U16;
        const sizeUSD = (meanSize * SIZE_NORM * u * u) / (1 - 0.95 * (r5 & 0xffff) * U16);
        let amount = Math.round((sizeUSD / mid) * volumeScale) / volumeScale;
        if (amount === 0) amount = 1 / volumeScale;
        if (n >= keys.length) {
          keys = this.growKeys();
          columns = this.columns;
        }
        keys[n] = offsetMs;
        columns.pair[n] = p;
        columns.sequence[n] = j;
        columns.timeMs[n] = t0ms + offsetMs;
        columns.price[n] = price;
        columns.usdPrice[n] = price * quoteUSD;
        columns.volume[n] = side * amount;
        n++;
      }
    }

    // Stable radix sort of the trades by their offset in the block (< BLOCK_MS < 2^18, the sort's key limit).
    radixSortIndexes(keys, n, this.orderBuffer, this.scratch, this.counts);
    columns.count = n;
    columns.order = this.orderBuffer;
    return columns;
  }

  /** Doubles the per-block buffers (a block with more trades than ever before). */
  private growKeys(): Int32Array<ArrayBuffer> {
    const size = this.keys.length * 2;
    const keys = new Int32Array(size);
    keys.set(this.keys);
    this.keys = keys;
    const columns = emptyColumns(size);
    for (const name of ["pair", "sequence", "timeMs", "price", "usdPrice", "volume"] as const) {
      columns[name].set(this.columns[name]);
    }
    this.columns = columns;
    this.scratch = new Int32Array(size);
    this.orderBuffer = new Int32Array(size);
    return keys;
  }
}
