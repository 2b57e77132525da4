// The small line chart's model: a ChartModel with a small chart's options (time labels, a quiet crosshair,
// no scroll or scale). A module of its own because it brings the chart library: mini-line-chart.tsx loads
// it when it first draws.
import { CrosshairMode, type DeepPartial, type Time, type TimeChartOptions } from "lightweight-charts";
import { ChartModel } from "./chart-model.ts";
import { readChartTheme, type ValueFormatting } from "./chart-theme.ts";

const utcDayShort = new Intl.DateTimeFormat(undefined, { day: "numeric", month: "short", timeZone: "UTC" });

export function createMiniChartModel(
  element: HTMLElement,
  valueFormat: ValueFormatting,
  timeFormat: (time: Time) => string,
  unit: "days" | "times",
): ChartModel {
  return new ChartModel(element, {
    theme: readChartTheme(element),
    valueFormat,
    chartOptions: miniOptions(timeFormat, unit),
  });
}

/** A small chart's own options, laid over the model's. */
function miniOptions(
  timeFormat: (time: Time) => string,
  unit: "days" | "times",
): DeepPartial<TimeChartOptions> {
  return {
    handleScroll: false,
    handleScale: false,
    localization: { timeFormatter: timeFormat },
    crosshair: {
      mode: CrosshairMode.Magnet,
      vertLine: { visible: true, labelVisible: false, style: 2, width: 1 },
      horzLine: { visible: false, labelVisible: false },
    },
    grid: { vertLines: { visible: false } },
    timeScale: {
      rightOffset: 0,
      fixLeftEdge: true,
      fixRightEdge: true,
      borderVisible: false,
      timeVisible: unit === "times",
      ...(unit === "days"
        ? {
            tickMarkFormatter: (time: Time) =>
              typeof time === "number" ? utcDayShort.format(time * 1000) : null,
          }
        : {}),
    },
    rightPriceScale: {
      borderVisible: false,
      scaleMargins: { top: 0.15, bottom: 0.08 },
    },
  };
}
