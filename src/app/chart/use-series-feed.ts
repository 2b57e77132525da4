// One series of the chart page: its chart-points query and the effects that put its points into the
// ChartModel. The points go from the query cache straight into the model (never React state); while a new
// key loads, the previous answer stays in the series (keepPreviousData), and a range that ends at now is
// refetched once a block, in the background lane, and appended with series.update. A download can be
// cancelled: the series keeps what it showed, and its key is not fetched again until the person reloads it
// or picks another range.
import { hashKey, keepPreviousData, type UseQueryResult, useQuery } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import type { ChartRequest } from "../../interface/chart-window.ts";
import { BLOCK_SECONDS } from "../../interface/vocabulary.ts";
import type { PointsChange, PointsChartModel, SeriesSpec } from "../charts/points-chart-model.ts";
import type { ChartPoints } from "../decoding/chart-points/point-series.ts";
import { labelOf, queryKeys } from "../queries/query-keys.ts";
import { useConnection } from "../transport/connection-context.tsx";
import type { DownloadProgress } from "./download-progress-store.ts";
import { chartPointsQueryOptions } from "./queries/chart-points.ts";
import { useChartDownload } from "./use-chart-download.ts";

/** How the model took the series' latest answer, and how many points it shows. */
export interface FeedShown {
  /** Points in the series now. */
  points: number;
  /** What the latest answer did to the series. */
  change: PointsChange;
  /** Live answers appended with series.update since the series was last replaced. */
  appends: number;
}

export interface SeriesFeed {
  query: UseQueryResult<ChartPoints>;
  key: ChartRequest;
  /** The key's first answer (or a changed key's) is on its way: the chart still shows the previous one. */
  loading: boolean;
  /** Bytes so far (and the total when known) while the answer downloads; null otherwise. */
  progress: DownloadProgress | null;
  /** The person stopped this key's download; it is not fetched again until `reload`. */
  cancelled: boolean;
  cancel: () => void;
  reload: () => void;
  /** What the chart shows of this series; null before the first answer is in. */
  shown: FeedShown | null;
}

export function useSeriesFeed(
  model: PointsChartModel | null,
  id: string,
  spec: SeriesSpec,
  key: ChartRequest,
): SeriesFeed {
  const live = key.endtime === null;
  const hash = hashKey(queryKeys.chartPoints(key));
  const [cancelledHash, setCancelledHash] = useState<string | null>(null);
  // A cancel holds for the key it stopped; once another key is shown, coming back fetches again.
  if (cancelledHash !== null && cancelledHash !== hash) setCancelledHash(null);
  const cancelled = cancelledHash === hash;
  const query = useQuery({
    ...chartPointsQueryOptions(useConnection(), key),
    placeholderData: keepPreviousData,
    enabled: !cancelled,
    refetchInterval: live ? BLOCK_SECONDS * 1000 : false,
    refetchIntervalInBackground: false,
  });
  const download = useChartDownload(key);

  // The series lives as long as this feed; a new key only changes its points.
  useEffect(() => {
    if (!model) return;
    return () => model.removeSeries(id);
  }, [model, id]);

  const { label, kind, colourIndex } = spec;
  useEffect(() => {
    model?.setSeries(id, { label, kind, colourIndex });
  }, [model, id, label, kind, colourIndex]);

  const [shown, setShown] = useState<FeedShown | null>(null);
  const data = query.data;
  const placeholder = query.isPlaceholderData;
  const source = labelOf(queryKeys.chartPoints(key));
  useEffect(() => {
    if (!model || data === undefined || placeholder) return;
    const change = model.setPoints(id, data, source);
    if (change === "unchanged") return;
    setShown((before) => ({
      points: data.times.length,
      change,
      appends: change === "appended" ? (before?.appends ?? 0) + 1 : 0,
    }));
  }, [model, id, data, placeholder, source]);

  const loading = query.fetchStatus === "fetching" && (data === undefined || placeholder);
  const { cancel: stop } = download;
  return {
    query,
    key,
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
