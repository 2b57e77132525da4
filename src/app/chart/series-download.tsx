// A series' download as the chart page shows it: how far it has come, with a Cancel button, since a large
// series can take a while; after a cancel, the chart keeps what it showed.
import { describeProgress } from "./download-progress-store.ts";
import type { SeriesFeed } from "./use-series-feed.ts";

export function SeriesDownload({ feed, label }: { feed: SeriesFeed; label: string }) {
  const { progress, loading, cancelled } = feed;
  if (cancelled) {
    return (
      <div className="chart-download" role="status" aria-label={`${label} download`}>
        <span>{label}: Cancelled — choose a range or press Reload</span>
        <button type="button" className="button" onClick={feed.reload}>
          Reload
        </button>
      </div>
    );
  }
  if (!loading && progress === null) return null;
  const text = progress === null ? "waiting for the answer…" : `downloading ${describeProgress(progress)}`;
  return (
    <div className="chart-download" role="status" aria-label={`${label} download`}>
      <span>
        {label}: {text}
      </span>
      {progress !== null && progress.total !== null && progress.total > 0 ? (
        <progress
          className="chart-download__bar"
          value={Math.min(progress.received, progress.total)}
          max={progress.total}
          aria-label={`${label} downloaded`}
        />
      ) : null}
      <button type="button" className="button" onClick={feed.cancel} aria-label={`Cancel ${label}`}>
        Cancel
      </button>
    </div>
  );
}
