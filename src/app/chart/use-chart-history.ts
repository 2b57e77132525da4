// History on scroll: scrolling the chart back past its oldest bar asks the page before it and puts it in
// front of every series, the view kept. A page goes in the "visible" lane, ahead of the live refresh, since
// the reader is looking at the empty room it fills; pages are cached, so coming back costs nothing.
import { type QueryClient, type QueryKey, useQueryClient } from "@tanstack/react-query";
import type { LogicalRange } from "lightweight-charts";
import { type RefObject, useEffect, useMemo, useRef, useState } from "react";
import type { ChartScale } from "../../interface/chart-window.ts";
import { type ChartCandles, isCandles } from "../decoding/candles/candle-series.ts";
import type { ChartPoints } from "../decoding/chart-points/point-series.ts";
import { labelOf } from "../queries/query-keys.ts";
import type { Connection } from "../transport/connection.ts";
import { useConnection } from "../transport/connection-context.tsx";
import type { CandleChartModel } from "./candle-chart-model.ts";
import { type FeedRequest, feedQueryKey, type SeriesData } from "./feed-request.ts";
import { HistoryPages, type PageWindow } from "./history-pages.ts";
import { getCandles } from "./queries/candles.ts";
import { getChartPoints } from "./queries/chart-points.ts";

/** Bars of empty room before the first bar that count as scrolled back (a fitted chart leaves less). */
export const EMPTY_BARS = 2;
/**
 * How long after the reader's own gesture a view before the first bar counts as scrolled back: the chart
 * also moves its view itself (fitting a new series), and that must never spend a request.
 */
const GESTURE_MS = 1_500;
/** A compared series' page waits for its own first response to be drawn; it looks again this often. */
const RETRY_MS = 1_000;

/** One series of the chart: its id in the model and its request. */
export interface HistorySeries {
  id: string;
  request: FeedRequest;
}

export interface ChartHistory {
  /** A page is on its way. */
  loading: boolean;
  /** The main series' history starts here: nothing older to load. */
  atStart: boolean;
  /** Bars of older history put in front of a series (by its request). */
  olderOf: (request: FeedRequest) => number;
}

/** The same request over an older page's window. */
export function pageRequest(request: FeedRequest, page: PageWindow): FeedRequest {
  const window = { starttime: page.starttime, endtime: page.endtime };
  return request.kind === "points"
    ? { kind: "points", key: { ...request.key, ...window } }
    : { kind: "candles", key: { ...request.key, ...window } };
}

function fetchPage(client: QueryClient, connection: Connection, request: FeedRequest): Promise<SeriesData> {
  const queryKey = feedQueryKey(request);
  const label = labelOf(queryKey);
  return client.fetchQuery({
    queryKey,
    queryFn: ({ signal }): Promise<SeriesData> => {
      const options = { priority: "visible" as const, signal, label };
      return request.kind === "points"
        ? getChartPoints(connection, request.key, options)
        : getCandles(connection, request.key, options);
    },
    // A past window does not change: kept as long as the cache keeps it.
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export function useChartHistory(
  model: CandleChartModel | null,
  container: RefObject<HTMLElement | null>,
  scale: ChartScale,
  main: HistorySeries,
  compares: HistorySeries[],
): ChartHistory {
  const client = useQueryClient();
  const connection = useConnection();
  const mainSource = labelOf(feedQueryKey(main.request));
  // Another scale, range or view starts the history afresh (every series' request changes with it).
  const { kind } = main.request;
  const { starttime, endtime } = main.request.key;
  // biome-ignore lint/correctness/useExhaustiveDependencies: the window and the view decide what a page is
  const pages = useMemo(() => new HistoryPages(scale), [scale, kind, starttime, endtime]);
  const [, setVersion] = useState(0);
  const older = useRef(new Map<string, number>());

  // Everything the effects read, as of the last render.
  const all = [main, ...compares];
  const latest = useRef({ model, all, client, connection, pages });
  latest.current = { model, all, client, connection, pages };
  const sources = all.map((s) => labelOf(feedQueryKey(s.request)));
  const tracked = new Map(all.map((s, i) => [sources[i] as string, s.request.key.starttime]));
  pages.track(tracked, mainSource);
  for (const source of [...older.current.keys()]) if (!tracked.has(source)) older.current.delete(source);

  const pump = useRef(() => {});
  const retry = useRef<ReturnType<typeof setTimeout> | null>(null);
  const inFlight = useRef(new Map<string, QueryKey>());
  pump.current = () => {
    const { model, all, client, connection, pages } = latest.current;
    if (!model) return;
    let waiting = false;
    let asked = false;
    for (const { key, page } of pages.due()) {
      const series = all.find((s) => labelOf(feedQueryKey(s.request)) === key);
      if (!series) continue;
      if (!model.shows(series.id, key)) {
        waiting = true;
        continue;
      }
      pages.asked(key, page);
      const request = pageRequest(series.request, page);
      const queryKey = feedQueryKey(request);
      const label = labelOf(queryKey);
      inFlight.current.set(label, queryKey);
      asked = true;
      fetchPage(client, connection, request).then(
        (data) => {
          inFlight.current.delete(label);
          if (latest.current.pages !== pages) return;
          const change = prepend(model, series, main.id, data, key);
          if (change) older.current.set(key, (older.current.get(key) ?? 0) + data.times.length);
          pages.received(key, page, data.times.length);
          // A page the budget held past a gesture's time: while the view still reaches before the first bar,
          // the reader is still looking back there and the next page is asked, as a scroll would.
          if (reachesBack(model.visibleRange())) pages.scrolledBack();
          setVersion((v) => v + 1);
          pump.current();
        },
        () => {
          inFlight.current.delete(label);
          pages.failed(key, page);
          setVersion((v) => v + 1);
        },
      );
    }
    if (waiting && retry.current === null)
      retry.current = setTimeout(() => {
        retry.current = null;
        pump.current();
      }, RETRY_MS);
    if (asked) setVersion((v) => v + 1);
  };

  useEffect(() => {
    const element = container.current;
    if (!model || !element) return;
    let gestureAt = Number.NEGATIVE_INFINITY;
    const gesture = (event: Event) => {
      // A mouse passing over the chart (the tooltip) is no gesture; a drag holds a button down.
      if (event instanceof MouseEvent && event.type === "pointermove" && event.buttons === 0) return;
      gestureAt = performance.now();
    };
    const kinds = ["pointerdown", "pointermove", "wheel", "touchmove", "keydown"];
    for (const kind of kinds) element.addEventListener(kind, gesture, { capture: true, passive: true });
    const stop = model.watchVisibleRange((range) => {
      if (!reachesBack(range)) return;
      if (performance.now() - gestureAt > GESTURE_MS) return;
      if (latest.current.pages.scrolledBack()) pump.current();
    });
    return () => {
      stop();
      for (const kind of kinds) element.removeEventListener(kind, gesture, { capture: true });
    };
  }, [model, container]);

  // A series compared since the chart reached back follows it there.
  const shape = sources.join("\n");
  // biome-ignore lint/correctness/useExhaustiveDependencies: the series shown (shape) is what changes what is due
  useEffect(() => {
    pump.current();
  }, [pages, shape]);

  // Pages still on their way when the history starts afresh or the page is left are dropped.
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new history (pages) drops the old one's pages
  useEffect(() => {
    const asking = inFlight.current;
    return () => {
      if (retry.current !== null) clearTimeout(retry.current);
      retry.current = null;
      for (const queryKey of asking.values()) void client.cancelQueries({ queryKey, exact: true });
      asking.clear();
      older.current.clear();
    };
  }, [client, pages]);

  return {
    loading: pages.loading,
    atStart: pages.atStart,
    olderOf: (request) => older.current.get(labelOf(feedQueryKey(request))) ?? 0,
  };
}

/** Whether the view `range` (bar indices) shows more than EMPTY_BARS of empty room before the first bar. */
function reachesBack(range: LogicalRange | null): boolean {
  return range !== null && range.from < -EMPTY_BARS;
}

/** Puts a page in front of its series: candles, a compared exchange's closes, or a line of points. */
function prepend(
  model: CandleChartModel,
  series: HistorySeries,
  mainId: string,
  data: SeriesData,
  source: string,
): boolean {
  if (series.request.kind === "points") {
    return !isCandles(data) && model.prependPoints(series.id, data as ChartPoints, source) === "prepended";
  }
  if (!isCandles(data)) return false;
  const candles = data as ChartCandles;
  const change =
    series.id === mainId
      ? model.prependCandles(series.id, candles, source)
      : model.prependCloses(series.id, candles, source);
  return change === "prepended";
}
