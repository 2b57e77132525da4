// What the chart page needs to show a chart download under way and offer to stop it.
import { hashKey, useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import type { ChartRequest } from "../../interface/chart-window.ts";
import { queryKeys } from "../queries/query-keys.ts";
import { type DownloadProgress, useDownloadProgress } from "./download-progress-store.ts";

export interface ChartDownload {
  /** Bytes so far and the total when known, or null when this series is not downloading. */
  progress: DownloadProgress | null;
  /** Stops the download (the request is aborted, not retried); the query goes back to what it had. */
  cancel: () => void;
}

export function useChartDownload(key: ChartRequest): ChartDownload {
  const queryClient = useQueryClient();
  const queryKey = queryKeys.chartPoints(key);
  const progress = useDownloadProgress(queryKey);
  const hash = hashKey(queryKey);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the hash stands for the key
  const cancel = useCallback(() => {
    void queryClient.cancelQueries({ queryKey, exact: true });
  }, [queryClient, hash]);
  return { progress, cancel };
}
