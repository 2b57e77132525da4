// The rates page's days as `yyyy-mm-dd` in UTC, never a Date in the reader's zone, so "the day" never
// shifts with their clock.
import { daysBetween, isIsoDay } from "../../interface/iso-day.ts";
import { formatDate } from "../format/dates.ts";

/** The years a person can mean here; a date input mid-typing passes through years like 0002 and 0202. */
export const FIRST_PLAUSIBLE_YEAR = 1900;
export const LAST_PLAUSIBLE_YEAR = 2099;

/** True for a real calendar day `yyyy-mm-dd` in a plausible year (2024-02-30 and 0202-01-01 are not). */
export function isPlausibleDay(text: string): boolean {
  if (!isIsoDay(text)) return false;
  const year = Number(text.slice(0, 4));
  return year >= FIRST_PLAUSIBLE_YEAR && year <= LAST_PLAUSIBLE_YEAR;
}

/** Calendar days from `from` to `to`, both counted: 2024-01-01..2024-01-31 is 31. */
export function daysInRange(from: string, to: string): number {
  return daysBetween(from, to) + 1;
}

/** "Mon", "Tue", … of a day, in the reader's language. */
export function weekdayOf(day: string, locale?: string): string {
  return formatDate(new Date(`${day}T00:00:00Z`), { weekday: "short", timeZone: "UTC" }, locale);
}

/** The `yyyy-mm-dd` part of an RFC 3339 time, e.g. an effective date `2024-03-08T00:00:00Z`. */
export function dayOf(time: string): string {
  return time.slice(0, 10);
}
