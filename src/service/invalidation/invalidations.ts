// Cache invalidation: when the ingest stores something, every replica drops the responses it cached, so new
// data is served everywhere at once rather than after a timeout. In-process here; across replicas through
// Redis (redis-invalidations.ts).
import { z } from "zod";

export const InvalidationSchema = z.discriminatedUnion("kind", [
  /** A block was stored; `lastBlockTime` is the newest stored block's end, in seconds. */
  z.object({ kind: z.literal("block"), lastBlockTime: z.number() }),
  /** Interest-rate fixings were stored. */
  z.object({ kind: z.literal("rates") }),
  /** A circulating supply was posted. */
  z.object({ kind: z.literal("supply"), symbol: z.string() }),
  /** Older history was filled in behind the live market. */
  z.object({ kind: z.literal("history") }),
  /** The market's coins or exchanges changed. */
  z.object({ kind: z.literal("market") }),
  /** The operator changed client keys or address rules: every process reads them again. */
  z.object({ kind: z.literal("access") }),
  /** Invalidations may have been missed (the channel was down): drop everything cached. */
  z.object({ kind: z.literal("resync") }),
]);
export type Invalidation = z.infer<typeof InvalidationSchema>;

export type InvalidationListener = (invalidation: Invalidation) => void;

export interface InvalidationChannel {
  /**
   * Tells every replica, this one's listeners included (once). Rejects when the others could not be told;
   * they get a resync when their channel comes back.
   */
  announce(invalidation: Invalidation): Promise<void>;
  /** Hears every invalidation from now on, in the order announced; returns the unsubscribe. */
  subscribe(listener: InvalidationListener): () => void;
  /** Whether invalidations reach the other replicas and theirs reach this one (for /readyz): true, or why not. */
  ping(): Promise<true | string>;
  /** Lets go of connections; nothing is heard after it. */
  close(): Promise<void>;
}

/**
 * Announces through `channel`, never rejecting: what was stored stands even if the others could not be
 * told; the logged line says how they catch up (`catchUp`).
 */
export function announcer(
  channel: InvalidationChannel,
  log: (line: string) => void,
  catchUp: string,
): (item: Invalidation) => Promise<void> {
  return (item) =>
    channel
      .announce(item)
      .catch((error: unknown) =>
        log(
          `invalidation: ${item.kind} did not reach the other processes (${error instanceof Error ? error.message : error}); ${catchUp}`,
        ),
      );
}

/** The listeners of one process: a throwing listener is logged and the others are still told. */
export class InvalidationListeners {
  private readonly listeners = new Set<InvalidationListener>();

  constructor(private readonly log: (line: string) => void = (line) => console.error(line)) {}

  add(listener: InvalidationListener): () => void {
    // A wrapper per subscription: a function subscribed twice hears twice, and each unsubscribe removes its own.
    const own: InvalidationListener = (invalidation) => listener(invalidation);
    this.listeners.add(own);
    return () => this.listeners.delete(own);
  }

  deliver(invalidation: Invalidation): void {
    for (const listener of this.listeners) {
      try {
        listener(invalidation);
      } catch (error) {
        this.log(
          `market news: a listener of ${invalidation.kind} failed: ${error instanceof Error ? error.message : error}`,
        );
      }
    }
  }

  clear(): void {
    this.listeners.clear();
  }
}

/** One process: invalidations go straight to its listeners. */
export class InProcessInvalidations implements InvalidationChannel {
  private readonly listeners: InvalidationListeners;

  constructor(log?: (line: string) => void) {
    this.listeners = new InvalidationListeners(log);
  }

  async announce(invalidation: Invalidation): Promise<void> {
    this.listeners.deliver(invalidation);
  }

  subscribe(listener: InvalidationListener): () => void {
    return this.listeners.add(listener);
  }

  async ping(): Promise<true> {
    return true;
  }

  async close(): Promise<void> {
    this.listeners.clear();
  }
}
