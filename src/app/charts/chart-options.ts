// A ChartModel's chart options beyond its theme: local time labels and room for a million points. Apart
// from chart-theme.ts because these take values of the chart library (its enums), which a page that shows
// only colours or labels should not load.
import {
  CrosshairMode,
  type DeepPartial,
  TickMarkType,
  type Time,
  type TimeChartOptions,
} from "lightweight-charts";
import { type ChartTheme, chartThemeOptions } from "./chart-theme.ts";

/**
 * Axis tick formats, made once: `toLocaleDateString(locale, options)` builds a new Intl.DateTimeFormat on
 * every call (about a millisecond each when cold), and a paint labels every tick.
 */
const tickFormats = {
  year: new Intl.DateTimeFormat(undefined, { year: "numeric" }),
  month: new Intl.DateTimeFormat(undefined, { month: "short" }),
  day: new Intl.DateTimeFormat(undefined, { day: "numeric", month: "short" }),
  time: new Intl.DateTimeFormat(undefined, { hour: "2-digit", minute: "2-digit" }),
};

/** Axis labels in the reader's time zone (the library's own are UTC). */
export function localTick(time: Time, type: TickMarkType): string | null {
  if (typeof time !== "number") return null;
  const date = new Date(time * 1000);
  switch (type) {
    case TickMarkType.Year:
      return tickFormats.year.format(date);
    case TickMarkType.Month:
      return tickFormats.month.format(date);
    case TickMarkType.DayOfMonth:
      return tickFormats.day.format(date);
    default:
      return tickFormats.time.format(date);
  }
}

/** Bars may be this thin, so a whole range of a million points still fits the width (default 0.5). */
export const MIN_BAR_SPACING = 0.0005;

/** A ChartModel's chart: themed, filling its container, local time labels, room for a million points. */
export function modelChartOptions(theme: ChartTheme): DeepPartial<TimeChartOptions> {
  const themed = chartThemeOptions(theme);
  return {
    ...themed,
    autoSize: true,
    crosshair: { ...themed.crosshair, mode: CrosshairMode.Magnet },
    timeScale: {
      ...themed.timeScale,
      timeVisible: true,
      secondsVisible: false,
      minBarSpacing: MIN_BAR_SPACING,
      rightOffset: 2,
      lockVisibleTimeRangeOnResize: true,
      tickMarkFormatter: (time: Time, type: TickMarkType) => localTick(time, type),
    },
    rightPriceScale: { ...themed.rightPriceScale, scaleMargins: { top: 0.12, bottom: 0.08 } },
  };
}
