// The date rules of the interest-rate endpoints: parsing the date a client names, and finding the fixing
// that applies to it (the latest one on or before that date, looking back at most 30 days).

import { addDays, parseIsoDay } from "../../interface/iso-day.ts";

export type ParsedRateDate = { ok: true; date: string } | { ok: false; reason: string };

/**
 * Parses `yyyy-mm-dd` or `yyyy:mm:dd` (the interface document's spelling; one separator throughout) into a
 * normalized `yyyy-mm-dd`, telling malformed from impossible.
 */
export function parseRateDate(text: string): ParsedRateDate {
  const parsed = parseIsoDay(text, { colons: true });
  if (parsed.ok) return { ok: true, date: parsed.day };
  return parsed.problem === "format"
    ? { ok: false, reason: "must be a date as yyyy-mm-dd" }
    : { ok: false, reason: `${text} is not a calendar date` };
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
