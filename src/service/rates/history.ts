// Deterministic, realistic interest-rate fixing histories: one fixing per business day from each type's
// first date, following the real policy paths approximately, with a little day-to-day noise drawn from an
// integer hash of (type, date). SOFR30/90/180 and the SOFR Index (SAFR) are computed from the generated
// SOFR with the New York Fed's method. Histories are generated once up to the end of the requested year and
// cached; callers share the fixing objects, which is why their fields are readonly.

import { RATE_TYPE_SYMBOLS, RATE_TYPES, type RateType } from "../../interface/vocabulary.ts";
import { fromDayNumber, isBusinessDayNumber, nextBusinessDayNumber, toDayNumber } from "./business-days.ts";

export interface RateFixing {
  readonly symbol: RateType;
  /** The day the fixing applies to, `yyyy-mm-dd`. */
  readonly effectiveDate: string;
  /** Percent, rounded to the type's decimals; SAFR is an index level. */
  readonly value: number;
  /** RFC 3339 UTC, e.g. `2026-11-20T07:00:00Z`: the business day after the effective date. */
  readonly publicationTime: string;
  /** The issuer: ECB, FED or BOE. */
  readonly source: string;
}

/** The UTC hour at which each type is published, on the business day after its effective date. */
export const PUBLICATION_HOUR_UTC: Record<RateType, number> = {
  ESTER: 7,
  SOFR: 12,
  SOFR30: 12,
  SOFR90: 12,
  SOFR180: 12,
  SAFR: 12,
  SONIA: 9,
};

/** Histories never reach past this date, however late `publishedBy` is (it bounds the work and memory). */
export const LAST_GENERATED_DATE = "2099-12-31";

const MS_PER_DAY = 86_400_000;
const MS_PER_HOUR = 3_600_000;
const LAST_GENERATED_DAY = toDayNumber(LAST_GENERATED_DATE);

/** Every fixing of `type` published no later than `publishedBy`, ascending by effective date. */
export function rateHistory(type: RateType, publishedBy: Date): RateFixing[] {
  const by = publishedBy.getTime();
  if (Number.isNaN(by)) return [];
  const series = seriesThrough(type, Math.min(Math.floor(by / MS_PER_DAY), LAST_GENERATED_DAY));
  // The fixings published by `by` are a prefix: find its length by binary search on publication time.
  let lo = 0;
  let hi = series.publishedMs.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((series.publishedMs[mid] ?? Number.POSITIVE_INFINITY) <= by) lo = mid + 1;
    else hi = mid;
  }
  return series.fixings.slice(0, lo);
}

/** The histories of all types published no later than `publishedBy`: type by type, each ascending. */
export function allRateHistories(publishedBy: Date): RateFixing[] {
  return RATE_TYPE_SYMBOLS.flatMap((type) => rateHistory(type, publishedBy));
}

// ---------------------------------------------------------------------------------------------------------
// Caching

interface Series {
  /** Generated through this effective day (a day number). */
  readonly through: number;
  readonly fixings: RateFixing[];
  readonly publishedMs: number[];
}

const cache = new Map<RateType, Series>();

/** The cached series of `type`, generated at least through `day` (at most through LAST_GENERATED_DAY). */
function seriesThrough(type: RateType, day: number): Series {
  const cached = cache.get(type);
  if (cached && cached.through >= day) return cached;
  const through = Math.min(endOfYear(day), LAST_GENERATED_DAY);
  const raw = generate(type, through);
  const { issuer } = RATE_TYPES[type];
  const hour = PUBLICATION_HOUR_UTC[type];
  const hh = String(hour).padStart(2, "0");
  const fixings: RateFixing[] = [];
  const publishedMs: number[] = [];
  for (let i = 0; i < raw.days.length; i++) {
    const effective = raw.days[i] ?? 0;
    // Every business day has a fixing, so the next fixing's day is the publication day.
    const publishedDay = raw.days[i + 1] ?? nextBusinessDayNumber(effective);
    fixings.push({
      symbol: type,
      effectiveDate: isoDate(effective),
      value: raw.values[i] ?? 0,
      publicationTime: `${isoDate(publishedDay)}T${hh}:00:00Z`,
      source: issuer,
    });
    publishedMs.push(publishedDay * MS_PER_DAY + hour * MS_PER_HOUR);
  }
  const series = { through, fixings, publishedMs };
  cache.set(type, series);
  return series;
}

/** ISO dates of day numbers, memoized: all seven histories name the same days. */
const isoDates = new Map<number, string>();

function isoDate(day: number): string {
  let date = isoDates.get(day);
  if (date === undefined) {
    date = fromDayNumber(day);
    isoDates.set(day, date);
  }
  return date;
}

function endOfYear(day: number): number {
  return toDayNumber(`${fromDayNumber(day).slice(0, 4)}-12-31`);
}

// ---------------------------------------------------------------------------------------------------------
// Generation: business days (day numbers) and their rounded values

interface RawSeries {
  days: number[];
  values: number[];
}

function generate(type: RateType, through: number): RawSeries {
  switch (type) {
    case "SOFR":
      return sofrThrough(through);
    case "SOFR30":
      return sofrAverage(30, through);
    case "SOFR90":
      return sofrAverage(90, through);
    case "SOFR180":
      return sofrAverage(180, through);
    case "SAFR":
      return sofrIndex(through);
    case "ESTER":
      return daily("ESTER", through, esterValue);
    case "SONIA":
      return daily("SONIA", through, soniaValue);
  }
}

/** One value per business day from the type's first date through `through`, rounded to its decimals. */
function daily(type: RateType, through: number, value: (day: number) => number): RawSeries {
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

function round(x: number, decimals: number): number {
  const scale = 10 ** decimals;
  const rounded = Math.round(x * scale) / scale;
  return rounded === 0 ? 0 : rounded; // no -0
}

// ---------------------------------------------------------------------------------------------------------
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

// ---------------------------------------------------------------------------------------------------------
// Policy paths: the level on a day is the last knot's value, or, when the next knot ramps, the linear
// interpolation towards it.

type Knot = readonly [date: string, value: number, mode?: "ramp"];

interface Path {
  days: number[];
  values: number[];
  ramps: boolean[];
  /** Where the last lookup ended: days are asked for in ascending order, so the next starts from here. */
  cursor: number;
}

function path(knots: readonly Knot[]): Path {
  return {
    days: knots.map(([date]) => toDayNumber(date)),
    values: knots.map(([, value]) => value),
    ramps: knots.map(([, , mode]) => mode === "ramp"),
    cursor: 0,
  };
}

function level(p: Path, day: number): number {
  // The last knot on or before `day` (the first knot if there is none).
  let i = (p.days[p.cursor] ?? 0) <= day ? p.cursor : 0;
  while (i + 1 < p.days.length && (p.days[i + 1] ?? 0) <= day) i++;
  p.cursor = i;
  const value = p.values[i] ?? 0;
  const nextDay = p.days[i + 1];
  const nextValue = p.values[i + 1];
  if (nextDay === undefined || nextValue === undefined || !p.ramps[i + 1]) return value;
  const start = p.days[i] ?? day;
  return value + ((nextValue - value) * (day - start)) / (nextDay - start);
}

// SOFR: the FOMC target range moves on the days they took effect, SOFR a few bp inside the range.
const SOFR_PATH = path([
  ["2018-04-02", 1.75],
  ["2018-06-14", 1.91],
  ["2018-09-27", 2.2],
  ["2018-12-20", 2.41],
  ["2019-08-01", 2.14],
  ["2019-09-19", 1.88],
  ["2019-10-31", 1.57],
  ["2020-03-04", 1.1],
  ["2020-03-16", 0.1],
  ["2020-03-23", 0.03],
  ["2020-05-01", 0.05],
  ["2020-07-01", 0.08],
  ["2021-01-04", 0.06],
  ["2021-03-15", 0.02, "ramp"],
  ["2021-06-17", 0.05],
  ["2022-03-17", 0.3],
  ["2022-05-05", 0.8],
  ["2022-06-16", 1.55],
  ["2022-07-28", 2.3],
  ["2022-09-22", 3.05],
  ["2022-11-03", 3.8],
  ["2022-12-15", 4.3],
  ["2023-02-02", 4.55],
  ["2023-03-23", 4.8],
  ["2023-05-04", 5.05],
  ["2023-07-27", 5.31],
  ["2024-09-19", 4.85],
  ["2024-11-08", 4.6],
  ["2024-12-19", 4.3],
  ["2025-09-18", 4.15],
  ["2025-10-30", 3.9],
  ["2025-12-11", 3.65],
  ["2026-01-02", 3.62],
  ["2026-12-31", 3.4, "ramp"],
]);

/** The repo-market squeeze of September 2019. */
const SOFR_OVERRIDES = new Map<number, number>([
  [toDayNumber("2019-09-16"), 2.43],
  [toDayNumber("2019-09-17"), 5.25],
  [toDayNumber("2019-09-18"), 2.55],
]);

function sofrValue(day: number): number {
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

// ESTER: the ECB deposit facility rate less about 9 bp (a few bp less before the 2022 hikes).
const ESTER_PATH = path([
  ["2019-10-01", -0.549],
  ["2020-01-02", -0.54],
  ["2020-06-01", -0.54],
  ["2021-01-04", -0.56, "ramp"],
  ["2021-09-01", -0.57, "ramp"],
  ["2022-01-03", -0.58, "ramp"],
  ["2022-07-27", -0.09],
  ["2022-09-14", 0.65],
  ["2022-11-02", 1.4],
  ["2022-12-21", 1.9],
  ["2023-02-08", 2.4],
  ["2023-03-22", 2.9],
  ["2023-05-10", 3.15],
  ["2023-06-21", 3.4],
  ["2023-08-02", 3.65],
  ["2023-09-20", 3.9],
  ["2024-06-12", 3.65],
  ["2024-09-18", 3.4],
  ["2024-10-23", 3.15],
  ["2024-12-18", 2.9],
  ["2025-02-05", 2.65],
  ["2025-03-12", 2.4],
  ["2025-04-23", 2.15],
  ["2025-06-11", 1.92],
]);

function esterValue(day: number): number {
  return level(ESTER_PATH, day) + 0.01 * triangular(SALT.ESTER, day);
}

// SONIA: Bank Rate, on the days the MPC's decisions took effect.
const BANK_RATE = path([
  ["1997-01-02", 6],
  ["1997-05-06", 6.25],
  ["1997-06-06", 6.5],
  ["1997-07-10", 6.75],
  ["1997-08-07", 7],
  ["1997-11-06", 7.25],
  ["1998-06-04", 7.5],
  ["1998-10-08", 7.25],
  ["1998-11-05", 6.75],
  ["1998-12-10", 6.25],
  ["1999-01-07", 6],
  ["1999-02-04", 5.5],
  ["1999-04-08", 5.25],
  ["1999-06-10", 5],
  ["1999-09-08", 5.25],
  ["1999-11-04", 5.5],
  ["2000-01-13", 5.75],
  ["2000-02-10", 6],
  ["2001-02-08", 5.75],
  ["2001-04-05", 5.5],
  ["2001-05-10", 5.25],
  ["2001-08-02", 5],
  ["2001-09-18", 4.75],
  ["2001-10-04", 4.5],
  ["2001-11-08", 4],
  ["2003-02-06", 3.75],
  ["2003-07-10", 3.5],
  ["2003-11-06", 3.75],
  ["2004-02-05", 4],
  ["2004-05-06", 4.25],
  ["2004-06-10", 4.5],
  ["2004-08-05", 4.75],
  ["2005-08-04", 4.5],
  ["2006-08-03", 4.75],
  ["2006-11-09", 5],
  ["2007-01-11", 5.25],
  ["2007-05-10", 5.5],
  ["2007-07-05", 5.75],
  ["2007-12-06", 5.5],
  ["2008-02-07", 5.25],
  ["2008-04-10", 5],
  ["2008-10-08", 4.5],
  ["2008-11-06", 3],
  ["2008-12-04", 2],
  ["2009-01-08", 1.5],
  ["2009-02-05", 1],
  ["2009-03-05", 0.5],
  ["2016-08-04", 0.25],
  ["2017-11-02", 0.5],
  ["2018-08-02", 0.75],
  ["2020-03-11", 0.25],
  ["2020-03-19", 0.1],
  ["2021-12-16", 0.25],
  ["2022-02-03", 0.5],
  ["2022-03-17", 0.75],
  ["2022-05-05", 1],
  ["2022-06-16", 1.25],
  ["2022-08-04", 1.75],
  ["2022-09-22", 2.25],
  ["2022-11-03", 3],
  ["2022-12-15", 3.5],
  ["2023-02-02", 4],
  ["2023-03-23", 4.25],
  ["2023-05-11", 4.5],
  ["2023-06-22", 5],
  ["2023-08-03", 5.25],
  ["2024-08-01", 5],
  ["2024-11-07", 4.75],
  ["2025-02-06", 4.5],
  ["2025-05-08", 4.25],
  ["2025-08-07", 4],
  ["2025-12-18", 3.75],
]);

/** How far SONIA sat below Bank Rate once the 2006–09 reforms and abundant reserves had settled it. */
const SONIA_SPREAD = path([
  ["2009-01-01", 0.07],
  ["2016-08-04", 0.05],
  ["2022-01-04", 0.06],
  ["2024-08-01", 0.05],
  ["2025-01-02", 0.04],
]);

const SONIA_REFORM_DAY = toDayNumber("2006-05-18");
const SONIA_SETTLED_DAY = toDayNumber("2009-01-01");

function soniaValue(day: number): number {
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

// ---------------------------------------------------------------------------------------------------------
// The SOFR family

const SOFR_FIRST_DAY = toDayNumber(RATE_TYPES.SOFR.firstDate);

let sofrCache: RawSeries & { through: number } = { days: [], values: [], through: SOFR_FIRST_DAY - 1 };

/** SOFR on every business day from its first date, at least through `through`. */
function sofrThrough(through: number): RawSeries {
  if (sofrCache.through >= through) return sofrCache;
  const { days, values } = daily("SOFR", through, sofrValue);
  sofrCache = { days, values, through };
  return sofrCache;
}

/**
 * The New York Fed's SOFR averages: SOFR compounded over the `span` calendar days before each effective
 * date, a non-business day accruing at the previous business day's rate:
 * (Π(1 + rᵢ·dᵢ/36000) − 1) × 36000 / span, with rᵢ in percent and dᵢ the days rᵢ applies for.
 */
function sofrAverage(span: number, through: number): RawSeries {
  const sofr = sofrThrough(through);
  const first = toDayNumber(RATE_TYPES.SOFR30.firstDate);
  const days: number[] = [];
  const values: number[] = [];
  let at = 0; // the index in `sofr` of the effective date
  let start = 0; // the index in `sofr` of the first business day after the window's first day
  for (; at < sofr.days.length; at++) {
    const day = sofr.days[at] ?? 0;
    if (day < first) continue;
    if (day > through) break;
    const from = day - span;
    while ((sofr.days[start] ?? day) <= from) start++;
    // The window's first day accrues at the rate of the business day on or before it, until the next one.
    let product = 1 + ((sofr.values[start - 1] ?? 0) * ((sofr.days[start] ?? day) - from)) / 36_000;
    for (let i = start; i < at; i++) {
      product *= 1 + ((sofr.values[i] ?? 0) * ((sofr.days[i + 1] ?? day) - (sofr.days[i] ?? day))) / 36_000;
    }
    days.push(day);
    values.push(round(((product - 1) * 36_000) / span, RATE_TYPES.SOFR30.decimals));
  }
  return { days, values };
}

/**
 * The SOFR Index: 1 on SOFR's first date, then index(next business day) = index × (1 + SOFR·d/36000), d the
 * calendar days to that next business day. Published from SAFR's first date.
 */
function sofrIndex(through: number): RawSeries {
  const sofr = sofrThrough(through);
  const first = toDayNumber(RATE_TYPES.SAFR.firstDate);
  const days: number[] = [];
  const values: number[] = [];
  let index = 1;
  for (let i = 0; i < sofr.days.length; i++) {
    const day = sofr.days[i] ?? 0;
    if (day > through) break;
    if (day >= first) {
      days.push(day);
      values.push(round(index, RATE_TYPES.SAFR.decimals));
    }
    index *= 1 + ((sofr.values[i] ?? 0) * (nextBusinessDayNumber(day) - day)) / 36_000;
  }
  return { days, values };
}
