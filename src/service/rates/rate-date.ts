// The date rules of the interest-rate endpoints: parsing the date a client names, and finding the fixing
// that answers for it (the latest one on or before that date, looking back at most 30 days).

import { addDays } from "./business-days.ts";

export type ParsedRateDate = { ok: true; date: string } | { ok: false; reason: string };

// Either separator, used consistently: the interface document writes yyyy:mm:dd, everything else yyyy-mm-dd.
const RATE_DATE = /^(\d{4})([-:])(\d{2})\2(\d{2})$/;

/** Parses `yyyy-mm-dd` or `yyyy:mm:dd` into a normalized `yyyy-mm-dd`, telling malformed from impossible. */
export function parseRateDate(text: string): ParsedRateDate {
  const match = RATE_DATE.exec(text);
  const [, year, , month, day] = match ?? [];
  if (year === undefined || month === undefined || day === undefined) {
    return { ok: false, reason: "must be a date as yyyy-mm-dd" };
  }
  const m = Number(month);
  const d = Number(day);
  if (m < 1 || m > 12 || d < 1 || d > daysInMonth(Number(year), m)) {
    return { ok: false, reason: `${text} is not a calendar date` };
  }
  return { ok: true, date: `${year}-${month}-${day}` };
}

function daysInMonth(year: number, month: number): number {
  if (month === 2) return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0 ? 29 : 28;
  return month === 4 || month === 6 || month === 9 || month === 11 ? 30 : 31;
}

/**
 * The latest fixing whose effective date is on or before `date` (`yyyy-mm-dd`) and no more than
 * `maxDaysBack` calendar days before it, or undefined. `fixings` must be ascending by effective date; any
 * record with a `yyyy-mm-dd` effectiveDate will do (a RateFixing, a stored row).
 */
export function latestOnOrBefore<T extends { readonly effectiveDate: string }>(
  fixings: readonly T[],
  date: string,
  maxDaysBack = 30,
): T | undefined {
  // The first index whose effective date is after `date`; ISO dates compare as strings.
  let lo = 0;
  let hi = fixings.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    const fixing = fixings[mid];
    if (fixing !== undefined && fixing.effectiveDate <= date) lo = mid + 1;
    else hi = mid;
  }
  const found = fixings[lo - 1];
  if (found === undefined || found.effectiveDate < addDays(date, -maxDaysBack)) return undefined;
  return found;
}
