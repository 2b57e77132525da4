// ISO days: calendar days as the interest-rate endpoints name them, `yyyy-mm-dd` strings in UTC. One
// reading of them for the service and the dashboard: what is a day, and day arithmetic with no Date in a
// local time zone, so "the day" never shifts with a reader's clock.

const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
/** The interface document also writes days `yyyy:mm:dd`; one separator throughout. */
const ISO_DAY_OR_COLONS = /^(\d{4})([-:])(\d{2})\2(\d{2})$/;
const MS_PER_DAY = 86_400_000;

/** A text read as a day: the day as `yyyy-mm-dd`, or why it is none (malformed, or no such calendar day). */
export type ParsedIsoDay = { ok: true; day: string } | { ok: false; problem: "format" | "calendar" };

/**
 * Reads `yyyy-mm-dd` (and `yyyy:mm:dd` too with `colons`), telling a malformed text from one that names no
 * calendar day (2024-02-30). Years run 0000–9999 on the proleptic Gregorian calendar.
 */
export function parseIsoDay(text: string, options: { colons?: boolean } = {}): ParsedIsoDay {
  const match = options.colons ? ISO_DAY_OR_COLONS.exec(text) : ISO_DAY.exec(text);
  if (!match) return { ok: false, problem: "format" };
  const year = match[1] as string;
  const [month, day] = options.colons ? [match[3] as string, match[4] as string] : [match[2], match[3]];
  const m = Number(month);
  const d = Number(day);
  if (m < 1 || m > 12 || d < 1 || d > daysInMonth(Number(year), m)) return { ok: false, problem: "calendar" };
  return { ok: true, day: `${year}-${month}-${day}` };
}

/** True for a real calendar day written `yyyy-mm-dd` (2024-02-30, 2024-1-1 and 2024-01-01T00:00Z are not). */
export function isIsoDay(text: string): boolean {
  return parseIsoDay(text).ok;
}

function daysInMonth(year: number, month: number): number {
  if (month === 2) return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0 ? 29 : 28;
  return month === 4 || month === 6 || month === 9 || month === 11 ? 30 : 31;
}

/** Days since 1970-01-01 of a day. Throws a RangeError for anything but a calendar day `yyyy-mm-dd`. */
export function toDayNumber(day: string): number {
  const parsed = parseIsoDay(day);
  if (!parsed.ok) throw new RangeError(`not a calendar day (yyyy-mm-dd): ${day}`);
  const time = new Date(0);
  // setUTCFullYear, unlike Date.UTC, does not map the years 0–99 onto 1900–1999.
  time.setUTCFullYear(Number(day.slice(0, 4)), Number(day.slice(5, 7)) - 1, Number(day.slice(8, 10)));
  return Math.round(time.getTime() / MS_PER_DAY);
}

/** The day `dayNumber` days after 1970-01-01, as `yyyy-mm-dd`. */
export function fromDayNumber(dayNumber: number): string {
  const code = yyyymmddOf(dayNumber);
  const year = Math.floor(code / 10_000);
  const monthDay = code - year * 10_000;
  const yyyy = year < 0 ? `-${String(-year).padStart(4, "0")}` : String(year).padStart(4, "0");
  return `${yyyy}-${pad2(Math.floor(monthDay / 100))}-${pad2(monthDay % 100)}`;
}

function pad2(n: number): string {
  return n < 10 ? `0${n}` : String(n);
}

/**
 * The civil date of a day number as the integer yyyymmdd (H. Hinnant's days-to-civil algorithm): no Date
 * objects and no strings, because the rate histories ask this of every calendar day since 1997.
 */
export function yyyymmddOf(dayNumber: number): number {
  const z = dayNumber + 719_468;
  const era = Math.floor(z / 146_097);
  const dayOfEra = z - era * 146_097;
  const yearOfEra = Math.floor(
    (dayOfEra -
      Math.floor(dayOfEra / 1_460) +
      Math.floor(dayOfEra / 36_524) -
      Math.floor(dayOfEra / 146_096)) /
      365,
  );
  const dayOfYear = dayOfEra - (365 * yearOfEra + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100));
  const mp = Math.floor((5 * dayOfYear + 2) / 153);
  const d = dayOfYear - Math.floor((153 * mp + 2) / 5) + 1;
  const m = mp < 10 ? mp + 3 : mp - 9;
  const y = yearOfEra + era * 400 + (m <= 2 ? 1 : 0);
  return y * 10_000 + m * 100 + d;
}

/** `day` moved by `n` calendar days (negative moves back). */
export function addDays(day: string, n: number): string {
  return fromDayNumber(toDayNumber(day) + n);
}

/** Calendar days from `a` to `b`: positive when `b` is later. */
export function daysBetween(a: string, b: string): number {
  return toDayNumber(b) - toDayNumber(a);
}
