// A ChartModel's chart options beyond its theme. Apart from chart-theme.ts because these take values of
// the chart library (its enums), which a page that shows only colours or labels should not load.
import { CrosshairMode, type DeepPartial, type TimeChartOptions } from "lightweight-charts";
import { type ChartTheme, chartThemeOptions } from "./chart-theme.ts";

/** Bars may be this thin, so a whole range of a million points still fits the width (default 0.5). */
export const MIN_BAR_SPACING = 0.0005;

/** A ChartModel's chart: themed, filling its container, room for a million points. */
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
    },
    rightPriceScale: { ...themed.rightPriceScale, scaleMargins: { top: 0.12, bottom: 0.08 } },
  };
}
