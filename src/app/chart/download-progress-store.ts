// How far each chart download has come, per query key, outside React's state, so that a chunk re-renders
// only the components that show it.
import { hashKey, type QueryKey } from "@tanstack/react-query";
import { useCallback, useSyncExternalStore } from "react";

export interface DownloadProgress {
  /** Bytes received so far. */
  received: number;
  /** The response's length (Content-Length), or null when the server did not say. */
  total: number | null;
}

export class DownloadProgressStore {
  private readonly progress = new Map<string, DownloadProgress>();
  private readonly listeners = new Map<string, Set<() => void>>();

  /** The download of the query `queryKey` under way, or null when none is. */
  get(queryKey: QueryKey): DownloadProgress | null {
    return this.progress.get(hashKey(queryKey)) ?? null;
  }

  set(queryKey: QueryKey, received: number, total: number | null): void {
    const hash = hashKey(queryKey);
    this.progress.set(hash, { received, total });
    this.notify(hash);
  }

  /** The download ended (arrived, failed or cancelled). */
  clear(queryKey: QueryKey): void {
    const hash = hashKey(queryKey);
    if (this.progress.delete(hash)) this.notify(hash);
  }

  subscribe(queryKey: QueryKey, listener: () => void): () => void {
    const hash = hashKey(queryKey);
    let set = this.listeners.get(hash);
    if (set === undefined) {
      set = new Set();
      this.listeners.set(hash, set);
    }
    set.add(listener);
    return () => {
      set.delete(listener);
      if (set.size === 0) this.listeners.delete(hash);
    };
  }

  private notify(hash: string): void {
    for (const listener of [...(this.listeners.get(hash) ?? [])]) listener();
  }
}

/** The page's one store; the chart points query module writes to it. */
export const downloadProgress = new DownloadProgressStore();

/** How far the download of the query `queryKey` has come, or null when it is not downloading. */
export function useDownloadProgress(
  queryKey: QueryKey,
  store: DownloadProgressStore = downloadProgress,
): DownloadProgress | null {
  const hash = hashKey(queryKey);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the hash stands for the key
  const subscribe = useCallback((listener: () => void) => store.subscribe(queryKey, listener), [store, hash]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the hash stands for the key
  const get = useCallback(() => store.get(queryKey), [store, hash]);
  return useSyncExternalStore(subscribe, get, get);
}

const UNITS = ["B", "KB", "MB", "GB"] as const;

/** "1.2 MB of 3.4 MB", or "1.2 MB so far" when the length is unknown. */
export function describeProgress({ received, total }: DownloadProgress): string {
  return total === null
    ? `${formatBytes(received)} so far`
    : `${formatBytes(received)} of ${formatBytes(total)}`;
}

/** Bytes in decimal units with one decimal past 1 KB: "950 B", "1.2 MB". */
export function formatBytes(bytes: number): string {
  let value = bytes;
  let unit = 0;
  while (value >= 1000 && unit < UNITS.length - 1) {
    value /= 1000;
    unit++;
  }
  return unit === 0 ? `${value} ${UNITS[0]}` : `${value.toFixed(1)} ${UNITS[unit]}`;
}
