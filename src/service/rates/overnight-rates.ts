// The overnight rates SOFR, ESTER and SONIA day by day: their policy paths plus deterministic noise.

import { toDayNumber } from "../../interface/iso-day.ts";
import { RATE_TYPES, type RateType } from "../../interface/vocabulary.ts";
import { isBusinessDayNumber, nextBusinessDayNumber } from "./business-days.ts";
import { BANK_RATE, ESTER_PATH, level, SOFR_OVERRIDES, SOFR_PATH, SONIA_SPREAD } from "./policy-paths.ts";

const MS_PER_DAY = 86_400_000;

// Business days (day numbers) and their rounded values

export interface RawSeries {
  days: number[];
  values: number[];
}

/** One value per business day from the type's first date through `through`, rounded to its decimals. */
export function daily(type: RateType, through: number, value: (day: number) => number): RawSeries {
  const { decimals, firstDate } = RATE_TYPES[type];
  const days: number[] = [];
  const values: number[] = [];
  for (let day = toDayNumber(firstDate); day <= through; day++) {
    if (!isBusinessDayNumber(day)) continue;
    days.push(day);
    values.push(round(value(day), decimals));
  }
  return { days, values };
}

export function round(x: number, decimals: number): number {
  const scale = 10 ** decimals;
  const rounded = Math.round(x * scale) / scale;
  return rounded === 0 ? 0 : rounded; // no -0
}

// Deterministic noise: a small integer hash of (salt, day) mapped onto [0, 1)

function hash32(salt: number, day: number): number {
  let h = (salt ^ Math.imul(day, 0x9e3779b1)) >>> 0;
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  h = Math.imul(h ^ (h >>> 16), 0x27d4eb2f);
  return (h ^ (h >>> 15)) >>> 0;
}

function uniform(salt: number, day: number): number {
  return hash32(salt, day) / 4_294_967_296;
}

/** A value in (-1, 1), most often near 0 (the sum of two uniforms). */
function triangular(salt: number, day: number): number {
  return uniform(salt, day) + uniform(salt ^ 0x5bd1e995, day) - 1;
}

const SALT = { SOFR: 0x50f3, ESTER: 0xe57e, SONIA: 0x5041, SONIA_WEEK: 0x5042 } as const;

// The daily values, before rounding

export function sofrValue(day: number): number {
  const override = SOFR_OVERRIDES.get(day);
  if (override !== undefined) return override;
  const base = level(SOFR_PATH, day);
  const u = uniform(SALT.SOFR, day);
  if (base < 0.2) {
    // Near zero: ±1 bp, never below 0.01, a 1 bp bump at month ends.
    const noise = u < 0.2 ? -0.01 : u < 0.85 ? 0 : 0.01;
    return Math.max(0.01, base + noise + (isMonthEnd(day) ? 0.01 : 0));
  }
  const noise = u < 0.1 ? -0.02 : u < 0.3 ? -0.01 : u < 0.75 ? 0 : u < 0.93 ? 0.01 : 0.02;
  return base + noise + periodEndSpike(day);
}

/** Funding pressure on the last business day of a month, more at quarter ends and most at the year end. */
function periodEndSpike(day: number): number {
  if (!isMonthEnd(day)) return 0;
  const month = new Date(day * MS_PER_DAY).getUTCMonth();
  if (month === 11) return 0.1;
  if (month % 3 === 2) return 0.05;
  return 0.03;
}

function isMonthEnd(day: number): boolean {
  const next = nextBusinessDayNumber(day);
  return new Date(day * MS_PER_DAY).getUTCMonth() !== new Date(next * MS_PER_DAY).getUTCMonth();
}

export function esterValue(day: number): number {
  return level(ESTER_PATH, day) + 0.01 * triangular(SALT.ESTER, day);
}

const SONIA_REFORM_DAY = toDayNumber("2006-05-18");
const SONIA_SETTLED_DAY = toDayNumber("2009-01-01");

export function soniaValue(day: number): number {
  const bankRate = level(BANK_RATE, day);
  if (day >= SONIA_SETTLED_DAY) {
    return bankRate - level(SONIA_SPREAD, day) + 0.01 * triangular(SALT.SONIA, day);
  }
  // Before 2009 SONIA wandered around Bank Rate: a weekly drift plus daily noise, more often below than
  // above; before the May 2006 money-market reform the wandering was wider.
  const width = day < SONIA_REFORM_DAY ? 1 : 0.5;
  const week = Math.floor((day + 3) / 7); // weeks start on Monday
  const drift = 0.1 * triangular(SALT.SONIA_WEEK, week);
  const daily = 0.15 * triangular(SALT.SONIA, day) - 0.05;
  return bankRate + width * (drift + daily);
}
