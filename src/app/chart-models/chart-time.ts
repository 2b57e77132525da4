// How a chart writes its times: in the reader's zone, or as UTC days for daily and weekly buckets. The data
// stays in UTC and only the labels are written in the zone: shifting the data instead would make times that
// never happened around a DST change, and a full redraw on every change of the setting.
import { type DeepPartial, TickMarkType, type Time, type TimeChartOptions } from "lightweight-charts";
import {
  formatDateTimeIn,
  formatDayIn,
  formatTickIn,
  type TickKind,
  type TimeZone,
  timeZoneAbbreviation,
  UTC,
} from "../format/time-zone.ts";

export interface TimeAxis {
  /** The zone times are written in (an IANA name). */
  zone: TimeZone;
  /** The chart's times are UTC days (1d, 1w buckets): written as UTC dates whatever the zone. */
  utcDays: boolean;
}

/** A time as the crosshair and a tooltip write it, naming its zone: "Jan 2, 2024, 9:30 AM UTC+09:00". */
export function crosshairTime(time: Time, axis: TimeAxis, locale?: string): string {
  if (typeof time !== "number") return String(time);
  if (axis.utcDays) return `${formatDayIn(time, UTC, { locale })} (UTC day)`;
  return `${formatDateTimeIn(time, axis.zone, { locale })} ${timeZoneAbbreviation(axis.zone, time)}`;
}

const TICK_KINDS: Partial<Record<TickMarkType, TickKind>> = {
  [TickMarkType.Year]: "year",
  [TickMarkType.Month]: "month",
  [TickMarkType.DayOfMonth]: "day",
};

/** An axis tick mark's label: its year, month or day in the zone (UTC for UTC days), else the time of day. */
export function tickMark(time: Time, type: TickMarkType, axis: TimeAxis, locale?: string): string | null {
  if (typeof time !== "number") return null;
  const kind = TICK_KINDS[type] ?? (axis.utcDays ? "day" : "time");
  return formatTickIn(time, axis.utcDays ? UTC : axis.zone, kind, locale);
}

/** The chart options that write the times of `axis`. */
export function timeAxisOptions(axis: TimeAxis): DeepPartial<TimeChartOptions> {
  return {
    localization: { timeFormatter: (time: Time) => crosshairTime(time, axis) },
    timeScale: {
      timeVisible: !axis.utcDays,
      tickMarkFormatter: (time: Time, type: TickMarkType) => tickMark(time, type, axis),
    },
  };
}

export function sameTimeAxis(a: TimeAxis, b: TimeAxis): boolean {
  return a.zone === b.zone && a.utcDays === b.utcDays;
}
