// The time zone the dashboard writes times in (the reader's setting: "UTC" or the browser's own zone), how
// it is named on screen, and a Unix-seconds time written in it. Formats are made once and kept, since a
// chart calls these per tick mark on every paint.
import { zoneOffsetMs } from "../../interface/zone-offset.ts";
import { dateTimeFormat } from "./dates.ts";

/** What the reader chose: always UTC, or whatever zone the browser is in. */
export const TIME_ZONE_SETTINGS = ["UTC", "browser"] as const;
export type TimeZoneSetting = (typeof TIME_ZONE_SETTINGS)[number];

/** The browser's zone by default: a person reads the clock on their wall, and every time names its zone. */
export const DEFAULT_TIME_ZONE_SETTING: TimeZoneSetting = "browser";

/** An IANA time zone name, as Intl takes it: "UTC", "Europe/Paris", "Asia/Tokyo". */
export type TimeZone = string;

export const UTC: TimeZone = "UTC";

/**
 * The browser's own zone; UTC when the browser does not say (some locked-down ones). Read once a visit, from
 * Temporal where the browser has it: asking Intl makes a DateTimeFormat, whose first one loads the locale's
 * calendar data (170 ms at Lighthouse's 4x CPU), which a page without dates (the coin list) need not pay. A
 * zone that changes under an open page is read at its next load.
 */
export function browserTimeZone(): TimeZone {
  browserZone ??= readBrowserTimeZone();
  return browserZone;
}

let browserZone: TimeZone | undefined;

/** Temporal.Now, where the browser has it (not yet in TypeScript's own library). */
const temporalNow = (globalThis as { Temporal?: { Now?: { timeZoneId?: () => string } } }).Temporal?.Now;

function readBrowserTimeZone(): TimeZone {
  try {
    return temporalNow?.timeZoneId?.() || new Intl.DateTimeFormat().resolvedOptions().timeZone || UTC;
  } catch {
    return UTC;
  }
}

/**
 * Loads the locale's calendar data in a task of its own, soon after a page that writes dates opens, while it
 * waits for its data: the first date format made costs a long moment (see browserTimeZone), which would
 * otherwise fall inside the render that shows the page's first figures. Returns its cancel.
 */
export function warmDateFormats(): () => void {
  const timer = setTimeout(
    () => dateTimeFormat({ timeZone: browserTimeZone(), hour: "numeric" }).format(0),
    0,
  );
  return () => clearTimeout(timer);
}

/** The zone a setting stands for; `browser` is the browser's zone (a test passes one to be deterministic). */
export function timeZoneOf(setting: TimeZoneSetting, browser: TimeZone = browserTimeZone()): TimeZone {
  return setting === "UTC" ? UTC : browser;
}

/** The setting as the settings page offers it: "UTC", "Browser (Europe/Paris)". */
export function timeZoneSettingLabel(
  setting: TimeZoneSetting,
  browser: TimeZone = browserTimeZone(),
): string {
  return setting === "UTC" ? "UTC" : `Browser (${browser})`;
}

function isUtc(zone: TimeZone): boolean {
  return zone === "UTC" || zone === "Etc/UTC" || zone === "Etc/GMT" || zone === "GMT";
}

/** The zone's offset from UTC in minutes at `seconds` (east positive): +60 for Paris in winter. */
export function utcOffsetMinutes(seconds: number, zone: TimeZone): number {
  if (isUtc(zone)) return 0;
  return Math.round(zoneOffsetMs(Math.floor(seconds) * 1000, zone) / 60_000);
}

/** The offset as ISO 8601 writes it: "+01:00", "-05:00", "+05:45"; "+00:00" for UTC. */
export function utcOffset(seconds: number, zone: TimeZone): string {
  const minutes = utcOffsetMinutes(seconds, zone);
  const sign = minutes < 0 ? "-" : "+";
  const abs = Math.abs(minutes);
  return `${sign}${String(Math.floor(abs / 60)).padStart(2, "0")}:${String(abs % 60).padStart(2, "0")}`;
}

/**
 * The zone named in full, "UTC+01:00 Europe/Paris": the offset is what a reader converts with, the name
 * says which place is meant, as the offset changes with daylight saving.
 */
export function timeZoneLabel(zone: TimeZone, seconds: number = Date.now() / 1000): string {
  return isUtc(zone) ? "UTC" : `UTC${utcOffset(seconds, zone)} ${zone}`;
}

/** The zone named briefly, for beside a time: "UTC", "UTC+01:00". Tooltips and table cells use it. */
export function timeZoneAbbreviation(zone: TimeZone, seconds: number = Date.now() / 1000): string {
  return isUtc(zone) ? "UTC" : `UTC${utcOffset(seconds, zone)}`;
}

function write(
  seconds: number,
  zone: TimeZone,
  options: Intl.DateTimeFormatOptions,
  locale?: string,
): string {
  if (!Number.isFinite(seconds)) return "—";
  return dateTimeFormat({ ...options, timeZone: zone }, locale).format(seconds * 1000);
}

export interface TimeWriting {
  /** With seconds (trades, updated-at), or to the minute (charts). */
  seconds?: boolean;
  /** The reader's own locale when undefined; tests name one. */
  locale?: string;
}

/** The date and time in `zone`: "Jan 2, 2024, 10:00 AM" (locale's order), without the zone's name. */
export function formatDateTimeIn(
  seconds: number,
  zone: TimeZone,
  { seconds: withSeconds = false, locale }: TimeWriting = {},
): string {
  return write(seconds, zone, { dateStyle: "medium", timeStyle: withSeconds ? "medium" : "short" }, locale);
}

/**
 * An RFC 3339 time in `zone` and naming it (briefly, or `full`), as a time without its zone is a guess:
 * "Jan 2, 2024, 9:30 AM UTC+09:00"; "—" for none, the text itself when it is no time.
 */
export function formatIsoIn(
  iso: string | null,
  zone: TimeZone,
  { full = false, ...writing }: TimeWriting & { full?: boolean } = {},
): string {
  if (iso === null) return "—";
  const seconds = Date.parse(iso) / 1000;
  if (Number.isNaN(seconds)) return iso;
  const name = full ? timeZoneLabel(zone, seconds) : timeZoneAbbreviation(zone, seconds);
  return `${formatDateTimeIn(seconds, zone, writing)} ${name}`;
}

/** The time of day in `zone`: "10:00 AM", or "10:00:05 AM" with seconds. */
export function formatTimeOfDayIn(
  seconds: number,
  zone: TimeZone,
  { seconds: withSeconds = false, locale }: TimeWriting = {},
): string {
  return write(seconds, zone, { timeStyle: withSeconds ? "medium" : "short" }, locale);
}

/** The date in `zone`: "Jan 2, 2024". */
export function formatDayIn(seconds: number, zone: TimeZone, { locale }: TimeWriting = {}): string {
  return write(seconds, zone, { dateStyle: "medium" }, locale);
}

/** Whether `a` and `b` fall on the same calendar day in `zone`. */
export function sameDayIn(a: number, b: number, zone: TimeZone): boolean {
  const day = dateTimeFormat({ timeZone: zone, year: "numeric", month: "2-digit", day: "2-digit" }, "en-CA");
  return day.format(a * 1000) === day.format(b * 1000);
}

/** The axis's tick marks, by how much of the time the library says a mark stands for. */
export type TickKind = "year" | "month" | "day" | "time";

const TICK_OPTIONS: Record<TickKind, Intl.DateTimeFormatOptions> = {
  year: { year: "numeric" },
  month: { month: "short" },
  day: { day: "numeric", month: "short" },
  time: { hour: "2-digit", minute: "2-digit" },
};

/** A tick mark's label in `zone`: "2024", "Jan", "Jan 2", "10:00". */
export function formatTickIn(seconds: number, zone: TimeZone, kind: TickKind, locale?: string): string {
  return write(seconds, zone, TICK_OPTIONS[kind], locale);
}

/** The time as ISO 8601 with the zone's offset, "2024-01-02T10:00:00+01:00" (UTC as "Z"), to the second. */
export function isoInZone(seconds: number, zone: TimeZone): string {
  const whole = Math.floor(seconds);
  if (isUtc(zone)) return new Date(whole * 1000).toISOString().replace(/\.\d{3}Z$/, "Z");
  const minutes = utcOffsetMinutes(whole, zone);
  const wall = new Date((whole + minutes * 60) * 1000).toISOString().replace(/\.\d{3}Z$/, "");
  return `${wall}${utcOffset(whole, zone)}`;
}

/** The zone as a file name may carry it: "UTC", "Europe_Paris". */
export function timeZoneFileTag(zone: TimeZone): string {
  return isUtc(zone) ? "UTC" : zone.replace(/[^A-Za-z0-9_-]+/g, "_");
}

/**
 * Whether a scale's buckets are UTC days or weeks (1d, 1w): written as UTC dates whatever the setting, as a
 * day bucket shifted into Tokyo would read as starting at 09:00, a different day.
 */
export function bucketsAreUtcDays(scale: string): boolean {
  return scale === "1d" || scale === "1w";
}

/** What the charts say about UTC-day buckets, where they name their zone. */
export const UTC_DAYS_LABEL = "UTC days";
