// Cache invalidation across replicas through Redis pub/sub, one JSON message each. Pub/sub keeps nothing for
// a subscriber that is away, so a reconnected subscriber's listeners get a resync. The sender's own
// listeners hear at once, from announce(), and its echo from Redis is skipped.
import { randomUUID } from "node:crypto";
import { Redis } from "ioredis";
import {
  type Invalidation,
  type InvalidationChannel,
  type InvalidationListener,
  InvalidationListeners,
  InvalidationSchema,
} from "./invalidations.ts";

/** The Redis channel: its older name is kept, since replicas of every version and Redis ACLs name it. */
export const INVALIDATION_CHANNEL = "market-news";

interface Envelope {
  /** The sending channel, so it can skip its own echo. */
  from: string;
  /** The invalidation, under the wire's older field name (replicas of every version read it). */
  news: Invalidation;
}

/** Reconnect backing off to once a second; a resync covers the gap. */
const retryStrategy = (times: number) => Math.min(times * 100, 1000);

function reasonOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

export class RedisInvalidations implements InvalidationChannel {
  private readonly id = randomUUID();
  private readonly listeners: InvalidationListeners;
  private closed = false;
  /** Set once listening: from then on, every listening again after a drop starts with a resync. */
  private listened = false;
  /** The latest subscribing under way (open() waits for the first, so nothing goes by unheard). */
  private listening: Promise<void> = Promise.resolve();

  private constructor(
    private readonly publisher: Redis,
    private readonly subscriber: Redis,
    private readonly log: (line: string) => void,
  ) {
    this.listeners = new InvalidationListeners(log);
    subscriber.on("message", (channel: string, text: string) => {
      if (channel === INVALIDATION_CHANNEL) this.heard(text);
    });
    subscriber.on("ready", () => {
      this.listening = this.listen();
    });
  }

  /**
   * Connects both sides. Redis down at start is no failure: the channel listens once Redis responds, and
   * its listeners then get a resync.
   */
  static async open(
    redisUrl: string,
    options: { log?: (line: string) => void; instrument?: (redis: Redis) => Redis } = {},
  ): Promise<RedisInvalidations> {
    const instrument = options.instrument ?? ((redis: Redis) => redis);
    const common = { lazyConnect: true, connectTimeout: 1000, retryStrategy };
    // Announcing fails at once while Redis is away rather than queueing invalidations that would come late.
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
    const channel = new RedisInvalidations(
      publisher,
      subscriber,
      options.log ?? ((line) => console.error(line)),
    );
    await Promise.all([
      publisher.connect().catch(() => {}),
      subscriber
        .connect()
        .catch((error) => channel.log(`invalidation: Redis unreachable (${reasonOf(error)})`)),
    ]);
    await channel.listening;
    return channel;
  }

  async announce(invalidation: Invalidation): Promise<void> {
    if (this.closed) throw new Error("invalidation: the channel is closed");
    this.listeners.deliver(invalidation);
    const envelope: Envelope = { from: this.id, news: invalidation };
    await this.publisher.publish(INVALIDATION_CHANNEL, JSON.stringify(envelope));
  }

  subscribe(listener: InvalidationListener): () => void {
    return this.listeners.add(listener);
  }

  async ping(): Promise<true | string> {
    if (this.closed) return "the invalidation channel is closed";
    if (this.subscriber.status !== "ready") return "not listening to cache invalidations: Redis unreachable";
    try {
      await this.publisher.ping();
      return true;
    } catch (error) {
      return `cannot announce cache invalidations: ${reasonOf(error)}`;
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
      await this.subscriber.subscribe(INVALIDATION_CHANNEL);
    } catch (error) {
      // The connection dropped again before the subscription took: its next 'ready' tries again.
      if (!this.closed) this.log(`invalidation: could not subscribe (${reasonOf(error)})`);
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
      this.log(`invalidation: a message that is not JSON was ignored (${text.length} bytes)`);
      return;
    }
    if (envelope.from === this.id) return;
    const parsed = InvalidationSchema.safeParse(envelope.news);
    if (!parsed.success) {
      this.log(`invalidation: a message that is not market news was ignored (${text.slice(0, 100)})`);
      return;
    }
    this.listeners.deliver(parsed.data);
  }
}

async function quit(client: Redis): Promise<void> {
  if (client.status === "ready") await client.quit().catch(() => {});
  client.disconnect();
}
