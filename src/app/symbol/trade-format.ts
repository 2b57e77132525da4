// How the last trades read: a price in the pair's own quote currency (the pair names it), an amount of the
// coin, the side, and a clock time for what happened minutes ago.
import {
  formatDateTimeIn,
  formatIsoIn,
  formatTimeOfDayIn,
  sameDayIn,
  type TimeZone,
} from "../format/time-zone.ts";

const cache = new Map<string, Intl.NumberFormat>();

function format(key: string, options: Intl.NumberFormatOptions, value: number, locale?: string): string {
  const id = `${key}|${locale ?? ""}`;
  let formatter = cache.get(id);
  if (!formatter) {
    formatter = new Intl.NumberFormat(locale, options);
    cache.set(id, formatter);
  }
  return formatter.format(value);
}

/** A price without currency: cents from 1 up, else 4 significant digits (0.00001234). */
export function formatQuotePrice(value: number, locale?: string): string {
  if (!Number.isFinite(value)) return "—";
  return Math.abs(value) >= 1
    ? format("big", { minimumFractionDigits: 2, maximumFractionDigits: 2 }, value, locale)
    : format("small", { maximumSignificantDigits: 4, minimumSignificantDigits: 2 }, value, locale);
}

/** An amount of a coin: up to 4 decimals from 1 up, up to 8 below (a satoshi is 0.00000001). */
export function formatCoinAmount(value: number, locale?: string): string {
  if (!Number.isFinite(value)) return "—";
  return Math.abs(value) >= 1
    ? format("amount", { maximumFractionDigits: 4 }, value, locale)
    : format("fraction", { maximumFractionDigits: 8 }, value, locale);
}

/** A trade's side: the service signs a sell's volume negative. */
export function sideOf(volume: number): "buy" | "sell" {
  return volume < 0 ? "sell" : "buy";
}

/** A clock time to the second in `zone`, with the date too when it is not the same day there as `now`. */
export function formatClock(
  iso: string | null,
  zone: TimeZone,
  now: number = Date.now(),
  locale?: string,
): string {
  if (iso === null) return "—";
  const ms = Date.parse(iso);
  if (Number.isNaN(ms)) return iso;
  const seconds = ms / 1000;
  return sameDayIn(seconds, now / 1000, zone)
    ? formatTimeOfDayIn(seconds, zone, { seconds: true, locale })
    : formatDateTimeIn(seconds, zone, { seconds: true, locale });
}

/** A time in full with its zone named, for a title: "Jan 2, 2024, 9:30:05 AM UTC+09:00 Asia/Tokyo". */
export function formatFullTime(iso: string | null, zone: TimeZone, locale?: string): string {
  return formatIsoIn(iso, zone, { seconds: true, full: true, locale });
}
