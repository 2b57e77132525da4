// The page's side of the worker: bodies go over (bytes transferred), typed arrays come back, errors become
// DecodeErrors, a cancelled decode rejects at once, and without a Worker the same decoding runs inline.
import { afterEach, describe, expect, it } from "vitest";
import { influxPoints } from "../testing/wire-samples.ts";
import { DecodeError } from "../wire-value.ts";
import { type DecodeReply, type DecodeRequest, handleDecodeRequest } from "./points-worker-protocol.ts";
import { PointsDecoder, type StartWorker, sharedPointsDecoder } from "./worker-points-decoder.ts";

const KRAKEN = { exchange: "Kraken", filter: "MEDIR120", symbol: "ETH" };
const T0 = Date.UTC(2026, 10, 22, 8) / 1000;
const BODY = JSON.stringify(
  influxPoints(KRAKEN, [
    [T0, 1],
    [T0 + 120, 2],
  ]),
);
const bytes = (text: string) => new TextEncoder().encode(text).buffer;

/**
 * A worker in this thread: each message crosses as structuredClone with its transfer list (as postMessage
 * would), is answered by the worker's handler after a macrotask, unless held.
 */
function fakeWorker(options: { hold?: boolean; failToLoad?: boolean } = {}) {
  const log = { started: 0, terminated: 0, posted: [] as DecodeRequest[], release: () => {} };
  const start: StartWorker = (onReply, onFailure) => {
    log.started++;
    let alive = true;
    const held: (() => void)[] = [];
    log.release = () => {
      for (const answer of held.splice(0)) answer();
    };
    return {
      post(request, transfer) {
        const received = structuredClone(request, { transfer });
        log.posted.push(received);
        const answer = () => {
          if (!alive) return;
          if (options.failToLoad) return onFailure("could not load the script");
          const { reply, transfer: back } = handleDecodeRequest(received);
          onReply(structuredClone(reply, { transfer: back }) as DecodeReply);
        };
        if (options.hold) held.push(answer);
        else setTimeout(answer, 0);
      },
      terminate() {
        alive = false;
        log.terminated++;
      },
    };
  };
  return { start, log };
}

let decoder: PointsDecoder | null = null;
afterEach(() => decoder?.dispose());

describe("PointsDecoder", () => {
  it("decodes inline where there is no Worker, to the same points", async () => {
    expect(typeof Worker).toBe("undefined");
    const inline = await sharedPointsDecoder().decode(BODY);
    expect(sharedPointsDecoder()).toBe(sharedPointsDecoder());
    const { start } = fakeWorker();
    decoder = new PointsDecoder(start);
    const viaWorker = await decoder.decode(bytes(BODY));
    expect(viaWorker).toEqual(inline);
    expect([...viaWorker.times]).toEqual([T0, T0 + 120]);
    expect(viaWorker.times).toBeInstanceOf(Float64Array);
  });

  it("transfers a body's bytes to the worker and starts one worker for many decodes", async () => {
    const { start, log } = fakeWorker();
    decoder = new PointsDecoder(start);
    const body = bytes(BODY);
    const pending = decoder.decode(body);
    expect(body.byteLength).toBe(0); // transferred, not copied
    const [a, b] = await Promise.all([pending, decoder.decode(BODY)]);
    expect(a).toEqual(b);
    expect(log.started).toBe(1);
    expect(log.posted.map((m) => m.id)).toEqual([1, 2]);
  });

  it("rejects with a DecodeError naming what it could not read", async () => {
    const { start } = fakeWorker();
    decoder = new PointsDecoder(start);
    const error = await decoder.decode('{"dataPoints": "time,value\\n"}').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DecodeError);
    expect((error as Error).message).toContain('dataPoints line 1: the first line must be "time,exchange');
    // Inline, the same error.
    const inline = await new PointsDecoder(null)
      .decode('{"dataPoints": "time,value\\n"}')
      .catch((e: unknown) => e);
    expect(inline).toBeInstanceOf(DecodeError);
    expect((inline as Error).message).toBe((error as Error).message);
  });

  it("rejects at once when cancelled, stops an idle worker, and starts another for the next decode", async () => {
    const { start, log } = fakeWorker({ hold: true });
    decoder = new PointsDecoder(start);
    const controller = new AbortController();
    const pending = decoder.decode(bytes(BODY), controller.signal);
    controller.abort(new Error("person cancelled"));
    await expect(pending).rejects.toThrow("person cancelled");
    expect(log.terminated).toBe(1);
    log.release(); // a late reply from the stopped worker is ignored
    const next = decoder.decode(BODY);
    log.release();
    expect((await next).times.length).toBe(2);
    expect(log.started).toBe(2);
  });

  it("keeps the worker for the others when one of several decodes is cancelled", async () => {
    const { start, log } = fakeWorker({ hold: true });
    decoder = new PointsDecoder(start);
    const controller = new AbortController();
    const cancelled = decoder.decode(BODY, controller.signal);
    const kept = decoder.decode(BODY);
    controller.abort(new Error("gone"));
    await expect(cancelled).rejects.toThrow("gone");
    expect(log.terminated).toBe(0);
    log.release();
    expect((await kept).times.length).toBe(2);
  });

  it("rejects an already cancelled decode without posting it", async () => {
    const { start, log } = fakeWorker();
    decoder = new PointsDecoder(start);
    await expect(decoder.decode(BODY, AbortSignal.abort(new Error("too late")))).rejects.toThrow("too late");
    expect(log.posted).toHaveLength(0);
  });

  it("dispose rejects what is under way and stops the worker; a later decode starts a new one", async () => {
    const { start, log } = fakeWorker({ hold: true });
    decoder = new PointsDecoder(start);
    const pending = decoder.decode(BODY);
    decoder.dispose();
    decoder.dispose();
    await expect(pending).rejects.toThrow("the chart points decoder was stopped");
    expect(log.terminated).toBe(1);
    const next = decoder.decode(BODY);
    log.release();
    expect((await next).times.length).toBe(2);
  });

  it("falls back to decoding inline when the worker cannot load", async () => {
    const { start, log } = fakeWorker({ failToLoad: true });
    decoder = new PointsDecoder(start);
    await expect(decoder.decode(BODY)).rejects.toThrow(
      "the chart points decoder failed: could not load the script",
    );
    expect((await decoder.decode(BODY)).times.length).toBe(2);
    expect(log.started).toBe(1);
  });

  it("decodes inline when starting a worker throws", async () => {
    decoder = new PointsDecoder(() => {
      throw new Error("SecurityError");
    });
    expect((await decoder.decode(bytes(BODY))).times.length).toBe(2);
  });
});
