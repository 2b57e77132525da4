// What the chart page needs to show a chart download under way and offer to stop it.
import { hashKey, type QueryKey, useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import { type DownloadProgress, useDownloadProgress } from "./download-progress-store.ts";

export interface ChartDownload {
  /** Bytes so far and the total when known, or null when this series is not downloading. */
  progress: DownloadProgress | null;
  /** Stops the download (the request is aborted, not retried); the query goes back to what it had. */
  cancel: () => void;
}

/** The download of the series whose query key is `queryKey` (chart points or candles). */
export function useChartDownload(queryKey: QueryKey): ChartDownload {
  const queryClient = useQueryClient();
  const progress = useDownloadProgress(queryKey);
  const hash = hashKey(queryKey);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the hash stands for the key
  const cancel = useCallback(() => {
    void queryClient.cancelQueries({ queryKey, exact: true });
  }, [queryClient, hash]);
  return { progress, cancel };
}
