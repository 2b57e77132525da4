// The coins' "true" USD mid prices as a stateless function of (seed, symbol, time), so a block is the same
// whether made live, at first start or filling a gap. The log price is octaves of smooth value noise whose
// amplitudes grow like sqrt(period) (a random walk), calibrated to the coin's daily volatility, plus slow
// bull and bear phases and a shared market path weighted by beta; a tanh soft clamp keeps it in a band.

import { COINS, type Coin } from "../../catalog/catalog.ts";
import { hashSeed, hashString, mix32 } from "../../seeded-hash.ts";

const DAY = 86_400;

/** Fast octaves: periods from 30 days down to ~100 s, ratio ~2.76 (not a divisor of the 120 s block). */
const FAST_OCTAVES = 11;
const FAST_PERIODS: readonly number[] = Array.from(
  { length: FAST_OCTAVES },
  (_, k) => 30 * DAY * (100 / (30 * DAY)) ** (k / (FAST_OCTAVES - 1)),
);
/** Slow octaves: bull and bear phases, with amplitudes set as a stationary log standard deviation. */
const SLOW_PERIODS: readonly number[] = [240 * DAY, 90 * DAY];
/** Share of the slow variance each slow octave carries. */
const SLOW_SHARES: readonly number[] = [0.6, 0.4];
const PERIODS: readonly number[] = [...SLOW_PERIODS, ...FAST_PERIODS];
const OCTAVES = PERIODS.length;
const INV_PERIODS = Float64Array.from(PERIODS, (p) => 1 / p);
/** Fixed phase offsets so the octaves' knots do not line up. */
const PHASES = Float64Array.from(PERIODS, (_, k) => (k * 0.6180339887498949) % 1);

/** Daily volatility and stationary log standard deviation of the slow part of the shared market path. */
const MARKET_DAILY_VOL = 0.022;
const MARKET_SLOW_STD = 0.2;
/** Slow (bull/bear) log standard deviation of a coin's own path per unit of daily volatility. */
const IDIO_SLOW_STD_PER_VOL = 2;
const IDIO_SLOW_STD_MAX = 0.15;
/** Soft clamp of the log deviation from the base price. */
const CLAMP_LOG = 1.0;
const STABLE_CLAMP_LOG = 0.003;

function smoothstep(f: number): number {
  return f * f * (3 - 2 * f);
}

/**
 * Variance of n(u + lag) − n(u) for unit-variance value noise with knot spacing 1 and smoothstep
 * interpolation, averaged over the phase of u (numerical integration; lag in knot units).
 */
function lagVariance(lag: number): number {
  const steps = 2048;
  let total = 0;
  for (let j = 0; j < steps; j++) {
    const f0 = (j + 0.5) / steps;
    const s0 = smoothstep(f0);
    const u1 = f0 + lag;
    const i1 = Math.floor(u1);
    const s1 = smoothstep(u1 - i1);
    if (i1 === 0) {
      total += (s1 - s0) ** 2 * 2;
    } else if (i1 === 1) {
      total += (1 - s0) ** 2 + (s0 - (1 - s1)) ** 2 + s1 ** 2;
    } else {
      total += (1 - s0) ** 2 + s0 ** 2 + (1 - s1) ** 2 + s1 ** 2;
    }
  }
  return total / steps;
}

/** Stationary variance of unit-variance smoothstep value noise, averaged over the phase. */
function stationaryVariance(): number {
  const steps = 2048;
  let total = 0;
  for (let j = 0; j < steps; j++) {
    const s = smoothstep((j + 0.5) / steps);
    total += (1 - s) ** 2 + s ** 2;
  }
  return total / steps;
}

const STATIONARY_VARIANCE = stationaryVariance();
const DAILY_LAG_VARIANCE = Float64Array.from(PERIODS, (p) => lagVariance(DAY / p));

/**
 * Per-octave amplitudes of a path whose daily log return has standard deviation `dailyVol` and whose
 * slow octaves have stationary standard deviation `slowStd`.
 */
function amplitudes(dailyVol: number, slowStd: number): Float64Array {
  const amps = new Float64Array(OCTAVES);
  let slowDailyVar = 0;
  for (let k = 0; k < SLOW_PERIODS.length; k++) {
    const share = SLOW_SHARES[k] ?? 0;
    const a = slowStd * Math.sqrt(share / STATIONARY_VARIANCE);
    amps[k] = a;
    slowDailyVar += a * a * (DAILY_LAG_VARIANCE[k] ?? 0);
  }
  // Fast octaves: amplitude² ∝ period (random-walk-like), scaled to the remaining daily variance.
  let unitDailyVar = 0;
  for (let k = SLOW_PERIODS.length; k < OCTAVES; k++) {
    unitDailyVar += (PERIODS[k] ?? 0) * (DAILY_LAG_VARIANCE[k] ?? 0);
  }
  const fastVar = Math.max(dailyVol * dailyVol - slowDailyVar, 0);
  const c = Math.sqrt(fastVar / unitDailyVar);
  for (let k = SLOW_PERIODS.length; k < OCTAVES; k++) amps[k] = c * Math.sqrt(PERIODS[k] ?? 0);
  return amps;
}

/** Standard deviation of the sum of four uniform bytes. */
const BYTE_SUM_STD = Math.sqrt((4 * (256 * 256 - 1)) / 12);
const INV_BYTE_SUM_STD = 1 / BYTE_SUM_STD;

/** Sum of octaves of value noise for the 32-bit `key`, at time t (seconds). */
function noise(key: number, amps: Float64Array, t: number): number {
  let sum = 0;
  for (let k = 0; k < OCTAVES; k++) {
    const u = t * (INV_PERIODS[k] as number) + (PHASES[k] as number);
    const i = Math.floor(u);
    const f = u - i;
    const s = f * f * (3 - 2 * f);
    const octaveKey = mix32(key + Math.imul(k + 1, 0x27d4eb2f));
    const ha = mix32(octaveKey ^ Math.imul(i, 0x9e3779b1));
    const hb = mix32(octaveKey ^ Math.imul(i + 1, 0x9e3779b1));
    // Pseudo-gaussian knot values: the sum of four bytes, centred and scaled to unit variance.
    const a = (ha & 255) + ((ha >>> 8) & 255) + ((ha >>> 16) & 255) + (ha >>> 24) - 510;
    const b = (hb & 255) + ((hb >>> 8) & 255) + ((hb >>> 16) & 255) + (hb >>> 24) - 510;
    sum += (amps[k] as number) * (a + (b - a) * s);
  }
  return sum * INV_BYTE_SUM_STD;
}

interface CoinModel {
  readonly symbolHash: number;
  readonly logBase: number;
  readonly beta: number;
  readonly clamp: number;
  readonly amps: Float64Array;
}

function coinModel(c: Coin): CoinModel {
  const marketVar = (c.beta * MARKET_DAILY_VOL) ** 2;
  // A coin's own volatility is what the market factor leaves, but never less than 30 % of the total.
  const idioVol = Math.sqrt(Math.max(c.dailyVolatility ** 2 - marketVar, (0.3 * c.dailyVolatility) ** 2));
  const slowStd = c.stablecoin ? 0 : Math.min(IDIO_SLOW_STD_PER_VOL * c.dailyVolatility, IDIO_SLOW_STD_MAX);
  return {
    symbolHash: hashString(c.symbol),
    logBase: Math.log(c.basePriceUSD),
    beta: c.beta,
    clamp: c.stablecoin ? STABLE_CLAMP_LOG : CLAMP_LOG,
    amps: amplitudes(idioVol, slowStd),
  };
}

const MODELS: ReadonlyMap<string, CoinModel> = new Map(COINS.map((c) => [c.symbol, coinModel(c)]));
const MARKET_AMPS = amplitudes(MARKET_DAILY_VOL, MARKET_SLOW_STD);
const MARKET_KEY = hashString("\u0000market");

// One-entry caches: the simulator asks for every coin at the same time in a row, so the shared market
// path and the seed's hash are computed once per (seed, time). They never change what is returned.
let cachedSeed = Number.NaN;
let cachedSeedHash = 0;
let cachedMarketSeed = Number.NaN;
let cachedMarketT = Number.NaN;
let cachedMarket = 0;

function seedHash(seed: number): number {
  if (seed !== cachedSeed) {
    cachedSeedHash = hashSeed(seed);
    cachedSeed = seed;
  }
  return cachedSeedHash;
}

/** The shared market factor (log units, before each coin's beta) at time t. */
function marketFactor(seed: number, tSeconds: number): number {
  if (seed === cachedMarketSeed && tSeconds === cachedMarketT) return cachedMarket;
  const value = noise(mix32(seedHash(seed) ^ MARKET_KEY), MARKET_AMPS, tSeconds);
  cachedMarketSeed = seed;
  cachedMarketT = tSeconds;
  cachedMarket = value;
  return value;
}

/**
 * The coin's "true" USD mid price at time `tSeconds` (Unix seconds, may be fractional): a pure function
 * of (seed, symbol, t). Throws a RangeError for a symbol that is not in the catalog.
 */
export function midPrice(seed: number, symbol: string, tSeconds: number): number {
  const model = MODELS.get(symbol);
  if (model === undefined) throw new RangeError(`unknown coin symbol: ${symbol}`);
  let x = noise(mix32(seedHash(seed) ^ model.symbolHash), model.amps, tSeconds);
  if (model.beta !== 0) x += model.beta * marketFactor(seed, tSeconds);
  const clamp = model.clamp;
  return Math.exp(model.logBase + clamp * Math.tanh(x / clamp));
}
