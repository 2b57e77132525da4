// The ChartModel for a container element: made once the element exists, disposed on unmount (twice under
// StrictMode, which the model allows), themed from the app's CSS tokens and re-themed in place when the
// theme changes, by the user's choice or, on "system", by the system's.
import { type RefObject, useEffect, useState } from "react";
import { ChartModel } from "../charts/chart-model.ts";
import {
  type ChartTheme,
  FALLBACK_THEME,
  followChartTheme,
  readChartTheme,
  type ValueFormat,
} from "../charts/chart-theme.ts";
import type { Theme } from "../settings/store/settings.ts";

/**
 * `ready`: whether the chart may be made now. The chart page makes it once its first points (or a failure)
 * are in: a chart made at once is painted empty first, and each paint of a chart is a long task on a phone
 * (~100 ms at 4x CPU), so the points' arrival was a second one. The frame keeps the chart's place meanwhile.
 */
export function useChartModel(
  container: RefObject<HTMLDivElement | null>,
  tooltip: RefObject<HTMLDivElement | null>,
  theme: Theme,
  format: ValueFormat,
  ready: boolean,
): { model: ChartModel | null; chartTheme: ChartTheme } {
  const [model, setModel] = useState<ChartModel | null>(null);
  const [chartTheme, setChartTheme] = useState<ChartTheme>(FALLBACK_THEME);

  useEffect(() => {
    const element = container.current;
    if (!element || !ready) return;
    const made = new ChartModel(element, { tooltip: tooltip.current, theme: readChartTheme(element) });
    setModel(made);
    return () => {
      made.dispose();
      setModel(null);
    };
  }, [container, tooltip, ready]);

  useEffect(() => {
    const element = container.current;
    if (!model || !element) return;
    return followChartTheme(element, theme, (next) => {
      model.setTheme(next);
      setChartTheme(next);
    });
  }, [model, theme, container]);

  const { currency, rate, locale } = format;
  useEffect(() => {
    model?.setValueFormat({ currency, rate, ...(locale ? { locale } : {}) });
  }, [model, currency, rate, locale]);

  return { model, chartTheme };
}
