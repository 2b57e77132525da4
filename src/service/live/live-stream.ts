// One open stream: Server-Sent Events written straight to the response's socket. A reader that falls
// behind costs bounded memory: while its socket is full, prices and forming candles are merged to the
// newest per key and trades and block closes wait in order, up to a bound; a reader stalled too long, or
// beyond the bound, is closed (it resumes with Last-Event-ID).
import type { ServerResponse } from "node:http";
import type { LiveEventName, LiveSubjects } from "../../interface/live-events.ts";
import { compareEventIds } from "./live-event.ts";

/**
 * A comment line after this long with nothing sent keeps proxies and balancers from closing an idle stream;
 * a stream that sent something within it gets none (its bytes kept the connection alive).
 */
export const HEARTBEAT_MS = 15_000;
/** A reader whose socket stays full this long is closed. */
export const STALL_MS = 30_000;
/** Bytes of unmerged events waiting for a full socket at most; beyond them the reader is closed. */
export const MAX_WAITING_BYTES = 256 * 1024;

/**
 * One SSE frame, as written: `id`, `event` and `data` lines. Without an id (null) the client's last event
 * id stays what it was: only events never merged (trades, block closes, a bucket's final candle) are
 * points to resume from, so a resume repeats none of them; prices and forming candles are given anew as
 * the newest, and the stream's own events (open, reload) are no point at all. Every event's data has its id.
 */
export function sseFrame(id: string | null, name: LiveEventName, data: unknown): string {
  const head = id === null ? "" : `id: ${id}\n`;
  return `${head}event: ${name}\ndata: ${JSON.stringify(data)}\n\n`;
}

interface Waiting {
  id: string;
  frame: string;
}

/** Why a stream ended, for its record and the metrics. */
export type StreamEnd = "client" | "expired" | "stalled" | "revoked" | "shutdown" | "replaced";

export interface StreamRecord {
  events: number;
  bytes: number;
  merged: number;
  end: StreamEnd;
}

export class LiveStream {
  subjects: LiveSubjects;
  events = 0;
  bytes = 0;
  merged = 0;
  private ended: StreamEnd | null = null;
  private readonly waiting: Waiting[] = [];
  private waitingBytes = 0;
  private readonly mergedWaiting = new Map<string, Waiting>();
  private fullSince: number | null = null;
  /** When it last wrote, by its own clock: a heartbeat goes only after a beat of silence. */
  private lastWriteMs = 0;
  /** A resumed stream's Last-Event-ID: the client has the trades and block closes through it already. */
  private givenThrough: string | null = null;
  /** While a resume's replay is read: what comes meanwhile, sent after it (release()). */
  private held: Waiting[] | null = null;
  private readonly heldMerge = new Map<Waiting, string | null>();
  private readonly heartbeat: NodeJS.Timeout;
  private readonly expiry: NodeJS.Timeout;
  private readonly onEnd: ((record: StreamRecord) => void)[] = [];

  constructor(
    /** The stream's id: a client changes its subjects by it (with the key or address that opened it). */
    readonly id: string,
    /** Who opened it, as admission named them. */
    readonly client: string,
    /** What it was admitted by, to ask again when keys or address rules change (kept in memory only). */
    readonly credentials: { apiKey: string | undefined; address: string },
    private readonly res: ServerResponse,
    subjects: LiveSubjects,
    options: { maxMs: number; now?: () => number },
  ) {
    this.subjects = subjects;
    const now = options.now ?? Date.now;
    this.heartbeat = setInterval(() => {
      if (this.fullSince !== null && now() - this.fullSince > STALL_MS) this.end("stalled");
      else if (this.fullSince === null) {
        // A comment on every busy stream too would be a write each: 667 a second over 10,000 streams. A
        // beat's worth of silence (less a second of timer slack) gets one, the open event's first too.
        if (now() - this.lastWriteMs >= HEARTBEAT_MS - 1_000) this.write(": heartbeat\n\n");
      }
    }, HEARTBEAT_MS);
    this.heartbeat.unref();
    this.expiry = setTimeout(() => this.end("expired"), options.maxMs);
    this.expiry.unref();
    res.on("close", () => this.end("client"));
    // The service keeps half-closed connections open for a response on its way; a stream's reader that
    // closes its side has gone (EventSource and curl never half-close), and its stream ends at once.
    res.socket?.once("end", () => this.end("client"));
    res.on("drain", () => this.drain(now));
    this.now = now;
    this.openedMs = now();
    this.lastWriteMs = this.openedMs;
  }

  private readonly now: () => number;
  /** When it opened, by its own clock: the operator's review says how long it has been held. */
  readonly openedMs: number;

  /** Called once when the stream ends, with what it sent. */
  whenEnded(listener: (record: StreamRecord) => void): void {
    this.onEnd.push(listener);
  }

  get isOpen(): boolean {
    return this.ended === null;
  }

  /**
   * Sends an event, or keeps it while the socket is full: merged to the newest of its key when `mergeKey`
   * is given, else in order up to MAX_WAITING_BYTES.
   */
  send(id: string, frame: string, mergeKey: string | null): void {
    if (this.ended !== null) return;
    // This replica may route an event the client had from another (its reader behind the other's).
    if (mergeKey === null && this.givenThrough !== null && compareEventIds(id, this.givenThrough) <= 0)
      return;
    if (this.held !== null) {
      const waiting = { id, frame };
      this.held.push(waiting);
      this.heldMerge.set(waiting, mergeKey);
      return;
    }
    if (this.fullSince === null) {
      this.writeEvent(frame);
      return;
    }
    if (mergeKey !== null) {
      if (this.mergedWaiting.has(mergeKey)) this.merged++;
      this.mergedWaiting.set(mergeKey, { id, frame });
      return;
    }
    this.waiting.push({ id, frame });
    this.waitingBytes += frame.length;
    if (this.waitingBytes > MAX_WAITING_BYTES) this.end("stalled");
  }

  /** Holds what is sent until release(): a resume's replay is being read. */
  hold(): void {
    this.held ??= [];
  }

  /** From now on sends no trades or block close up to `lastEventId`: the client resumed after it. */
  resumedAfter(lastEventId: string): void {
    this.givenThrough = lastEventId;
  }

  /**
   * Sends the replay (`replay` sends it and returns its newest id), then what was held: the trades and
   * block closes all (the replay ends where the held ones begin), the prices and forming candles newer
   * than the replay's.
   */
  release(replay: () => string | null): void {
    const held = this.held ?? [];
    this.held = null;
    const replayedThrough = replay();
    for (const waiting of held) {
      const mergeKey = this.heldMerge.get(waiting) ?? null;
      this.heldMerge.delete(waiting);
      if (mergeKey === null || replayedThrough === null || compareEventIds(waiting.id, replayedThrough) > 0)
        this.send(waiting.id, waiting.frame, mergeKey);
    }
  }

  /** Ends the stream; `retryMs` tells the client when to reconnect (with Last-Event-ID). */
  end(why: StreamEnd, retryMs?: number): void {
    if (this.ended !== null) return;
    this.ended = why;
    clearInterval(this.heartbeat);
    clearTimeout(this.expiry);
    if (retryMs !== undefined && !this.res.destroyed) this.res.write(`retry: ${retryMs}\n\n`);
    if (why === "stalled") this.res.destroy();
    else this.res.end();
    const record = { events: this.events, bytes: this.bytes, merged: this.merged, end: why };
    for (const listener of this.onEnd) listener(record);
  }

  private writeEvent(frame: string): void {
    this.events++;
    this.write(frame);
  }

  private write(text: string): void {
    this.lastWriteMs = this.now();
    this.bytes += Buffer.byteLength(text);
    if (!this.res.write(text)) this.fullSince ??= this.now();
  }

  /** The socket took what it had: what waited goes, in id order (merged events among the others). */
  private drain(now: () => number): void {
    this.fullSince = null;
    const pending = [...this.waiting, ...this.mergedWaiting.values()].sort((a, b) =>
      compareEventIds(a.id, b.id),
    );
    this.waiting.length = 0;
    this.waitingBytes = 0;
    this.mergedWaiting.clear();
    for (let i = 0; i < pending.length; i++) {
      this.writeEvent((pending[i] as Waiting).frame);
      if (this.fullSince !== null) {
        // Full again: the rest waits for the next drain, in the same order.
        for (const rest of pending.slice(i + 1)) this.waiting.push(rest);
        this.waitingBytes = this.waiting.reduce((sum, w) => sum + w.frame.length, 0);
        this.fullSince = now();
        return;
      }
    }
  }
}
