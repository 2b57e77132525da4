// Which older pages the chart page asks for as the reader scrolls back, per series: pure bookkeeping, so
// that a page is asked at most once, pages follow each other without a gap or an overlap, and a series at
// its history's start asks no more. The compared series follow the main one to the same time.
import {
  bucketSeconds,
  type ChartScale,
  DEFAULT_WINDOW_SECONDS,
  MAX_CHART_POINTS,
} from "../../interface/chart-window.ts";

/** An older page: the seconds [starttime, endtime] asked, both inclusive, as the service reads them. */
export interface PageWindow {
  starttime: number;
  endtime: number;
}

/** Buckets a page holds at the scales that have no default window (1d, 1w): 1,000 days or weeks. */
export const PAGE_BUCKETS_WITHOUT_WINDOW = 1_000;

/**
 * A page's length at a scale: the service's default window there, else 1,000 buckets. A page costs a
 * request, so it reaches well back, yet stays a short download and one short drawing task.
 */
export function pageSeconds(scale: ChartScale): number {
  const step = bucketSeconds(scale);
  const window = DEFAULT_WINDOW_SECONDS[scale] ?? PAGE_BUCKETS_WITHOUT_WINDOW * step;
  return Math.min(window, MAX_CHART_POINTS * step);
}

interface SeriesHistory {
  /** Everything from this time on has been asked (and is held); null: all history is held. */
  askedFrom: number | null;
  /** A page came back empty: there is nothing older. */
  atStart: boolean;
  asking: PageWindow | null;
}

export class HistoryPages {
  private readonly series = new Map<string, SeriesHistory>();
  /** How far back the chart wants to reach (set by the main series' pages); null: no further than held. */
  private wantFrom: number | null = null;
  private main = "";

  constructor(private readonly scale: ChartScale) {}

  /**
   * Adds each series of `keys` whose request asked from `starttime` (null: all its history), and forgets
   * every series not in `keys`. `main` is the series whose pages the reader's scrolling asks for.
   */
  track(keys: Map<string, number | null>, main: string): void {
    this.main = main;
    for (const key of [...this.series.keys()]) if (!keys.has(key)) this.series.delete(key);
    for (const [key, starttime] of keys) {
      if (!this.series.has(key))
        this.series.set(key, { askedFrom: starttime, atStart: starttime === null, asking: null });
    }
  }

  /**
   * The reader has scrolled back past the main series' oldest bar: the chart wants its next page, unless
   * one is on its way or its history has begun. True when that asks for more.
   */
  scrolledBack(): boolean {
    const main = this.series.get(this.main);
    if (!main || main.atStart || main.asking !== null || main.askedFrom === null) return false;
    const from = main.askedFrom - pageSeconds(this.scale);
    if (this.wantFrom !== null && this.wantFrom <= from) return false;
    this.wantFrom = from;
    return true;
  }

  /** The pages to ask now, one per series that holds less than the chart wants and asks nothing yet. */
  due(): { key: string; page: PageWindow }[] {
    const out: { key: string; page: PageWindow }[] = [];
    const want = this.wantFrom;
    if (want === null) return out;
    for (const [key, history] of this.series) {
      const from = history.askedFrom;
      if (history.atStart || history.asking !== null || from === null || from <= want) continue;
      // A series that has fallen further behind (compared since) catches up in one request, up to the cap.
      const starttime = Math.max(want, from - MAX_CHART_POINTS * bucketSeconds(this.scale));
      out.push({ key, page: { starttime, endtime: from - 1 } });
    }
    return out;
  }

  /** The page is on its way. */
  asked(key: string, page: PageWindow): void {
    const history = this.series.get(key);
    if (history) history.asking = page;
  }

  /** The page came with `count` buckets: held from its start on; none means the history's start. */
  received(key: string, page: PageWindow, count: number): void {
    const history = this.series.get(key);
    if (!history || history.asking !== page) return;
    history.asking = null;
    history.askedFrom = page.starttime;
    if (count === 0) history.atStart = true;
  }

  /** The page failed (or was dropped): nothing held of it, asked again when the reader scrolls back. */
  failed(key: string, page: PageWindow): void {
    const history = this.series.get(key);
    if (!history || history.asking !== page) return;
    history.asking = null;
    if (key === this.main) this.wantFrom = history.askedFrom;
  }

  /** Whether any series has a page on its way. */
  get loading(): boolean {
    for (const history of this.series.values()) if (history.asking !== null) return true;
    return false;
  }

  /** Whether the main series has reached its history's start. */
  get atStart(): boolean {
    return this.series.get(this.main)?.atStart ?? false;
  }
}
