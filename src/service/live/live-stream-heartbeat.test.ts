// A stream's heartbeat: an idle stream gets a comment line every HEARTBEAT_MS, so proxies keep it open; a
// stream that sent something within the last beat gets none (a write on every busy stream for nothing), and
// one that falls quiet gets its comment line at the first beat after a beat of silence.
import { EventEmitter } from "node:events";
import type { ServerResponse } from "node:http";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { HEARTBEAT_MS, LiveStream, sseFrame } from "./live-stream.ts";

/** The part of a response a stream uses, keeping what is written. */
class Response extends EventEmitter {
  readonly written: string[] = [];
  readonly socket = new EventEmitter();
  destroyed = false;
  write(text: string): boolean {
    this.written.push(text);
    return true;
  }
  end(): void {}
  destroy(): void {
    this.destroyed = true;
  }
  get beats(): number {
    return this.written.filter((text) => text.startsWith(":")).length;
  }
}

let res: Response;
let stream: LiveStream;
beforeEach(() => {
  vi.useFakeTimers();
  res = new Response();
  stream = new LiveStream(
    "s1",
    "client",
    { apiKey: undefined, address: "192.0.2.1" },
    res as unknown as ServerResponse,
    { prices: ["BTC"], trades: [], candles: [] },
    { maxMs: 3_600_000 },
  );
});
afterEach(() => {
  stream.end("client");
  vi.useRealTimers();
});

const price = (n: number) =>
  sseFrame(null, "price", { id: `${n}-0`, time: new Date(n).toISOString(), symbol: "BTC", price: n });

describe("a stream's heartbeat", () => {
  it("writes a comment line every beat while the stream is idle", () => {
    vi.advanceTimersByTime(3 * HEARTBEAT_MS);
    expect(res.beats).toBe(3);
    expect(res.written.at(-1)).toBe(": heartbeat\n\n");
  });

  it("writes none while events flow, and one at the first beat after a beat's silence", () => {
    for (let second = 1; second <= 60; second++) {
      vi.advanceTimersByTime(1_000);
      stream.send(`${second}-0`, price(second), "price:BTC");
    }
    expect(res.beats).toBe(0);
    expect(res.written).toHaveLength(60);
    vi.advanceTimersByTime(HEARTBEAT_MS);
    expect(res.beats).toBe(1);
    vi.advanceTimersByTime(HEARTBEAT_MS);
    expect(res.beats).toBe(2);
  });
});
