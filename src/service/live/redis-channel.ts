// The live events across replicas: the ingest adds each trades batch and block close to a Redis Stream under
// its own id (kept REPLAY_MS), and publishes prices and forming candles (merged to the newest, never
// replayed); every API process reads the stream once (a blocking XREAD on a connection of its own),
// subscribes once, and fans both out. A client whose replica died resumes on another with the same
// Last-Event-ID: the trades and block closes it missed are read back from the stream (XRANGE), the newest
// prices and forming candles from what the process heard. The same subscriber carries the changes of a
// stream's subjects relayed to the process that holds it (subjects-relay.ts).
import { Redis } from "ioredis";
import { type LiveChannel, NewestEvents, REPLAY_MS, type Replay } from "./live-channel.ts";
import { compareEventIds, type MadeEvent, parseEventId } from "./live-event.ts";
import { RedisSubjectsRelay } from "./subjects-relay.ts";

/** The Redis Stream of the trades batches and block closes. */
export const LIVE_STREAM_KEY = "market-live";
/** The channel of the prices and forming candles. */
export const LIVE_NOW_CHANNEL = "market-live-now";
/** Entries the stream keeps at most besides its time (trimmed approximately): a bound on Redis's memory. */
export const KEPT_ENTRIES = 1_000_000;
/** Entries a resume reads at most; beyond, it reloads. */
const MAX_REPLAY = 50_000;

const retryStrategy = (times: number) => Math.min(times * 100, 1000);

export interface RedisChannelOptions {
  log?: (line: string) => void;
  instrument?: (redis: Redis) => Redis;
  /** How long entries are kept (default REPLAY_MS), and how many at most (default KEPT_ENTRIES). */
  replayMs?: number;
  keptEntries?: number;
  now?: () => number;
}

export class RedisChannel implements LiveChannel {
  private readonly listeners = new Set<(event: MadeEvent) => void>();
  private readonly merged = new NewestEvents();
  /** The newest entry read: the next read starts after it. */
  private lastRead: string;
  private closed = false;
  private reading: Promise<void> | null = null;
  private readonly log: (line: string) => void;
  private readonly keptEntries: number;
  private readonly replayMs: number;
  private readonly now: () => number;
  private added = 0;
  private lastPublishError = "";
  readonly relay: RedisSubjectsRelay;

  private constructor(
    private readonly writer: Redis,
    private readonly reader: Redis,
    private readonly subscriber: Redis,
    lastId: string,
    options: RedisChannelOptions,
  ) {
    this.lastRead = lastId;
    this.log = options.log ?? (() => undefined);
    this.keptEntries = options.keptEntries ?? KEPT_ENTRIES;
    this.replayMs = options.replayMs ?? REPLAY_MS;
    this.now = options.now ?? Date.now;
    this.relay = new RedisSubjectsRelay(
      {
        publish: (channel, text) =>
          writer.status === "ready"
            ? writer.publish(channel, text)
            : Promise.reject(new Error("Redis is not connected")),
        subscribe: (channel) => subscriber.subscribe(channel),
        unsubscribe: (channel) => subscriber.unsubscribe(channel),
      },
      { log: this.log },
    );
    subscriber.on("message", (channel: string, text: string) => {
      if (channel !== LIVE_NOW_CHANNEL) {
        this.relay.heard(channel, text);
        return;
      }
      const event = parseText(text);
      if (event) this.heard(event);
    });
  }

  static async open(url: string, options: RedisChannelOptions = {}): Promise<RedisChannel> {
    const connect = () => {
      const redis = new Redis(url, { retryStrategy, maxRetriesPerRequest: null, lazyConnect: true });
      redis.on("error", () => undefined);
      return options.instrument ? options.instrument(redis) : redis;
    };
    const writer = connect();
    const reader = connect();
    const subscriber = connect();
    await Promise.all([writer.connect(), reader.connect(), subscriber.connect()]);
    await subscriber.subscribe(LIVE_NOW_CHANNEL);
    // From the newest entry on: what came before is history a new stream does not need.
    const newest = (await writer.xrevrange(LIVE_STREAM_KEY, "+", "-", "COUNT", 1))[0];
    const channel = new RedisChannel(writer, reader, subscriber, newest?.[0] ?? "0-0", options);
    channel.reading = channel.readLoop();
    return channel;
  }

  publish(event: MadeEvent): void {
    const text = JSON.stringify(event);
    if (event.mergeKey !== null) {
      this.writer.publish(LIVE_NOW_CHANNEL, text).catch((error: unknown) => this.publishFailed(error));
      return;
    }
    // Trimmed by time now and then (every thousand entries), by count always.
    this.added++;
    const write =
      this.added % 1000 === 0
        ? this.writer.xadd(
            LIVE_STREAM_KEY,
            "MINID",
            "~",
            `${this.now() - this.replayMs}-0`,
            event.data.id,
            "e",
            text,
          )
        : this.writer.xadd(
            LIVE_STREAM_KEY,
            "MAXLEN",
            "~",
            String(this.keptEntries),
            event.data.id,
            "e",
            text,
          );
    write.catch((error: unknown) => this.publishFailed(error));
  }

  /** Logged once per kind of failure. An id not above the stream's newest (another ingest's clock ahead) is one. */
  private publishFailed(error: unknown): void {
    const reason = error instanceof Error ? error.message : String(error);
    if (reason !== this.lastPublishError) this.log(`live: an event could not be added to Redis: ${reason}`);
    this.lastPublishError = reason;
  }

  follow(listener: (event: MadeEvent) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  async since(lastId: string): Promise<Replay> {
    if (parseEventId(lastId) === null)
      return { reload: `Last-Event-ID '${lastId}' is not an id of this stream` };
    // Through the newest entry this process has routed, no further: the later ones reach the resumed stream
    // as its followers get them (the read loop may lag the stream), so none is given twice.
    const through = this.lastRead;
    const oldest = (await this.writer.xrange(LIVE_STREAM_KEY, "-", "+", "COUNT", 1))[0]?.[0];
    if (oldest === undefined || compareEventIds(lastId, oldest) < 0) {
      return { reload: `events after ${lastId} are no longer kept` };
    }
    // An id beyond every entry was not given by this stream; the resumed stream would skip up to it.
    const newest = (await this.writer.xrevrange(LIVE_STREAM_KEY, "+", "-", "COUNT", 1))[0]?.[0] ?? oldest;
    if (compareEventIds(lastId, newest) > 0)
      return { reload: `Last-Event-ID '${lastId}' is not an id of this stream` };
    if (compareEventIds(lastId, through) >= 0) return this.merged.replay([], lastId);
    const entries = await this.writer.xrange(LIVE_STREAM_KEY, `(${lastId}`, through, "COUNT", MAX_REPLAY + 1);
    if (entries.length > MAX_REPLAY)
      return { reload: `more than ${MAX_REPLAY} events were missed since ${lastId}` };
    const events: MadeEvent[] = [];
    for (const [, fields] of entries) {
      const event = parse(fields);
      if (event && event.mergeKey === null) events.push(event);
    }
    return this.merged.replay(events, lastId);
  }

  newest(): MadeEvent[] {
    return this.merged.all();
  }

  async close(): Promise<void> {
    this.closed = true;
    this.relay.close();
    this.reader.disconnect();
    this.subscriber.disconnect();
    await this.reading;
    await this.writer.quit().catch(() => undefined);
  }

  /** Reads the stream as it grows; a dropped connection is read again from the last entry heard. */
  private async readLoop(): Promise<void> {
    while (!this.closed) {
      try {
        const read = await this.reader.xread(
          "COUNT",
          1000,
          "BLOCK",
          1000,
          "STREAMS",
          LIVE_STREAM_KEY,
          this.lastRead,
        );
        for (const [, entries] of read ?? []) {
          for (const [id, fields] of entries) {
            this.lastRead = id;
            const event = parse(fields);
            if (event) this.heard(event);
          }
        }
      } catch (error) {
        if (this.closed) return;
        this.log(`live: reading the events from Redis failed (${error}); reading again`);
        await new Promise((resolve) => setTimeout(resolve, 1000));
      }
    }
  }

  private heard(event: MadeEvent): void {
    this.merged.take(event);
    for (const listener of this.listeners) listener(event);
  }
}

function parse(fields: string[]): MadeEvent | null {
  const at = fields.indexOf("e");
  return at >= 0 ? parseText(fields[at + 1] as string) : null;
}

/** An event as the ingest wrote it (trusted: only the ingest writes these keys). */
function parseText(text: string): MadeEvent | null {
  try {
    return JSON.parse(text) as MadeEvent;
  } catch {
    return null;
  }
}
