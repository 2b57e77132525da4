// Calendar days as the rate endpoints name them: `yyyy-mm-dd` strings in UTC. Pure helpers, no Date in the
// caller's time zone, so "the day" never shifts with the reader's clock.

const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
const MS_PER_DAY = 86_400_000;

/** The years a person can mean here; a date input mid-typing passes through years like 0002 and 0202. */
export const FIRST_PLAUSIBLE_YEAR = 1900;
export const LAST_PLAUSIBLE_YEAR = 2099;

/** True for a real calendar day `yyyy-mm-dd` in a plausible year (2024-02-30 and 0202-01-01 are not). */
export function isIsoDay(text: string): boolean {
  const match = ISO_DAY.exec(text);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (year < FIRST_PLAUSIBLE_YEAR || year > LAST_PLAUSIBLE_YEAR) return false;
  const time = new Date(Date.UTC(year, month - 1, day));
  return time.getUTCFullYear() === year && time.getUTCMonth() === month - 1 && time.getUTCDate() === day;
}

function toMs(day: string): number {
  return Date.parse(`${day}T00:00:00Z`);
}

/** The day `days` after `day` (negative: before). */
export function addDays(day: string, days: number): string {
  return new Date(toMs(day) + days * MS_PER_DAY).toISOString().slice(0, 10);
}

/** Calendar days from `from` to `to`, both counted: 2024-01-01..2024-01-31 is 31. */
export function daysInRange(from: string, to: string): number {
  return Math.round((toMs(to) - toMs(from)) / MS_PER_DAY) + 1;
}

/** "Mon", "Tue", … of a day, in the reader's language. */
export function weekdayOf(day: string, locale?: string): string {
  return new Date(toMs(day)).toLocaleDateString(locale, { weekday: "short", timeZone: "UTC" });
}

/** The `yyyy-mm-dd` part of an RFC 3339 time, e.g. an effective date `2024-03-08T00:00:00Z`. */
export function dayOf(time: string): string {
  return time.slice(0, 10);
}
