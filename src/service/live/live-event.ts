// The events the ingest makes of the market as it trades (live-market.ts), before any client's subjects
// are applied: one per symbol's price, per (symbol, exchange) trades batch, per series' forming block
// candle, and one per stored block with every series. The hub (API side) picks each stream's out of them.
import type { LiveEvent, LiveEventName } from "../../interface/live-events.ts";

/** What the ingest makes: every kind a stream carries but its own (`open`, `reload`). */
export type MadeEventName = Exclude<LiveEventName, "open" | "reload">;

/** One event the ingest made; a union over the names, so `event.name` narrows `event.data`. */
export type MadeEvent<N extends MadeEventName = MadeEventName> = {
  [K in N]: {
    name: K;
    /**
     * The event's data, its `id` included. Ids are one sequence, "<ms>-<n>" as Redis Streams number
     * entries: the wall-clock millisecond the ingest made it, then a counter within that millisecond;
     * compared by (ms, n) with compareEventIds. They stay in order across an ingest's restart while its
     * clock moves on.
     */
    data: LiveEvent<K>;
    /**
     * Events of one key may be merged to the newest for a reader that falls behind (prices, forming
     * candles); null for those never merged (trades, block closes).
     */
    mergeKey: string | null;
  };
}[N];

/** Makes the ids of one producer: strictly increasing, also when the clock stands still or steps back. */
export class EventIds {
  private lastMs = 0;
  private n = 0;

  constructor(private readonly now: () => number = Date.now) {}

  next(): string {
    const ms = Math.max(this.now(), this.lastMs);
    this.n = ms === this.lastMs ? this.n + 1 : 0;
    this.lastMs = ms;
    return `${ms}-${this.n}`;
  }
}

/** Parses "<ms>-<n>"; null for anything else (a Last-Event-ID a client made up). */
export function parseEventId(id: string): [number, number] | null {
  const match = /^(\d{1,15})-(\d{1,9})$/.exec(id);
  return match ? [Number(match[1]), Number(match[2])] : null;
}

/** Negative when `a` comes before `b`. Both must parse. */
export function compareEventIds(a: string, b: string): number {
  const [am, an] = parseEventId(a) ?? [0, 0];
  const [bm, bn] = parseEventId(b) ?? [0, 0];
  return am !== bm ? am - bm : an - bn;
}
