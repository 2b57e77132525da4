// The ChartModel for a container element: made once the element exists, disposed on unmount (twice under
// StrictMode, which the model allows), themed from the app's CSS tokens and re-themed in place when the
// theme changes, by the user's choice or, on "system", by the system's.
import { type RefObject, useEffect, useState } from "react";
import { ChartModel } from "../../charts/chart-model.ts";
import {
  type ChartTheme,
  FALLBACK_THEME,
  readChartTheme,
  type ValueFormat,
} from "../../charts/chart-theme.ts";
import type { Theme } from "../../settings/settings.ts";

export function useChartModel(
  container: RefObject<HTMLDivElement | null>,
  tooltip: RefObject<HTMLDivElement | null>,
  theme: Theme,
  format: ValueFormat,
): { model: ChartModel | null; chartTheme: ChartTheme } {
  const [model, setModel] = useState<ChartModel | null>(null);
  const [chartTheme, setChartTheme] = useState<ChartTheme>(FALLBACK_THEME);

  useEffect(() => {
    const element = container.current;
    if (!element) return;
    const made = new ChartModel(element, { tooltip: tooltip.current, theme: readChartTheme(element) });
    setModel(made);
    return () => {
      made.dispose();
      setModel(null);
    };
  }, [container, tooltip]);

  useEffect(() => {
    const element = container.current;
    if (!model || !element) return;
    // The shell sets <html data-theme> in its own effect, which runs after this one: read the colours
    // on the next frame, once the new theme is in force.
    let frame = 0;
    const apply = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => {
        const next = readChartTheme(element);
        model.setTheme(next);
        setChartTheme(next);
      });
    };
    apply();
    const media = theme === "system" ? matchMedia("(prefers-color-scheme: dark)") : null;
    media?.addEventListener("change", apply);
    return () => {
      cancelAnimationFrame(frame);
      media?.removeEventListener("change", apply);
    };
  }, [model, theme, container]);

  const { currency, rate, locale } = format;
  useEffect(() => {
    model?.setValueFormat({ currency, rate, ...(locale ? { locale } : {}) });
  }, [model, currency, rate, locale]);

  return { model, chartTheme };
}
