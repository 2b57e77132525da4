// The fan-out of one API process: it follows the channel once and gives each open stream the events of
// what it follows. Events every follower of a key shares are serialized once; a stream's block close holds
// the series it follows. Forming candles of a chart scale are composed here (composed-candle.ts), from
// the store's blocks and the channel's events, so they equal the candles endpoint's.
import { randomBytes } from "node:crypto";
import type { ServerResponse } from "node:http";
import { emptyCandles } from "../../interface/candles.ts";
import type { LiveCandle, LiveCandleScale, LiveSubjects } from "../../interface/live-events.ts";
import { BLOCK_SECONDS, type Scale } from "../../interface/vocabulary.ts";
import { type BlockCandles, ComposedCandle } from "./composed-candle.ts";
import type { LiveChannel, Replay } from "./live-channel.ts";
import { compareEventIds, type MadeEvent } from "./live-event.ts";
import { LiveStream, type StreamEnd, sseFrame } from "./live-stream.ts";
import type { SubjectsChange, SubjectsChangeRequest } from "./subjects-relay.ts";

/** Changes of one stream's subjects in any minute. */
export const SUBJECT_CHANGES_PER_MINUTE = 60;

const seriesKey = (symbol: string, exchange: string | null) => `${symbol}|${exchange ?? "*"}`;

export interface HubOptions {
  channel: LiveChannel;
  blockCandles: BlockCandles;
  /** How long a stream may last before the service ends it (the client reconnects). */
  maxStreamMs: number;
  /** The market's time (ms): which block and bucket are forming. */
  marketNow: () => number;
  /** Real time (ms), for a stream's timers and the times of its own events; default Date.now. */
  now?: () => number;
}

export class StreamHub {
  private readonly streams = new Map<string, LiveStream>();
  private readonly pricesOfAll = new Set<LiveStream>();
  private readonly prices = new Map<string, Set<LiveStream>>();
  private readonly trades = new Map<string, Set<LiveStream>>();
  /** Followers of a series' block-scale candle. */
  private readonly blockCandles = new Map<string, Set<LiveStream>>();
  /** Chart-scale candles, by series then scale. */
  private readonly composed = new Map<string, Map<Scale, ComposedCandle>>();
  /** What the streams that ended sent (the open ones' are added at a read: totals()). */
  private readonly ended = { events: 0, merged: 0, opened: 0 };
  /** The newest id routed: the resume point a stream's own events (open, reload) name. */
  private lastId = "0-0";
  /** Each stream's changes of subjects in the last minute (times, ms). */
  private readonly changes = new WeakMap<LiveStream, number[]>();
  private readonly stopFollowing: () => void;
  private readonly stopAnswering: () => void;
  private readonly now: () => number;

  constructor(private readonly options: HubOptions) {
    this.now = options.now ?? Date.now;
    this.stopFollowing = options.channel.follow((event) => this.route(event));
    this.stopAnswering =
      options.channel.relay?.answer((change) => this.changeHere(change)) ?? (() => undefined);
  }

  /** Open streams of a client (its key's fingerprint or its address). */
  countOf(client: string): number {
    let n = 0;
    for (const stream of this.streams.values()) if (stream.client === client) n++;
    return n;
  }

  get size(): number {
    return this.streams.size;
  }

  /** Streams opened, and events sent and merged, since the hub started (for /metrics). */
  totals(): { events: number; merged: number; opened: number } {
    let { events, merged } = this.ended;
    for (const stream of this.streams.values()) {
      events += stream.events;
      merged += stream.merged;
    }
    return { events, merged, opened: this.ended.opened };
  }

  /** Who holds the streams open now, and for how long so far (ms): the operator's usage review. */
  held(): { client: string; openMs: number }[] {
    const now = this.now();
    return [...this.streams.values()].map((s) => ({ client: s.client, openMs: now - s.openedMs }));
  }

  /**
   * Opens a stream on `res` (its head not written yet): the `open` event, then what was missed since
   * `lastEventId` (or `reload`), else the newest price and forming candle of each subject.
   */
  open(
    res: ServerResponse,
    client: string,
    credentials: LiveStream["credentials"],
    subjects: LiveSubjects,
    lastEventId: string | null,
    headers: Readonly<Record<string, string>> = {},
  ): LiveStream {
    const id = randomBytes(12).toString("base64url");
    res.writeHead(200, {
      ...headers,
      "Content-Type": "text/event-stream; charset=utf-8",
      "Cache-Control": "no-store",
      // Proxies such as nginx would otherwise hold the events back to fill a buffer.
      "X-Accel-Buffering": "no",
    });
    const stream = new LiveStream(id, client, credentials, res, subjects, {
      maxMs: this.options.maxStreamMs,
      now: this.now,
    });
    this.streams.set(id, stream);
    this.ended.opened++;
    stream.whenEnded((record) => {
      this.ended.events += record.events;
      this.ended.merged += record.merged;
      this.forget(stream);
    });
    stream.send(
      this.lastId,
      sseFrame(null, "open", {
        id: lastEventId ?? this.lastId,
        time: new Date(this.now()).toISOString(),
        stream: id,
        subjects,
        endsAt: new Date(this.now() + this.options.maxStreamMs).toISOString(),
      }),
      null,
    );
    this.index(stream);
    if (lastEventId !== null) {
      const replay = this.options.channel.since(lastEventId);
      if (replay instanceof Promise) {
        // Live events wait while the replay is read, then follow it without repeating any.
        stream.hold();
        replay
          .catch((error: unknown) => ({ reload: `the missed events could not be read (${error})` }))
          .then((read) => stream.release(() => this.replay(stream, read, lastEventId)));
      } else this.replay(stream, replay, lastEventId);
    } else this.sendNewest(stream, subjects);
    return stream;
  }

  /** Gives a resumed stream what it missed, or `reload`; returns the newest id given. */
  private replay(stream: LiveStream, replay: Replay, lastEventId: string): string | null {
    const { subjects } = stream;
    if ("reload" in replay) {
      const reload = { id: this.lastId, time: new Date(this.now()).toISOString(), reason: replay.reload };
      stream.send(this.lastId, sseFrame(null, "reload", reload), null);
      this.sendNewest(stream, subjects);
      return null;
    }
    stream.resumedAfter(lastEventId);
    const only = new Set([stream]);
    for (const event of replay.events) if (wants(subjects, event)) this.deliver(event, only);
    this.sendComposedTo(stream, subjects);
    return replay.events.at(-1)?.data.id ?? null;
  }

  /**
   * Changes the subjects of a stream for the client that opened it: here if this process holds the stream,
   * else through the channel's relay, by the process that does.
   */
  changeSubjects(change: SubjectsChangeRequest): SubjectsChange | Promise<SubjectsChange> {
    const relay = this.options.channel.relay;
    if (this.streams.has(change.stream) || relay === undefined) return this.changeHere(change);
    return relay.ask(change);
  }

  /** A change of a stream of this process's, under the stream's limit of changes a minute. */
  private changeHere({ stream: id, client, subjects }: SubjectsChangeRequest): SubjectsChange {
    const stream = this.streams.get(id);
    // Someone else's stream is no more found than one that does not exist.
    if (!stream?.isOpen || stream.client !== client) return { outcome: "absent" };
    const now = this.now();
    const recent = (this.changes.get(stream) ?? []).filter((t) => t > now - 60_000);
    if (recent.length >= SUBJECT_CHANGES_PER_MINUTE) {
      const retryAfterS = Math.max(1, Math.ceil(((recent[0] as number) + 60_000 - now) / 1000));
      return { outcome: "limited", retryAfterS };
    }
    recent.push(now);
    this.changes.set(stream, recent);
    this.follow(stream, subjects);
    return { outcome: "followed", subjects };
  }

  /** Changes what a stream follows; the newest price and forming candle of each new subject go at once. */
  private follow(stream: LiveStream, subjects: LiveSubjects): void {
    const before = stream.subjects;
    this.unindex(stream);
    stream.subjects = subjects;
    this.index(stream);
    this.sendNewest(stream, added(before, subjects));
  }

  /** Ends the streams of a client (a revoked key, a blocked address) or, with no client, every stream. */
  endStreams(why: StreamEnd, client?: string, retryMs?: number): void {
    for (const stream of [...this.streams.values()]) {
      if (client === undefined || stream.client === client) stream.end(why, retryMs);
    }
  }

  /**
   * Ends at once the streams whose credentials no longer admit them (`refused` asks the access list): a
   * revoked key, a blocked address.
   */
  endRefused(refused: (credentials: LiveStream["credentials"]) => boolean): void {
    for (const stream of [...this.streams.values()]) if (refused(stream.credentials)) stream.end("revoked");
  }

  close(): void {
    this.stopFollowing();
    this.stopAnswering();
    this.endStreams("shutdown", undefined, 1_000);
  }

  private sendNewest(stream: LiveStream, subjects: LiveSubjects): void {
    const only = new Set([stream]);
    const newest = this.options.channel.newest().filter((event) => wants(subjects, event));
    newest.sort((a, b) => compareEventIds(a.data.id, b.data.id));
    for (const event of newest) this.deliver(event, only);
    this.sendComposedTo(stream, subjects);
  }

  /**
   * The chart-scale candles a stream follows, as they stand (made by this hub, so no channel keeps them):
   * the bucket closed last, then the forming one.
   */
  private sendComposedTo(stream: LiveStream, subjects: LiveSubjects): void {
    for (const c of subjects.candles) {
      if (c.scale === "block") continue;
      const composed = this.composed.get(seriesKey(c.symbol, c.exchange))?.get(c.scale);
      if (composed?.ready) this.sendStanding(composed, [stream]);
    }
  }

  /**
   * The bucket closed last and the forming one, to streams that just began to follow them. The closed one
   * goes without an id, as a state (a resume point must not go back), merged to the newest while full.
   */
  private sendStanding(composed: ComposedCandle, streams: Iterable<LiveStream>): void {
    const previous = composed.previous;
    const closed = composed.previousCandle();
    const key = `${seriesKey(composed.symbol, composed.exchange)}:${composed.scale}`;
    if (previous !== null && closed !== null) {
      const frame = sseFrame(
        null,
        "candle",
        this.candleData(composed, previous.id, previous.time, closed, true),
      );
      for (const stream of streams) stream.send(previous.id, frame, `closed:${key}`);
    }
    const candle = composed.candle();
    if (candle === null) return;
    const frame = sseFrame(
      null,
      "candle",
      this.candleData(composed, composed.lastId, composed.time, candle, false),
    );
    for (const stream of streams) stream.send(composed.lastId, frame, `candle:${key}`);
  }

  private index(stream: LiveStream): void {
    const { prices, trades, candles } = stream.subjects;
    if (prices === "all") this.pricesOfAll.add(stream);
    else for (const symbol of prices) add(this.prices, symbol, stream);
    for (const t of trades) add(this.trades, seriesKey(t.symbol, t.exchange), stream);
    for (const c of candles) {
      if (c.scale === "block") add(this.blockCandles, seriesKey(c.symbol, c.exchange), stream);
      else this.composedOf(c.symbol, c.exchange, c.scale).followers.add(stream);
    }
  }

  private unindex(stream: LiveStream): void {
    this.pricesOfAll.delete(stream);
    for (const map of [this.prices, this.trades, this.blockCandles]) {
      for (const [key, set] of map) {
        set.delete(stream);
        if (set.size === 0) map.delete(key);
      }
    }
    for (const [key, byScale] of this.composed) {
      for (const [scale, composed] of byScale) {
        composed.followers.delete(stream);
        if (composed.followers.size === 0) byScale.delete(scale);
      }
      if (byScale.size === 0) this.composed.delete(key);
    }
  }

  private forget(stream: LiveStream): void {
    this.unindex(stream);
    this.streams.delete(stream.id);
  }

  /** The composed candle of a series at a scale, its bucket and the one before read from the store once. */
  private composedOf(symbol: string, exchange: string | null, scale: Scale): ComposedCandle {
    const key = seriesKey(symbol, exchange);
    let byScale = this.composed.get(key);
    if (!byScale) {
      byScale = new Map();
      this.composed.set(key, byScale);
    }
    let composed = byScale.get(scale);
    if (!composed) {
      const nowS = Math.floor(this.options.marketNow() / 1000);
      const made = new ComposedCandle(symbol, exchange, scale, nowS);
      const read = (from: number, to: number) =>
        this.options.blockCandles(symbol, exchange, from, to).catch(() => emptyCandles());
      // Each bucket read on its own: a week's bucket alone is near the store read's limit.
      Promise.all([read(made.previousStart, made.bucket.start - 1), read(made.bucket.start, nowS)]).then(
        ([before, forming]) => {
          made.stored(before, forming);
          // Its followers so far heard nothing of it.
          this.sendStanding(made, made.followers);
        },
      );
      byScale.set(scale, made);
      composed = made;
    }
    return composed;
  }

  /** Routes one event of the channel to the streams that follow it. */
  private route(event: MadeEvent): void {
    this.lastId = event.data.id;
    switch (event.name) {
      case "price": {
        const followers = new Set(this.pricesOfAll);
        for (const s of this.prices.get(event.data.symbol) ?? []) followers.add(s);
        this.deliver(event, followers);
        return;
      }
      case "trades":
        this.deliver(event, this.trades.get(seriesKey(event.data.symbol, event.data.exchange)) ?? new Set());
        return;
      case "candle": {
        const key = seriesKey(event.data.symbol, event.data.exchange);
        this.deliver(event, this.blockCandles.get(key) ?? new Set());
        for (const composed of this.composed.get(key)?.values() ?? []) {
          if (composed.form(event.data.candle, event.data.id)) this.sendForming(composed, event.data.time);
        }
        return;
      }
      case "block":
        this.closeBlock(event as MadeEvent<"block">);
        return;
    }
  }

  /** Gives an event to streams: one frame for all, as made. */
  private deliver(event: MadeEvent, followers: Iterable<LiveStream>): void {
    if (event.name === "block") {
      for (const stream of followers) this.sendBlock(event as MadeEvent<"block">, stream);
      return;
    }
    let frame: string | null = null;
    for (const stream of followers) {
      // Only what is never merged is a point to resume from (see sseFrame).
      frame ??= sseFrame(event.mergeKey === null ? event.data.id : null, event.name, event.data);
      stream.send(event.data.id, frame, event.mergeKey);
    }
  }

  /** A block close: each stream gets the series it follows; chart-scale candles take the block. */
  private closeBlock(event: MadeEvent<"block">): void {
    for (const stream of this.streams.values()) this.sendBlock(event, stream);
    const startS = Math.floor(Date.parse(event.data.end) / 1000) - BLOCK_SECONDS;
    const { id, time } = event.data;
    for (const byScale of this.composed.values()) {
      for (const composed of byScale.values()) {
        const series = event.data.series.find(
          (s) => s.symbol === composed.symbol && s.exchange === composed.exchange,
        );
        const outcome = composed.close({ startS, candle: series?.candle ?? null, id, time });
        if (outcome === "completed" || outcome === "corrected") this.sendFinal(composed);
        if (outcome === "changed") this.sendForming(composed, time);
      }
    }
  }

  private sendBlock(event: MadeEvent<"block">, stream: LiveStream): void {
    const { prices, candles } = stream.subjects;
    const series = event.data.series.filter(
      (s) =>
        (s.exchange === null && (prices === "all" || prices.includes(s.symbol))) ||
        candles.some((c) => c.symbol === s.symbol && c.exchange === s.exchange),
    );
    if (series.length === 0) return;
    const data = { ...event.data, series };
    stream.send(event.data.id, sseFrame(event.data.id, "block", data), null);
  }

  /** The forming bucket's candle to its followers, merged to the newest while a socket is full. */
  private sendForming(composed: ComposedCandle, time: string): void {
    composed.time = time;
    const candle = composed.candle();
    if (composed.followers.size === 0 || candle === null) return;
    const frame = sseFrame(null, "candle", this.candleData(composed, composed.lastId, time, candle, false));
    const mergeKey = `candle:${seriesKey(composed.symbol, composed.exchange)}:${composed.scale}`;
    for (const stream of composed.followers) stream.send(composed.lastId, frame, mergeKey);
  }

  /** A complete bucket's final candle to its followers: never merged, a point to resume from. */
  private sendFinal(composed: ComposedCandle): void {
    const previous = composed.previous;
    const candle = composed.previousCandle();
    if (composed.followers.size === 0 || previous === null || candle === null) return;
    const frame = sseFrame(
      previous.id,
      "candle",
      this.candleData(composed, previous.id, previous.time, candle, true),
    );
    for (const stream of composed.followers) stream.send(previous.id, frame, null);
  }

  private candleData(composed: ComposedCandle, id: string, time: string, candle: LiveCandle, final: boolean) {
    return {
      id,
      time,
      symbol: composed.symbol,
      exchange: composed.exchange,
      scale: composed.scale as LiveCandleScale,
      candle,
      final,
    };
  }
}

/** Whether subjects follow an event of the channel (a block close: whether any series of it). */
function wants(subjects: LiveSubjects, event: MadeEvent): boolean {
  switch (event.name) {
    case "price":
      return subjects.prices === "all" || subjects.prices.includes(event.data.symbol);
    case "trades":
      return subjects.trades.some(
        (t) => t.symbol === event.data.symbol && t.exchange === event.data.exchange,
      );
    case "candle":
      return subjects.candles.some(
        (c) => c.symbol === event.data.symbol && c.exchange === event.data.exchange && c.scale === "block",
      );
    case "block":
      return true;
  }
}

function add(map: Map<string, Set<LiveStream>>, key: string, stream: LiveStream): void {
  let set = map.get(key);
  if (!set) {
    set = new Set();
    map.set(key, set);
  }
  set.add(stream);
}

/** The subjects in `after` that `before` did not follow. */
function added(before: LiveSubjects, after: LiveSubjects): LiveSubjects {
  return {
    prices:
      after.prices === "all"
        ? before.prices === "all"
          ? []
          : "all"
        : after.prices.filter((s) => before.prices === "all" || !before.prices.includes(s)),
    trades: after.trades.filter(
      (t) => !before.trades.some((b) => b.symbol === t.symbol && b.exchange === t.exchange),
    ),
    candles: after.candles.filter(
      (c) =>
        !before.candles.some(
          (b) => b.symbol === c.symbol && b.exchange === c.exchange && b.scale === c.scale,
        ),
    ),
  };
}
