// Usage counted per (client, endpoint, minute) as responses are sent, and live streams per (client, minute)
// as they end, added to the store every FLUSH_MS: the review is then one query, whichever replica responded
// and however the request log has rotated.
import type { AccessStore, StreamCount, UsageCount } from "./access-store.ts";

/** How often counts go to the store: what the review may lag behind the responses. */
export const FLUSH_MS = 1_000;

/** Statuses counted as refused: over the limit (429), or from a blocked address (403). */
export function isRefusal(status: number): boolean {
  return status === 429 || status === 403;
}

export class UsageTally {
  /** The counts by minute, then client, then endpoint: no key string is built per request. */
  private counts = new Map<number, Map<string, Map<string, UsageCount>>>();
  /** The streams ended, by minute then client. */
  private streams = new Map<number, Map<string, StreamCount>>();
  private timer: NodeJS.Timeout | null = null;
  private flushing: Promise<void> = Promise.resolve();

  constructor(
    private readonly store: AccessStore,
    private readonly log: (line: string) => void,
  ) {}

  /** Flushes every FLUSH_MS until close. */
  start(): void {
    this.timer ??= setInterval(() => void this.flush(), FLUSH_MS);
    this.timer.unref();
  }

  /** Counts one request responded to. */
  add(client: string, endpoint: string, timeMs: number, status: number, bytes: number): void {
    const count = this.countOf(client, endpoint, Math.floor(timeMs / 60_000) * 60);
    if (isRefusal(status)) count.refused++;
    else {
      count.admitted++;
      if (status >= 400) count.errors++;
    }
    count.bytes += bytes;
  }

  /** Counts one live stream that ended (its request is counted by add, as any other). */
  addStream(client: string, timeMs: number, durationMs: number, events: number, bytes: number): void {
    const ms = Math.round(durationMs);
    const count = this.streamCountOf(client, Math.floor(timeMs / 60_000) * 60);
    count.streams++;
    count.durationMs += ms;
    count.longestMs = Math.max(count.longestMs, ms);
    count.events += events;
    count.bytes += bytes;
  }

  private streamCountOf(client: string, minute: number): StreamCount {
    let clients = this.streams.get(minute);
    if (clients === undefined) {
      clients = new Map();
      this.streams.set(minute, clients);
    }
    let count = clients.get(client);
    if (count === undefined) {
      count = { client, minute, streams: 0, durationMs: 0, longestMs: 0, events: 0, bytes: 0 };
      clients.set(client, count);
    }
    return count;
  }

  /** The count of (client, endpoint, minute), made empty if there is none yet. */
  private countOf(client: string, endpoint: string, minute: number): UsageCount {
    let clients = this.counts.get(minute);
    if (clients === undefined) {
      clients = new Map();
      this.counts.set(minute, clients);
    }
    let endpoints = clients.get(client);
    if (endpoints === undefined) {
      endpoints = new Map();
      clients.set(client, endpoints);
    }
    let count = endpoints.get(endpoint);
    if (count === undefined) {
      count = { client, endpoint, minute, admitted: 0, refused: 0, errors: 0, bytes: 0 };
      endpoints.set(endpoint, count);
    }
    return count;
  }

  /**
   * Adds what was counted since the last flush to the store. Flushes run one after another; counts the
   * store refused are kept and added at the next one (they are lost only if the process stops meanwhile).
   */
  flush(): Promise<void> {
    this.flushing = this.flushing.then(async () => {
      if (this.counts.size === 0 && this.streams.size === 0) return;
      const counts = [...this.counts.values()].flatMap((clients) =>
        [...clients.values()].flatMap((endpoints) => [...endpoints.values()]),
      );
      const streams = [...this.streams.values()].flatMap((clients) => [...clients.values()]);
      this.counts = new Map();
      this.streams = new Map();
      try {
        await this.store.addUsage(counts, streams);
      } catch (error) {
        this.log(
          `usage: ${counts.length + streams.length} counts not stored yet (${error}); retrying at the next flush`,
        );
        for (const count of counts) {
          const since = this.countOf(count.client, count.endpoint, count.minute);
          since.admitted += count.admitted;
          since.refused += count.refused;
          since.errors += count.errors;
          since.bytes += count.bytes;
        }
        for (const count of streams) {
          const since = this.streamCountOf(count.client, count.minute);
          since.streams += count.streams;
          since.durationMs += count.durationMs;
          since.longestMs = Math.max(since.longestMs, count.longestMs);
          since.events += count.events;
          since.bytes += count.bytes;
        }
      }
    });
    return this.flushing;
  }

  /** Stops the timer and stores what is left. */
  async close(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.flush();
  }
}
