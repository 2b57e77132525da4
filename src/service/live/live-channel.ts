// Where the ingest's live events go and where each API process's hub takes them from: in one process a
// MemoryChannel; across replicas the same interface over Redis Streams. The channel keeps what a client
// that reconnects must be given again: every trade batch and block close of the last REPLAY_MS (never
// merged), and the newest price and forming candle of each key (merged).
import { compareEventIds, type MadeEvent, parseEventId } from "./live-event.ts";
import type { SubjectsRelay } from "./subjects-relay.ts";

/** How long trades and block closes are kept for a client that reconnects with Last-Event-ID. */
export const REPLAY_MS = 15 * 60_000;
/** Bytes of kept events at most (their JSON): beyond it the oldest go, and an older resume must reload. */
export const REPLAY_MAX_BYTES = 64 * 2 ** 20;

/** What a resume from an event id is given: the missed events in order, or `reload` when they are gone. */
export type Replay = { events: MadeEvent[] } | { reload: string };

export interface LiveChannel {
  publish(event: MadeEvent): void;
  /** Every event published from now on, in order; returns a function that stops following. */
  follow(listener: (event: MadeEvent) => void): () => void;
  /**
   * The events after `lastId`, in id order: the kept trades and block closes through the newest one this
   * process's followers have been given (the later ones reach them after), and the newest merged event of
   * each key made after it. `reload` when events after it may have been dropped, or it is no id given yet.
   * Asynchronous where they are kept elsewhere (Redis).
   */
  since(lastId: string): Replay | Promise<Replay>;
  /** The newest merged event of each key (prices, forming candles): what a new stream starts from. */
  newest(): MadeEvent[];
  /**
   * Across processes (Redis), how a change of a stream's subjects reaches the process that holds the
   * stream; absent in one process, which holds every stream.
   */
  readonly relay?: SubjectsRelay;
}

/**
 * The newest merged event of each key (prices, forming candles), as every channel keeps them: a block close
 * makes the forming candles of its block history.
 */
export class NewestEvents {
  private readonly byKey = new Map<string, MadeEvent>();

  take(event: MadeEvent): void {
    if (event.mergeKey !== null) this.byKey.set(event.mergeKey, event);
    else if (event.name === "block") {
      for (const [key, kept] of this.byKey) {
        if (kept.name === "candle" && kept.data.candle.start < event.data.end) this.byKey.delete(key);
      }
    }
  }

  all(): MadeEvent[] {
    return [...this.byKey.values()];
  }

  /**
   * A resume's replay: the kept events after `lastId` with the newest merged ones after it, in id order,
   * so a client's Last-Event-ID never steps back and a later resume repeats nothing.
   */
  replay(kept: MadeEvent[], lastId: string): Replay {
    const events = [...kept];
    for (const event of this.byKey.values()) {
      if (compareEventIds(event.data.id, lastId) > 0) events.push(event);
    }
    events.sort((a, b) => compareEventIds(a.data.id, b.data.id));
    return { events };
  }
}

interface Kept {
  event: MadeEvent;
  bytes: number;
  ms: number;
}

/** The channel of one process (ROLE=all): the ingest publishes, the hub follows. */
export class MemoryChannel implements LiveChannel {
  private readonly listeners = new Set<(event: MadeEvent) => void>();
  /** Unmerged events, oldest first, from `head` on (a queue without shifting). */
  private kept: Kept[] = [];
  private head = 0;
  private keptBytes = 0;
  /** The id of the newest event dropped from `kept`: a resume from before it must reload. */
  private droppedThrough: string | null = null;
  /** The first id published here: a resume from before it (another process's, an older run's) reloads. */
  private firstId: string | null = null;
  /** The newest id published here: a resume from beyond it (a made-up id) reloads. */
  private newestId: string | null = null;
  private readonly merged = new NewestEvents();

  constructor(
    private readonly now: () => number = Date.now,
    private readonly limits = { replayMs: REPLAY_MS, maxBytes: REPLAY_MAX_BYTES },
  ) {}

  publish(event: MadeEvent): void {
    this.firstId ??= event.data.id;
    this.newestId = event.data.id;
    if (event.mergeKey === null) {
      const bytes = JSON.stringify(event.data).length;
      this.kept.push({ event, bytes, ms: this.now() });
      this.keptBytes += bytes;
      this.trim();
    }
    this.merged.take(event);
    for (const listener of this.listeners) listener(event);
  }

  follow(listener: (event: MadeEvent) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  since(lastId: string): Replay {
    if (parseEventId(lastId) === null)
      return { reload: `Last-Event-ID '${lastId}' is not an id of this stream` };
    if (this.newestId === null || compareEventIds(lastId, this.newestId) > 0)
      return { reload: `Last-Event-ID '${lastId}' is not an id of this stream` };
    const before = this.droppedThrough ?? this.firstId;
    if (before !== null && compareEventIds(lastId, before) < 0) {
      return {
        reload: `events after ${lastId} are no longer kept (${this.limits.replayMs / 60_000} minutes at most)`,
      };
    }
    const events: MadeEvent[] = [];
    for (let i = this.head; i < this.kept.length; i++) {
      const { event } = this.kept[i] as Kept;
      if (compareEventIds(event.data.id, lastId) > 0) events.push(event);
    }
    return this.merged.replay(events, lastId);
  }

  newest(): MadeEvent[] {
    return this.merged.all();
  }

  /** Drops what is older than the replay's time or beyond its bytes. */
  private trim(): void {
    const oldest = this.now() - this.limits.replayMs;
    while (this.head < this.kept.length) {
      const first = this.kept[this.head] as Kept;
      if (first.ms >= oldest && this.keptBytes <= this.limits.maxBytes) break;
      this.keptBytes -= first.bytes;
      this.droppedThrough = first.event.data.id;
      this.head++;
    }
    // Compacted once half of it is dropped: amortized O(1) per event.
    if (this.head > 1024 && this.head * 2 > this.kept.length) {
      this.kept = this.kept.slice(this.head);
      this.head = 0;
    }
  }
}
