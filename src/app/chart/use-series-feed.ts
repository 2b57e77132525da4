// One series of the chart page: its query and the effects that put its response into the chart model,
// straight from the query cache, never through React state. A cancelled key is not fetched again until
// the reader reloads it or picks another range.
import {
  hashKey,
  keepPreviousData,
  type QueryKey,
  type UseQueryResult,
  useQuery,
} from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { BLOCK_SECONDS } from "../../interface/vocabulary.ts";
import type { PointsChange } from "../chart-models/held-series.ts";
import { isCandles } from "../decoding/candles/candle-series.ts";
import { labelOf } from "../queries/query-keys.ts";
import { useConnection } from "../transport/connection-context.tsx";
import type { CandleChartModel } from "./candle-chart-model.ts";
import type { DownloadProgress } from "./download-progress-store.ts";
import {
  type FeedRequest,
  feedQueryKey,
  feedQueryOptions,
  followsLive,
  type SeriesData,
} from "./feed-request.ts";
import { useChartDownload } from "./use-chart-download.ts";

/** How a series is drawn: candles with their volume, or a line (or area) of its values or closes. */
export interface FeedSpec {
  /** What the legend and tooltip call it, e.g. "Binance · MEDIR120" or "Binance". */
  label: string;
  kind: "area" | "line" | "candles";
  /** Which of the theme's series colours a line takes (0: the main series' accent). */
  colourIndex: number;
}

/** How the model took the series' latest response, and how many points (or candles) it shows. */
export interface FeedShown {
  points: number;
  change: PointsChange;
  /** Live responses appended with series.update since the series was last replaced. */
  appends: number;
}

export interface SeriesFeed {
  query: UseQueryResult<SeriesData>;
  request: FeedRequest;
  queryKey: QueryKey;
  /** The key's first response (or a changed key's) is on its way: the chart still shows the previous one. */
  loading: boolean;
  /** Bytes so far (and the total when known) while the response downloads; null otherwise. */
  progress: DownloadProgress | null;
  /** The person stopped this key's download; it is not fetched again until `reload`. */
  cancelled: boolean;
  cancel: () => void;
  reload: () => void;
  /** What the chart shows of this series; null before the first response is in. */
  shown: FeedShown | null;
}

export function useSeriesFeed(
  model: CandleChartModel | null,
  id: string,
  spec: FeedSpec,
  request: FeedRequest,
): SeriesFeed {
  const queryKey = feedQueryKey(request);
  const hash = hashKey(queryKey);
  const [cancelledHash, setCancelledHash] = useState<string | null>(null);
  // A cancel holds for the key it stopped; once another key is shown, coming back fetches again.
  if (cancelledHash !== null && cancelledHash !== hash) setCancelledHash(null);
  const cancelled = cancelledHash === hash;
  const query = useQuery({
    ...feedQueryOptions(useConnection(), request),
    placeholderData: keepPreviousData,
    enabled: !cancelled,
    refetchInterval: followsLive(request) ? BLOCK_SECONDS * 1000 : false,
    refetchIntervalInBackground: false,
  });
  const download = useChartDownload(queryKey);

  // The series lives as long as this feed; a new key only changes what it shows.
  useEffect(() => {
    if (!model) return;
    return () => model.removeSeries(id);
  }, [model, id]);

  const { label, kind, colourIndex } = spec;
  useEffect(() => {
    if (!model) return;
    if (kind === "candles") model.setCandleSeries(id, { label });
    else model.setSeries(id, { label, kind, colourIndex });
  }, [model, id, label, kind, colourIndex]);

  const [shown, setShown] = useState<FeedShown | null>(null);
  const data = query.data;
  const placeholder = query.isPlaceholderData;
  const source = labelOf(queryKey);
  useEffect(() => {
    if (!model || data === undefined || placeholder) return;
    // A response of the other kind is the previous view's, on its way out: nothing to draw of it.
    let change: PointsChange = "unchanged";
    if (kind === "candles") {
      if (isCandles(data)) change = model.setCandles(id, data, source);
    } else if (isCandles(data)) change = model.setCloses(id, data, source);
    else change = model.setPoints(id, data, source);
    if (change === "unchanged") return;
    setShown((before) => ({
      points: data.times.length,
      change,
      appends: change === "appended" ? (before?.appends ?? 0) + 1 : 0,
    }));
  }, [model, id, data, placeholder, source, kind]);

  const loading = query.fetchStatus === "fetching" && (data === undefined || placeholder);
  const { cancel: stop } = download;
  return {
    query,
    request,
    queryKey,
    loading,
    progress: download.progress,
    cancelled,
    cancel: () => {
      setCancelledHash(hash);
      stop();
    },
    reload: () => {
      setCancelledHash(null);
      void query.refetch();
    },
    shown,
  };
}
