// The rates page's state in the address (?type=&date=&from=&to=), so every view is a link; the range is
// written only when asked for, so opening a link spends a request on the table only if the link has one.

import { addDays } from "../../interface/iso-day.ts";
import { RATE_TYPE_SYMBOLS, RATE_TYPES, type RateType } from "../../interface/vocabulary.ts";
import { daysInRange, isPlausibleDay } from "./rate-days.ts";

export const DEFAULT_RATE_TYPE: RateType = "ESTER";
/** The default range: this many days up to today. */
export const DEFAULT_RANGE_DAYS = 30;
/** The longest range the table lists (about three years of business days is ~780 rows). */
export const MAX_RANGE_DAYS = 1096;

export interface DayRange {
  from: string;
  to: string;
}

export interface RatesSearch {
  type: RateType;
  /** The day whose value is shown; null: the latest. */
  date: string | null;
  /** The range whose fixings are listed; null: none asked for yet. */
  range: DayRange | null;
}

export function isRateType(text: string): text is RateType {
  return (RATE_TYPE_SYMBOLS as readonly string[]).includes(text);
}

/** A rate type from the address: exact or in any case (sofr → SOFR), else the default. */
export function parseRateType(text: string | null): RateType {
  const upper = (text ?? "").trim().toUpperCase();
  return isRateType(upper) ? upper : DEFAULT_RATE_TYPE;
}

export type RangeCheck = { ok: true; range: DayRange } | { ok: false; error: string };

/** Whether `from`–`to` is a range the table can list, and if not, what to fix, in words. */
export function checkRange(from: string, to: string): RangeCheck {
  if (!isPlausibleDay(from)) return { ok: false, error: "Enter a start date." };
  if (!isPlausibleDay(to)) return { ok: false, error: "Enter an end date." };
  if (from > to) return { ok: false, error: "The start date must be on or before the end date." };
  if (daysInRange(from, to) > MAX_RANGE_DAYS) {
    return { ok: false, error: `Choose at most ${MAX_RANGE_DAYS} days (about three years).` };
  }
  return { ok: true, range: { from, to } };
}

export function parseRatesSearch(params: URLSearchParams): RatesSearch {
  const type = parseRateType(params.get("type"));
  const dateText = params.get("date") ?? "";
  const date = isPlausibleDay(dateText) ? dateText : null;
  const from = params.get("from");
  const to = params.get("to");
  const checked = from !== null && to !== null ? checkRange(from, to) : null;
  return { type, date, range: checked?.ok ? checked.range : null };
}

/** The address's query for a state, in a stable order: type, date, from, to. */
export function ratesSearchParams(state: RatesSearch): URLSearchParams {
  const params = new URLSearchParams({ type: state.type });
  if (state.date !== null) params.set("date", state.date);
  if (state.range !== null) {
    params.set("from", state.range.from);
    params.set("to", state.range.to);
  }
  return params;
}

/** The last DEFAULT_RANGE_DAYS days up to `today`, not starting before the type's first date. */
export function defaultRange(type: RateType, today: string): DayRange {
  const first = RATE_TYPES[type].firstDate;
  const from = addDays(today, -(DEFAULT_RANGE_DAYS - 1));
  return { from: from < first ? first : from, to: today };
}
