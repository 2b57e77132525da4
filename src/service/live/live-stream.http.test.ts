// A stream's slow reader over a real socket: while the reader does not read, prices merge to the newest and
// trades wait in order up to a bound; beyond it the stream is closed, so a stalled reader costs bounded
// memory. A reader that catches up gets what waited, in id order.
import { createServer, request, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { LiveStream, MAX_WAITING_BYTES, type StreamRecord, sseFrame } from "./live-stream.ts";

/** A trades event's data of about a kilobyte. */
const sampleFrame = (n: number) => ({
  id: `1-${n}`,
  symbol: "BTC",
  exchange: "Binance",
  trades: Array.from({ length: 8 }, (_, i) => ({
    time: "2026-11-29T10:00:00.000Z",
    price: 1e5 + i,
    volume: 0.1,
    pair: "BTCUSDT",
  })),
});
const FRAME_BYTES = sseFrame("1-0", "trades", sampleFrame(0)).length;

let server: Server | null = null;
afterEach(() => {
  server?.closeAllConnections();
  server?.close();
  server = null;
});

/** A server whose one response is a LiveStream, and a client that reads it only when told. */
async function pausedReader(): Promise<{
  stream: LiveStream;
  ended: Promise<StreamRecord>;
  read: (until: string) => Promise<string>;
}> {
  let res!: ServerResponse;
  let resolveResponded: () => void = () => undefined;
  const responded = new Promise<void>((resolve) => {
    resolveResponded = resolve;
  });
  const listening = createServer((_req, response) => {
    res = response;
    response.writeHead(200, { "Content-Type": "text/event-stream" });
    resolveResponded();
  });
  server = listening;
  await new Promise<void>((resolve) => listening.listen(0, resolve));
  const port = (listening.address() as AddressInfo).port;
  let text = "";
  let reading: (() => void) | null = null;
  const client = request({ port, path: "/" }, (response) => {
    response.setEncoding("utf8");
    response.pause();
    response.on("data", (chunk: string) => {
      text += chunk;
    });
    reading = () => response.resume();
  });
  // The second test's stream is cut: the client sees its connection reset.
  client.on("error", () => undefined);
  client.end();
  await responded;
  const stream = new LiveStream(
    "s",
    "client",
    { apiKey: undefined, address: "127.0.0.1" },
    res,
    {
      prices: "all",
      trades: [],
      candles: [],
    },
    { maxMs: 60_000 },
  );
  const ended = new Promise<StreamRecord>((resolve) => stream.whenEnded(resolve));
  return {
    stream,
    ended,
    read: async (until) => {
      const end = performance.now() + 5_000;
      while (!text.includes(until) && performance.now() < end) {
        // The response arrives once the test yields: start reading as soon as it has.
        reading?.();
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      return text;
    },
  };
}

/** Fills the socket: frames until the stream holds what it cannot write. */
function fill(stream: LiveStream, from: number): number {
  let n = from;
  // The kernel takes a few MiB on loopback before a write is held back.
  while ((stream as unknown as { fullSince: number | null }).fullSince === null && n < from + 200_000) {
    stream.send(`1-${n}`, sseFrame(`1-${n}`, "trades", sampleFrame(n)), null);
    n++;
  }
  return n;
}

describe("a stream's slow reader", () => {
  it("merges prices to the newest while its socket is full, and gets them after what waited, in id order", async () => {
    const { stream, read } = await pausedReader();
    let n = fill(stream, 0);
    for (let i = 0; i < 50; i++) {
      const id = `1-${n++}`;
      stream.send(id, sseFrame(id, "price", { id, symbol: "BTC", price: 100 + i }), "price:BTC");
    }
    const lastTrades = `1-${n}`;
    stream.send(lastTrades, sseFrame(lastTrades, "trades", sampleFrame(n)), null);
    expect(stream.merged).toBe(49);
    const text = await read(`id: ${lastTrades}\n`);
    expect(stream.isOpen).toBe(true);
    const prices = [...text.matchAll(/event: price\ndata: (.*)\n/g)].map(
      (m) => JSON.parse(m[1] as string).price,
    );
    expect(prices).toEqual([149]);
    // The merged price (its id older) goes before the trades that came after it.
    expect(text.indexOf("event: price")).toBeLessThan(text.indexOf(`id: ${lastTrades}\n`));
    const ids = [...text.matchAll(/^id: 1-(\d+)$/gm)].map((m) => Number(m[1]));
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
  });

  it("is closed once what waits for it passes the bound, holding no more than that", async () => {
    const { stream, ended } = await pausedReader();
    let n = fill(stream, 0);
    const bound = Math.ceil(MAX_WAITING_BYTES / FRAME_BYTES) + 10;
    for (let i = 0; i < bound && stream.isOpen; i++) {
      stream.send(`1-${n}`, sseFrame(`1-${n}`, "trades", sampleFrame(n)), null);
      n++;
    }
    expect(stream.isOpen).toBe(false);
    expect((await ended).end).toBe("stalled");
  });
});
