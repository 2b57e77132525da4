// Simulated reference FX rates (units per 1 USD), one set per UTC day, a pure function of (seed, day): smooth
// value noise over days mixed with a shared "dollar" factor, soft-clamped inside each currency's band. They
// are the market's, read whatever the trades' source (the simulator prices its EUR pairs with them too).
import { FX_CURRENCIES, type FxCurrency } from "../../interface/vocabulary.ts";
import { hashSeed, hashString, mix32 } from "../seeded-hash.ts";

const DAY = 86_400;

interface FxModel {
  /** Band of plausible units per USD. */
  readonly low: number;
  readonly high: number;
  /** Standard deviation of the log rate before the soft clamp, as a fraction of the band's half-width. */
  readonly spread: number;
  /** Correlation with the shared dollar factor. */
  readonly dollar: number;
}

const FX_MODELS: Readonly<Record<FxCurrency, FxModel>> = {
  EUR: { low: 0.86, high: 0.95, spread: 0.6, dollar: 0.85 },
  JPY: { low: 145, high: 158, spread: 0.6, dollar: 0.5 },
  GBP: { low: 0.74, high: 0.8, spread: 0.6, dollar: 0.75 },
  SEK: { low: 9.3, high: 10.6, spread: 0.6, dollar: 0.75 },
  CHF: { low: 0.78, high: 0.9, spread: 0.6, dollar: 0.7 },
  NOK: { low: 9.9, high: 11.3, spread: 0.6, dollar: 0.65 },
  AUD: { low: 1.48, high: 1.62, spread: 0.6, dollar: 0.55 },
  CAD: { low: 1.35, high: 1.44, spread: 0.6, dollar: 0.5 },
  CNY: { low: 7.1, high: 7.3, spread: 0.6, dollar: 0.4 },
  KRW: { low: 1350, high: 1450, spread: 0.6, dollar: 0.5 },
};

/** Periods of the noise octaves, in days: nothing faster than a few days, so the series is smooth. */
const PERIODS = [365, 120, 40, 13, 4.3];
/** Amplitudes ∝ sqrt(period), normalised below so a one-day change has unit variance. */
const RAW_AMPS = PERIODS.map((p) => Math.sqrt(p));

function smoothstep(f: number): number {
  return f * f * (3 - 2 * f);
}

/** Pseudo-gaussian knot value with unit variance (sum of four uniform bytes). */
function knot(key: number, index: number): number {
  const h = mix32(key ^ Math.imul(index, 0x9e3779b1));
  return ((h & 255) + ((h >>> 8) & 255) + ((h >>> 16) & 255) + (h >>> 24) - 510) / 147.80054127;
}

function noise(key: number, day: number): number {
  let sum = 0;
  for (let k = 0; k < PERIODS.length; k++) {
    const u = day / (PERIODS[k] as number) + k * 0.381966;
    const i = Math.floor(u);
    const s = smoothstep(u - i);
    const octaveKey = mix32(key + Math.imul(k + 1, 0x27d4eb2f));
    const a = knot(octaveKey, i);
    const b = knot(octaveKey, i + 1);
    sum += (RAW_AMPS[k] as number) * (a + (b - a) * s);
  }
  return sum;
}

/** Stationary standard deviation of `noise`, measured once over a long deterministic sample. */
const UNIT_STD = (() => {
  const key = hashString("fx-calibration");
  let sum = 0;
  let sumSq = 0;
  const n = 50_000;
  for (let d = 0; d < n; d++) {
    const v = noise(key, d);
    sum += v;
    sumSq += v * v;
  }
  return Math.sqrt(sumSq / n - (sum / n) ** 2);
})();

const DOLLAR_KEY = hashString("fx:dollar");
const CURRENCY_KEYS: Readonly<Record<FxCurrency, number>> = Object.fromEntries(
  FX_CURRENCIES.map((c) => [c, hashString(`fx:${c}`)]),
) as Record<FxCurrency, number>;

function rate(seedHash: number, currency: FxCurrency, dollar: number, dayIndex: number): number {
  const m = FX_MODELS[currency];
  const own = noise(mix32(seedHash ^ CURRENCY_KEYS[currency]), dayIndex);
  const centre = Math.sqrt(m.low * m.high);
  const halfWidth = 0.97 * Math.log(m.high / centre);
  const x = ((m.spread * halfWidth) / UNIT_STD) * (m.dollar * dollar + Math.sqrt(1 - m.dollar ** 2) * own);
  return centre * Math.exp(halfWidth * Math.tanh(x / halfWidth));
}

/** Units of each FX currency per 1 USD on UTC day `dayIndex` (= floor(unixSeconds / 86400)). */
export function fxRates(seed: number, dayIndex: number): Record<FxCurrency, number> {
  const seedHash = hashSeed(seed);
  const dollar = noise(mix32(seedHash ^ DOLLAR_KEY), dayIndex);
  const out = {} as Record<FxCurrency, number>;
  for (const currency of FX_CURRENCIES) out[currency] = rate(seedHash, currency, dollar, dayIndex);
  return out;
}

/** US dollars per euro at time `tSeconds` (the rate of its UTC day), for converting EUR-quoted trades. */
export function usdPerEur(seed: number, tSeconds: number): number {
  const seedHash = hashSeed(seed);
  const dayIndex = Math.floor(tSeconds / DAY);
  const dollar = noise(mix32(seedHash ^ DOLLAR_KEY), dayIndex);
  return 1 / rate(seedHash, "EUR", dollar, dayIndex);
}
