// The generated histories as a rate source: every fixing published by the market clock's now that the rate
// cache lacks, handed over at once, looked for every 10 minutes of market time.
import { allRateHistories } from "./history.ts";
import type { RateSink, RateSource, RatesSourceStatus } from "./rate-source.ts";

/** How often (market time) the source looks for newly published fixings. */
const REFRESH_EVERY_MS = 10 * 60 * 1000;

export class HistorySource implements RateSource {
  readonly name = "history";
  private nextRefreshMs = Number.NEGATIVE_INFINITY;

  refresh(nowMs: number, sink: RateSink): void {
    if (nowMs < this.nextRefreshMs) return;
    this.nextRefreshMs = nowMs + REFRESH_EVERY_MS;
    const fresh = allRateHistories(new Date(nowMs)).filter((f) => {
      const last = sink.newest(f.symbol);
      return !last || f.effectiveDate > last.effectiveDate;
    });
    if (fresh.length > 0) sink.store(fresh);
  }

  status(): RatesSourceStatus {
    return { source: "history" };
  }

  settled(): Promise<void> {
    return Promise.resolve();
  }

  close(): void {}
}
