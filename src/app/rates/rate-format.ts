// Rate values as their issuers quote them: the type's own decimals, in percent, except the SOFR Index
// (SAFR), an index level without a unit.
import { RATE_TYPES } from "../../interface/vocabulary.ts";
import { formatDate } from "../format/dates.ts";
import { type TimeZone, timeZoneAbbreviation } from "../format/time-zone.ts";
import { isRateType } from "./rates-search.ts";

/** The decimals when neither the service's list nor the vocabulary knows the type (the public default). */
const FALLBACK_DECIMALS = 8;

export interface RateUnit {
  /** True for an index level (SAFR), false for a rate in percent. */
  index: boolean;
  /** The column heading's unit: "%" or "index". */
  label: string;
}

export function unitOf(rateType: string): RateUnit {
  return rateType === "SAFR" ? { index: true, label: "index" } : { index: false, label: "%" };
}

/** The decimals a type is quoted with: the service's word first, then the vocabulary's. */
export function decimalsOf(
  rateType: string,
  listed: readonly { symbol: string; decimals: number }[] = [],
): number {
  const fromService = listed.find((meta) => meta.symbol === rateType)?.decimals;
  if (fromService !== undefined && Number.isInteger(fromService) && fromService >= 0 && fromService <= 20) {
    return fromService;
  }
  return isRateType(rateType) ? RATE_TYPES[rateType].decimals : FALLBACK_DECIMALS;
}

const formats = new Map<string, Intl.NumberFormat>();

function fixed(decimals: number, locale: string | undefined, sign = false): Intl.NumberFormat {
  const key = `${decimals}|${locale ?? ""}|${sign}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(locale, {
      minimumFractionDigits: decimals,
      maximumFractionDigits: decimals,
      ...(sign ? { signDisplay: "exceptZero" as const } : {}),
    });
    formats.set(key, format);
  }
  return format;
}

/** 3.912%, −0.542%, or an index level 1.04567890. */
export function formatRateValue(value: number, decimals: number, unit: RateUnit, locale?: string): string {
  if (!Number.isFinite(value)) return "—";
  const text = fixed(decimals, locale).format(value);
  return unit.index ? text : `${text}%`;
}

/** The change between two values: basis points for a rate (+25 bp), index points for an index level. */
export function formatRateChange(change: number, decimals: number, unit: RateUnit, locale?: string): string {
  if (!Number.isFinite(change)) return "—";
  if (unit.index) return fixed(decimals, locale, true).format(change);
  const bpDecimals = Math.min(Math.max(decimals - 2, 0), 1);
  return `${fixed(bpDecimals, locale, true).format(change * 100)} bp`;
}

/** A publication time in `zone`, named; `short` leaves out the year and zone a table's heading says. */
export function formatPublished(
  iso: string,
  zone: TimeZone,
  { short = false, locale }: { short?: boolean; locale?: string } = {},
): string {
  const ms = Date.parse(iso);
  if (Number.isNaN(ms)) return iso;
  const options: Intl.DateTimeFormatOptions = short
    ? { month: "short", day: "numeric", hour: "numeric", minute: "2-digit", timeZone: zone }
    : { dateStyle: "medium", timeStyle: "short", timeZone: zone };
  const written = formatDate(ms, options, locale);
  return short ? written : `${written} ${timeZoneAbbreviation(zone, ms / 1000)}`;
}
