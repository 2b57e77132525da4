// UTC calendar helpers on ISO dates (`yyyy-mm-dd` strings). The calendar is deliberately simple and the
// same for every rate: Monday to Friday, except 1 January and 25 December.

const MS_PER_DAY = 86_400_000;
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Days since 1970-01-01 (UTC) of an ISO date. Throws a RangeError on anything but `yyyy-mm-dd`. */
export function toDayNumber(date: string): number {
  const match = ISO_DATE.exec(date);
  if (!match) throw new RangeError(`not an ISO date (yyyy-mm-dd): ${date}`);
  const time = new Date(0);
  // setUTCFullYear, unlike Date.UTC, does not map the years 0–99 onto 1900–1999.
  time.setUTCFullYear(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
  return Math.round(time.getTime() / MS_PER_DAY);
}

/** The ISO date `day` days after 1970-01-01. */
export function fromDayNumber(day: number): string {
  const code = civil(day);
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
 * objects, because the rate histories ask this of every calendar day since 1997.
 */
function civil(day: number): number {
  const z = day + 719_468;
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

/** Monday to Friday and neither 1 January nor 25 December; `day` counts days since 1970-01-01. */
export function isBusinessDayNumber(day: number): boolean {
  const weekday = (((day + 4) % 7) + 7) % 7; // 1970-01-01 was a Thursday; 0 = Sunday
  if (weekday === 0 || weekday === 6) return false;
  const code = civil(day);
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

/** `date` moved by `n` calendar days (negative moves back). */
export function addDays(date: string, n: number): string {
  return fromDayNumber(toDayNumber(date) + n);
}

/** Calendar days from `a` to `b`: positive when `b` is later. */
export function daysBetween(a: string, b: string): number {
  return toDayNumber(b) - toDayNumber(a);
}
