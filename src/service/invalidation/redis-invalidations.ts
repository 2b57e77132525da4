// Market news across replicas through Redis publish/subscribe: one channel, one JSON message per news.
// Pub/sub keeps nothing for a subscriber that is away, so when the subscriber's connection comes back its
// listeners hear a resync (news may have been missed) once it listens again, then news flows as before.
// The sender hears its own news at once, from announce(), and skips its echo from Redis.
import { randomUUID } from "node:crypto";
import { Redis } from "ioredis";
import {
  type MarketNews,
  MarketNewsSchema,
  type NewsChannel,
  type NewsListener,
  NewsListeners,
} from "./market-news.ts";

export const NEWS_CHANNEL = "market-news";

interface Envelope {
  /** The sending channel, so it can skip its own echo. */
  from: string;
  news: MarketNews;
}

/** Reconnect backing off to once a second: news waits for the subscriber, and a resync covers the gap. */
const retryStrategy = (times: number) => Math.min(times * 100, 1000);

function reasonOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

export class RedisNews implements NewsChannel {
  private readonly id = randomUUID();
  private readonly listeners: NewsListeners;
  private closed = false;
  /** Set once listening: from then on, every listening again after a drop starts with a resync. */
  private listened = false;
  /** The latest subscribing under way (open() waits for the first, so no news goes by unheard). */
  private listening: Promise<void> = Promise.resolve();

  private constructor(
    private readonly publisher: Redis,
    private readonly subscriber: Redis,
    private readonly log: (line: string) => void,
  ) {
    this.listeners = new NewsListeners(log);
    subscriber.on("message", (channel: string, text: string) => {
      if (channel === NEWS_CHANNEL) this.heard(text);
    });
    subscriber.on("ready", () => {
      this.listening = this.listen();
    });
  }

  /**
   * Connects both sides. Redis down at start is no failure: the channel listens once it answers, and its
   * listeners then hear a resync, since news may have gone by in between.
   */
  static async open(
    redisUrl: string,
    options: { log?: (line: string) => void; instrument?: (redis: Redis) => Redis } = {},
  ): Promise<RedisNews> {
    const instrument = options.instrument ?? ((redis: Redis) => redis);
    const common = { lazyConnect: true, connectTimeout: 1000, retryStrategy };
    // Announcing fails at once while Redis is away rather than queueing news that would come late.
    const publisher = instrument(
      new Redis(redisUrl, {
        ...common,
        enableOfflineQueue: false,
        commandTimeout: 1000,
        maxRetriesPerRequest: 1,
      }),
    );
    // Resubscribing is done by listen(), which knows when a resync is due.
    const subscriber = new Redis(redisUrl, { ...common, autoResubscribe: false });
    // The state is learnt from commands and 'ready'; the clients' error events would only repeat it.
    publisher.on("error", () => {});
    subscriber.on("error", () => {});
    const news = new RedisNews(publisher, subscriber, options.log ?? ((line) => console.error(line)));
    await Promise.all([
      publisher.connect().catch(() => {}),
      subscriber.connect().catch((error) => news.log(`market news: Redis unreachable (${reasonOf(error)})`)),
    ]);
    await news.listening;
    return news;
  }

  async announce(news: MarketNews): Promise<void> {
    if (this.closed) throw new Error("market news: the channel is closed");
    this.listeners.deliver(news);
    const envelope: Envelope = { from: this.id, news };
    await this.publisher.publish(NEWS_CHANNEL, JSON.stringify(envelope));
  }

  subscribe(listener: NewsListener): () => void {
    return this.listeners.add(listener);
  }

  async ping(): Promise<true | string> {
    if (this.closed) return "the market news channel is closed";
    if (this.subscriber.status !== "ready") return "not listening to market news: Redis unreachable";
    try {
      await this.publisher.ping();
      return true;
    } catch (error) {
      return `cannot announce market news: ${reasonOf(error)}`;
    }
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    this.listeners.clear();
    await Promise.all([this.publisher, this.subscriber].map((client) => quit(client)));
  }

  /** Subscribes on every (re)connection; a listening again after the first begins with a resync. */
  private async listen(): Promise<void> {
    try {
      await this.subscriber.subscribe(NEWS_CHANNEL);
    } catch (error) {
      // The connection dropped again before the subscription took: its next 'ready' tries again.
      if (!this.closed) this.log(`market news: could not subscribe (${reasonOf(error)})`);
      return;
    }
    if (this.closed) return;
    if (this.listened) this.listeners.deliver({ kind: "resync" });
    this.listened = true;
  }

  private heard(text: string): void {
    let envelope: Partial<Envelope>;
    try {
      envelope = JSON.parse(text) as Partial<Envelope>;
    } catch {
      this.log(`market news: a message that is not JSON was ignored (${text.length} bytes)`);
      return;
    }
    if (envelope.from === this.id) return;
    const parsed = MarketNewsSchema.safeParse(envelope.news);
    if (!parsed.success) {
      this.log(`market news: a message that is not market news was ignored (${text.slice(0, 100)})`);
      return;
    }
    this.listeners.deliver(parsed.data);
  }
}

async function quit(client: Redis): Promise<void> {
  if (client.status === "ready") await client.quit().catch(() => {});
  client.disconnect();
}
