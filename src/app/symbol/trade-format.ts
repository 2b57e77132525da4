// How the last trades read: a price in the pair's own quote currency (no symbol: the pair names it), an
// amount of the coin, the side a signed volume stands for, and a clock time for what happened minutes ago.

import { formatDate } from "../format/dates.ts";

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

/** A clock time to the second; with the date too when it is not the same local day as `now`. */
export function formatClock(iso: string | null, now: number = Date.now(), locale?: string): string {
  if (iso === null) return "—";
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  const today = new Date(now);
  const sameDay = date.toDateString() === today.toDateString();
  return sameDay
    ? formatDate(date, { timeStyle: "medium" }, locale)
    : formatDate(date, { dateStyle: "medium", timeStyle: "medium" }, locale);
}
