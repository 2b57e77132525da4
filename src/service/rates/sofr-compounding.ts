// The SOFR family derived from SOFR: the SOFR averages and the SOFR Index, by the New York Fed's method.

import { toDayNumber } from "../../interface/iso-day.ts";
import { RATE_TYPES } from "../../interface/vocabulary.ts";
import { nextBusinessDayNumber } from "./business-days.ts";
import { daily, type RawSeries, round, sofrValue } from "./overnight-rates.ts";

const SOFR_FIRST_DAY = toDayNumber(RATE_TYPES.SOFR.firstDate);

let sofrCache: RawSeries & { through: number } = { days: [], values: [], through: SOFR_FIRST_DAY - 1 };

/** SOFR on every business day from its first date, at least through `through`. */
export function sofrThrough(through: number): RawSeries {
  if (sofrCache.through >= through) return sofrCache;
  const { days, values } = daily("SOFR", through, sofrValue);
  sofrCache = { days, values, through };
  return sofrCache;
}

/**
 * The New York Fed's SOFR averages: SOFR compounded over the `span` calendar days before each effective
 * date, a non-business day accruing at the previous business day's rate:
 * (Π(1 + rᵢ·dᵢ/36000) − 1) × 36000 / span, with rᵢ in percent and dᵢ the days rᵢ applies for.
 */
export function sofrAverage(span: number, through: number): RawSeries {
  const sofr = sofrThrough(through);
  const first = toDayNumber(RATE_TYPES.SOFR30.firstDate);
  const days: number[] = [];
  const values: number[] = [];
  let at = 0; // the index in `sofr` of the effective date
  let start = 0; // the index in `sofr` of the first business day after the window's first day
  for (; at < sofr.days.length; at++) {
    const day = sofr.days[at] ?? 0;
    if (day < first) continue;
    if (day > through) break;
    const from = day - span;
    while ((sofr.days[start] ?? day) <= from) start++;
    // The window's first day accrues at the rate of the business day on or before it, until the next one.
    let product = 1 + ((sofr.values[start - 1] ?? 0) * ((sofr.days[start] ?? day) - from)) / 36_000;
    for (let i = start; i < at; i++) {
      product *= 1 + ((sofr.values[i] ?? 0) * ((sofr.days[i + 1] ?? day) - (sofr.days[i] ?? day))) / 36_000;
    }
    days.push(day);
    values.push(round(((product - 1) * 36_000) / span, RATE_TYPES.SOFR30.decimals));
  }
  return { days, values };
}

/**
 * The SOFR Index: 1 on SOFR's first date, then index(next business day) = index × (1 + SOFR·d/36000), d the
 * calendar days to that next business day. Published from SAFR's first date.
 */
export function sofrIndex(through: number): RawSeries {
  const sofr = sofrThrough(through);
  const first = toDayNumber(RATE_TYPES.SAFR.firstDate);
  const days: number[] = [];
  const values: number[] = [];
  let index = 1;
  for (let i = 0; i < sofr.days.length; i++) {
    const day = sofr.days[i] ?? 0;
    if (day > through) break;
    if (day >= first) {
      days.push(day);
      values.push(round(index, RATE_TYPES.SAFR.decimals));
    }
    index *= 1 + ((sofr.values[i] ?? 0) * (nextBusinessDayNumber(day) - day)) / 36_000;
  }
  return { days, values };
}
