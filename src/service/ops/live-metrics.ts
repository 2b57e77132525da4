// The live streams' figures on /metrics: open streams, and the events sent and merged (a slow reader's
// prices and forming candles merged to the newest) since the process started, read from the hub at each
// scrape.
import { Counter, Gauge, type Registry } from "prom-client";

/** What the metrics read of the streams (StreamHub). */
export interface LiveFigures {
  readonly size: number;
  totals(): { events: number; merged: number; opened: number };
}

export function registerLiveMetrics(registry: Registry, live: LiveFigures): void {
  const registers = [registry];
  new Gauge({
    name: "mdqs_live_streams",
    help: "Live streams open now",
    registers,
    collect() {
      this.set(live.size);
    },
  });
  const counter = (name: string, help: string, read: (t: ReturnType<LiveFigures["totals"]>) => number) =>
    new Counter({
      name,
      help,
      registers,
      collect() {
        this.reset();
        this.inc(read(live.totals()));
      },
    });
  counter("mdqs_live_streams_opened_total", "Live streams opened since the process started", (t) => t.opened);
  counter("mdqs_live_events_sent_total", "Events written to live streams", (t) => t.events);
  counter(
    "mdqs_live_updates_merged_total",
    "Prices and forming candles merged to the newest while a stream's reader was behind",
    (t) => t.merged,
  );
}
