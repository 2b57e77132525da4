// Deterministic, realistic interest-rate fixing histories: one fixing per business day, following the real
// policy paths with a little noise hashed from (type, date); the SOFR family is derived from SOFR. Cached
// once generated; callers share the fixing objects, which is why their fields are readonly.

import { fromDayNumber, toDayNumber } from "../../interface/iso-day.ts";
import { RATE_TYPE_SYMBOLS, RATE_TYPES, type RateType } from "../../interface/vocabulary.ts";
import { nextBusinessDayNumber } from "./business-days.ts";
import { daily, esterValue, type RawSeries, soniaValue } from "./overnight-rates.ts";
import { sofrAverage, sofrIndex, sofrThrough } from "./sofr-compounding.ts";

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

// Generation: business days (day numbers) and their rounded values

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
