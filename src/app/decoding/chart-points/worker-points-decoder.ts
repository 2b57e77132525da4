// The page's side of the points worker, so large bodies are decoded off the main thread: one worker per
// page, started on first use; where there is no Worker or it cannot start, the same decoder runs inline.
import type { ChartCandles } from "../candles/candle-series.ts";
import { decodeCandlesBody } from "../candles/decode-candles-body.ts";
import { decodePointsBody } from "./decode-points-body.ts";
import type { ChartPoints } from "./point-series.ts";
import { type DecodeReply, type DecodeRequest, errorOfReply } from "./points-worker-protocol.ts";

/** A started worker as the decoder uses it. */
export interface PointsChannel {
  post(request: DecodeRequest, transfer: Transferable[]): void;
  terminate(): void;
}

/** Starts a worker that calls `onReply` with each reply and `onFailure` when it breaks (e.g. cannot load). */
export type StartWorker = (
  onReply: (reply: DecodeReply) => void,
  onFailure: (message: string) => void,
) => PointsChannel;

/** What a body decodes to, by the kind asked for. */
interface Decoded {
  points: ChartPoints;
  candles: ChartCandles;
}

interface Pending {
  resolve: (value: ChartPoints | ChartCandles) => void;
  reject: (error: unknown) => void;
  /** Stops listening to the caller's signal. */
  release: () => void;
}

export class PointsDecoder {
  private channel: PointsChannel | null = null;
  /** Set when the worker broke before it ever replied: it will not work on this page, decode inline. */
  private workerUnusable = false;
  private replied = false;
  private nextId = 1;
  private readonly pending = new Map<number, Pending>();

  /** `startWorker`: null decodes inline; by default the browser's Worker when there is one. */
  constructor(private readonly startWorker: StartWorker | null = browserWorker()) {}

  /** The chart points of a response's body; an ArrayBuffer is transferred, leaving the caller's copy empty. */
  decode(body: string | ArrayBuffer, signal?: AbortSignal): Promise<ChartPoints> {
    return this.decodeAs("points", body, signal);
  }

  /** The candles of a response's body, as `decode` does chart points. */
  decodeCandles(body: string | ArrayBuffer, signal?: AbortSignal): Promise<ChartCandles> {
    return this.decodeAs("candles", body, signal);
  }

  private decodeAs<K extends keyof Decoded>(
    kind: K,
    body: string | ArrayBuffer,
    signal?: AbortSignal,
  ): Promise<Decoded[K]> {
    if (signal?.aborted) return Promise.reject(signal.reason);
    const channel = this.open();
    if (channel === null) return decodeInline(kind, body, signal);
    const id = this.nextId++;
    return new Promise<Decoded[K]>((resolve, reject) => {
      const onAbort = () => {
        if (!this.settle(id)) return;
        reject(signal?.reason);
        // A cancelled decode of a large body is not worth finishing when nothing else waits on the worker.
        if (this.pending.size === 0) this.stopWorker();
      };
      this.pending.set(id, {
        resolve: resolve as Pending["resolve"],
        reject,
        release: () => signal?.removeEventListener("abort", onAbort),
      });
      signal?.addEventListener("abort", onAbort, { once: true });
      try {
        const request: DecodeRequest = kind === "points" ? { id, body } : { id, body, kind };
        channel.post(request, typeof body === "string" ? [] : [body]);
      } catch (error) {
        this.settle(id);
        reject(error);
      }
    });
  }

  /** Stops the worker and rejects every decode under way; a later decode starts a new worker. */
  dispose(): void {
    this.fail(new Error("the chart points decoder was stopped"));
  }

  private open(): PointsChannel | null {
    if (this.channel !== null) return this.channel;
    if (this.startWorker === null || this.workerUnusable) return null;
    try {
      this.channel = this.startWorker(
        (reply) => this.receive(reply),
        (message) => {
          if (!this.replied) this.workerUnusable = true;
          this.fail(new Error(`the chart points decoder failed: ${message}`));
        },
      );
    } catch {
      // No worker here (e.g. a content security policy forbids it): decode on this thread.
      this.workerUnusable = true;
      return null;
    }
    return this.channel;
  }

  private receive(reply: DecodeReply): void {
    this.replied = true;
    const waiting = this.pending.get(reply.id);
    if (waiting === undefined || !this.settle(reply.id)) return; // cancelled meanwhile
    if (reply.ok) waiting.resolve("candles" in reply ? reply.candles : reply.points);
    else waiting.reject(errorOfReply(reply));
  }

  /** Forgets a pending decode; false when it was no longer pending. */
  private settle(id: number): boolean {
    const waiting = this.pending.get(id);
    if (waiting === undefined) return false;
    this.pending.delete(id);
    waiting.release();
    return true;
  }

  private fail(error: Error): void {
    const waiting = [...this.pending.values()];
    for (const id of [...this.pending.keys()]) this.settle(id);
    this.stopWorker();
    for (const { reject } of waiting) reject(error);
  }

  private stopWorker(): void {
    this.channel?.terminate();
    this.channel = null;
  }
}

let shared: PointsDecoder | null = null;

/** The page's one decoder (and so one worker), made on first use. */
export function sharedPointsDecoder(): PointsDecoder {
  shared ??= new PointsDecoder();
  return shared;
}

async function decodeInline<K extends keyof Decoded>(
  kind: K,
  body: string | ArrayBuffer,
  signal?: AbortSignal,
): Promise<Decoded[K]> {
  const value = (kind === "candles" ? decodeCandlesBody(body) : decodePointsBody(body)) as Decoded[K];
  if (signal?.aborted) throw signal.reason;
  return value;
}

/** The browser's module worker running points-worker.ts, or null where there is no Worker. */
function browserWorker(): StartWorker | null {
  if (typeof Worker === "undefined") return null;
  return (onReply, onFailure) => {
    const worker = new Worker(new URL("./points-worker.ts", import.meta.url), { type: "module" });
    worker.onmessage = (event: MessageEvent<DecodeReply>) => onReply(event.data);
    worker.onerror = (event) => {
      event.preventDefault();
      onFailure(event.message || "the worker stopped");
    };
    worker.onmessageerror = () => onFailure("a reply could not be read");
    return {
      post: (request, transfer) => worker.postMessage(request, transfer),
      terminate: () => worker.terminate(),
    };
  };
}
