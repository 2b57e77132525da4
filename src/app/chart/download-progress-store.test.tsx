// @vitest-environment jsdom
// The progress store and its hooks: a component shows a download's progress as it changes and nothing
// once it ended; cancel aborts the query's request.
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act } from "react";
import { createRoot, type Root } from "react-dom/client";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { ChartRequest } from "../../interface/chart-window.ts";
import { queryKeys } from "../queries/query-keys.ts";
import {
  DownloadProgressStore,
  describeProgress,
  downloadProgress,
  formatBytes,
  useDownloadProgress,
} from "./download-progress-store.ts";
import { type ChartDownload, useChartDownload } from "./use-chart-download.ts";

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const KEY: ChartRequest = {
  filter: "MA120",
  exchange: null,
  symbol: "BTC",
  scale: "raw",
  starttime: null,
  endtime: null,
};

let container: HTMLDivElement;
let root: Root;
beforeEach(() => {
  container = document.createElement("div");
  document.body.append(container);
  root = createRoot(container);
});
afterEach(() => {
  act(() => root.unmount());
  container.remove();
});

describe("download progress", () => {
  it("reads as a person would say it", () => {
    expect(formatBytes(950)).toBe("950 B");
    expect(formatBytes(1_234_567)).toBe("1.2 MB");
    expect(describeProgress({ received: 1_200_000, total: 3_400_000 })).toBe("1.2 MB of 3.4 MB");
    expect(describeProgress({ received: 1_200_000, total: null })).toBe("1.2 MB so far");
  });

  it("shows a query's progress while it downloads, and nothing once it ended", () => {
    const store = new DownloadProgressStore();
    const queryKey = queryKeys.chartPoints(KEY);
    function Progress() {
      const progress = useDownloadProgress(queryKeys.chartPoints({ ...KEY }), store);
      return <p>{progress === null ? "idle" : describeProgress(progress)}</p>;
    }
    act(() => root.render(<Progress />));
    expect(container.textContent).toBe("idle");
    act(() => store.set(queryKey, 0, 3_400_000));
    expect(container.textContent).toBe("0 B of 3.4 MB");
    act(() => store.set(queryKey, 1_200_000, 3_400_000));
    expect(container.textContent).toBe("1.2 MB of 3.4 MB");
    act(() => store.set(queryKeys.chartPoints({ ...KEY, symbol: "ETH" }), 5, null));
    expect(container.textContent).toBe("1.2 MB of 3.4 MB");
    act(() => store.clear(queryKey));
    expect(container.textContent).toBe("idle");
  });

  it("useChartDownload gives the page's progress and a cancel that aborts the request", async () => {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const queryKey = queryKeys.chartPoints(KEY);
    let aborted: unknown = null;
    const fetching = client.fetchQuery({
      queryKey,
      queryFn: ({ signal }) =>
        new Promise<never>((_resolve, reject) => {
          signal.addEventListener("abort", () => {
            aborted = signal.reason;
            reject(signal.reason);
          });
        }),
    });
    const probe: { download: ChartDownload | null } = { download: null };
    function Probe() {
      probe.download = useChartDownload(queryKeys.chartPoints(KEY));
      return null;
    }
    act(() =>
      root.render(
        <QueryClientProvider client={client}>
          <Probe />
        </QueryClientProvider>,
      ),
    );
    act(() => downloadProgress.set(queryKey, 10, null));
    expect(probe.download?.progress).toEqual({ received: 10, total: null });
    const outcome = fetching.catch((error: unknown) => error);
    await act(async () => probe.download?.cancel());
    expect(await outcome).toBeInstanceOf(Error);
    expect(aborted).not.toBeNull();
    act(() => downloadProgress.clear(queryKey));
    expect(probe.download?.progress).toBeNull();
  });
});
