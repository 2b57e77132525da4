// One lifecycle for every chart (after Uniswap's useChartModel): made once its container is mounted, fed
// each render's options in place, following the theme and time zone, disposed on unmount. Only the model's
// type is imported here, so `make` may load the chart library and the page does not wait for it.
import { type RefObject, useEffect, useRef, useState } from "react";
import { useSettings, useTimeZone } from "../store/settings-context.tsx";
import type { ChartModel } from "./chart-model.ts";
import {
  type ChartTheme,
  FALLBACK_THEME,
  followChartTheme,
  readChartTheme,
  sameTheme,
} from "./chart-theme.ts";

/** Makes the model in its container, in the theme in force there. */
export type MakeChartModel<Model> = (container: HTMLElement, theme: ChartTheme) => Model | Promise<Model>;

/** How the chart's times read beyond the zone setting, which the hook follows itself. */
export interface ChartTimes {
  /** The times are UTC days (daily and weekly buckets); undefined leaves it to the model. */
  utcDays?: boolean;
}

/**
 * `make` is null while the chart should not be made yet (an empty first paint is a wasted long task on a
 * phone); only whether it is null matters. `options` are compared member by member with the last applied.
 */
export function useChartModel<Options extends object, Model extends ChartModel<Options>>(
  container: RefObject<HTMLElement | null>,
  make: MakeChartModel<Model> | null,
  options: Options,
  times: ChartTimes = {},
): { model: Model | null; chartTheme: ChartTheme } {
  const [settings] = useSettings();
  const zone = useTimeZone();
  const utcDays = times.utcDays;
  const [model, setModel] = useState<Model | null>(null);
  const [chartTheme, setChartTheme] = useState<ChartTheme>(FALLBACK_THEME);
  const latest = useRef({ make, options, zone, utcDays });
  latest.current = { make, options, zone, utcDays };
  const applied = useRef<Options | null>(null);
  const wanted = make !== null;

  useEffect(() => {
    const element = container.current;
    const makeModel = latest.current.make;
    // No 2D canvas (a test's DOM, a locked-down browser): the chart's words (its aria-label) stand for it.
    if (!wanted || !element || !makeModel || typeof CanvasRenderingContext2D === "undefined") return;
    let made: Model | null = null;
    let gone = false;
    Promise.resolve()
      .then(() => (gone ? null : makeModel(element, readChartTheme(element))))
      .then((next) => {
        if (!next || gone) return next?.dispose();
        made = next;
        // Drawn in the task that makes the chart, so its first paint is not an empty one.
        applied.current = latest.current.options;
        next.setTimeZone(latest.current.zone);
        if (latest.current.utcDays !== undefined) next.setUtcDays(latest.current.utcDays);
        next.update(applied.current);
        setModel(next);
      })
      .catch(() => {
        // No chart (its code could not be fetched, or the library refused the container): the words stay.
      });
    return () => {
      gone = true;
      made?.dispose();
      setModel(null);
    };
  }, [container, wanted]);

  useEffect(() => {
    if (!model || sameMembers(applied.current, options)) return;
    applied.current = options;
    model.update(options);
  }, [model, options]);

  // The setting changed, or the scale went to or from days: only the labels are written again.
  useEffect(() => {
    model?.setTimeZone(zone);
    if (utcDays !== undefined) model?.setUtcDays(utcDays);
  }, [model, zone, utcDays]);

  const theme = settings.theme;
  useEffect(() => {
    const element = container.current;
    if (!model || !element) return;
    return followChartTheme(element, theme, (next) => {
      model.setTheme(next);
      setChartTheme((shown) => (sameTheme(shown, next) ? shown : next));
    });
  }, [model, theme, container]);

  return { model, chartTheme };
}

/** Whether two option objects hold the same members (a render makes a new object of the same values). */
function sameMembers(a: object | null, b: object): boolean {
  if (a === null) return false;
  const keys = Object.keys(b) as (keyof typeof b)[];
  return keys.length === Object.keys(a).length && keys.every((key) => Object.is(a[key], b[key]));
}
