// The rates' business days, on ISO days (`yyyy-mm-dd` strings, UTC; see the interface's iso-day.ts). The
// calendar is deliberately simple and the same for every rate: Monday to Friday, except 1 January and
// 25 December.
import { fromDayNumber, toDayNumber, yyyymmddOf } from "../../interface/iso-day.ts";

/** Monday to Friday and neither 1 January nor 25 December; `day` counts days since 1970-01-01. */
export function isBusinessDayNumber(day: number): boolean {
  const weekday = (((day + 4) % 7) + 7) % 7; // 1970-01-01 was a Thursday; 0 = Sunday
  if (weekday === 0 || weekday === 6) return false;
  const code = yyyymmddOf(day);
  const monthDay = code - Math.floor(code / 10_000) * 10_000;
  return monthDay !== 101 && monthDay !== 1225;
}

/** The first business day strictly after `day` (both as day numbers). */
export function nextBusinessDayNumber(day: number): number {
  let next = day + 1;
  while (!isBusinessDayNumber(next)) next++;
  return next;
}

/** Monday to Friday, and not 1 January or 25 December. */
export function isBusinessDay(date: string): boolean {
  return isBusinessDayNumber(toDayNumber(date));
}

/** The first business day strictly after `date`. */
export function nextBusinessDay(date: string): string {
  return fromDayNumber(nextBusinessDayNumber(toDayNumber(date)));
}
