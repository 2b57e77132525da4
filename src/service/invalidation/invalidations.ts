// The news that the ingest stored something: every replica that hears it drops the answers it cached, so
// a new block, fixing or supply is served everywhere at once, not after a timeout. In one process the news
// goes from the writer to the listeners directly; across replicas through Redis (redis-news.ts).
import { z } from "zod";

export const MarketNewsSchema = z.discriminatedUnion("kind", [
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
  /** News may have been missed (the channel was down): drop everything cached. */
  z.object({ kind: z.literal("resync") }),
]);
export type MarketNews = z.infer<typeof MarketNewsSchema>;

export type NewsListener = (news: MarketNews) => void;

export interface NewsChannel {
  /**
   * Tells every replica, this one's listeners included (once). Rejects when the news could not be sent to
   * the others; they learn of it as a resync when their channel comes back.
   */
  announce(news: MarketNews): Promise<void>;
  /** Hears every news from now on, in the order announced; returns the unsubscribe. */
  subscribe(listener: NewsListener): () => void;
  /** Whether news reaches the other replicas and theirs reach this one (for /readyz): true, or why not. */
  ping(): Promise<true | string>;
  /** Lets go of connections; no news is heard after it. */
  close(): Promise<void>;
}

/**
 * Announces through `news`, never rejecting: news the channel could not take is not the failure of what
 * was stored (it stands); the line logged says how the others catch up (`catchUp`).
 */
export function announcer(
  news: NewsChannel,
  log: (line: string) => void,
  catchUp: string,
): (item: MarketNews) => Promise<void> {
  return (item) =>
    news
      .announce(item)
      .catch((error: unknown) =>
        log(
          `news: ${item.kind} did not reach the other processes (${error instanceof Error ? error.message : error}); ${catchUp}`,
        ),
      );
}

/** The listeners of one process: a throwing listener is logged and the others still hear the news. */
export class NewsListeners {
  private readonly listeners = new Set<NewsListener>();

  constructor(private readonly log: (line: string) => void = (line) => console.error(line)) {}

  add(listener: NewsListener): () => void {
    // A wrapper per subscription: the same function subscribed twice hears the news twice, and each
    // unsubscribe removes only its own.
    const own: NewsListener = (news) => listener(news);
    this.listeners.add(own);
    return () => this.listeners.delete(own);
  }

  deliver(news: MarketNews): void {
    for (const listener of this.listeners) {
      try {
        listener(news);
      } catch (error) {
        this.log(
          `market news: a listener of ${news.kind} failed: ${error instanceof Error ? error.message : error}`,
        );
      }
    }
  }

  clear(): void {
    this.listeners.clear();
  }
}

/** One process: the news goes straight to its listeners. */
export class InProcessNews implements NewsChannel {
  private readonly listeners: NewsListeners;

  constructor(log?: (line: string) => void) {
    this.listeners = new NewsListeners(log);
  }

  async announce(news: MarketNews): Promise<void> {
    this.listeners.deliver(news);
  }

  subscribe(listener: NewsListener): () => void {
    return this.listeners.add(listener);
  }

  async ping(): Promise<true> {
    return true;
  }

  async close(): Promise<void> {
    this.listeners.clear();
  }
}
