// One series of the chart page: its chart-points query and the effects that put its points into the
// ChartModel. The points go from the query cache straight into the model (never React state); while a new
// key loads, the previous answer stays in the series (keepPreviousData), and a range that ends at now is
// refetched once a block, in the background lane, and appended with series.update.
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useEffect } from "react";
import { BLOCK_SECONDS } from "../../../interface/vocabulary.ts";
import { useConnection } from "../../api/connection-context.tsx";
import type { ChartModel, SeriesSpec } from "../../charts/chart-model.ts";
import { chartPointsQueryOptions } from "../../queries/chart-points.ts";
import { type ChartPointsKey, labelOf, queryKeys } from "../../queries/query-keys.ts";

export function useSeriesFeed(model: ChartModel | null, id: string, spec: SeriesSpec, key: ChartPointsKey) {
  const live = key.endtime === null;
  const query = useQuery({
    ...chartPointsQueryOptions(useConnection(), key),
    placeholderData: keepPreviousData,
    refetchInterval: live ? BLOCK_SECONDS * 1000 : false,
    refetchIntervalInBackground: false,
  });

  // The series lives as long as this feed; a new key only changes its points.
  useEffect(() => {
    if (!model) return;
    return () => model.removeSeries(id);
  }, [model, id]);

  const { label, kind, colourIndex } = spec;
  useEffect(() => {
    model?.setSeries(id, { label, kind, colourIndex });
  }, [model, id, label, kind, colourIndex]);

  const data = query.data;
  const placeholder = query.isPlaceholderData;
  const source = labelOf(queryKeys.chartPoints(key));
  useEffect(() => {
    if (!model || data === undefined || placeholder) return;
    model.setPoints(id, data, source);
  }, [model, id, data, placeholder, source]);

  return query;
}
