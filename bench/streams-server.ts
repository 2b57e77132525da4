// A server of bench:streams in a process of its own (the parent pins it to one CPU): `service`, the real
// service as `npm start` assembles it, or `bare`, the node:http broadcaster of streams-bare.ts. Both send
// the prices of streams-events.ts while the parent says so, and tell it their CPU time and memory.
//
// The service runs the simulated market with its market clock held still, so its own ingest makes no live
// events; its stream hub is made as assemble-service.ts makes it, on a channel this process publishes the
// bench's prices into. That is how an API replica is fed (its hub follows the ingest's events from Redis,
// made elsewhere): what is measured is the API's side, from an event in the channel to the readers' sockets.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { ManualClock } from "../src/service/clock.ts";
import { loadConfig } from "../src/service/config/load.ts";
import { MAX_STREAM_MS } from "../src/service/http/routes/stream.ts";
import { blockCandlesOf } from "../src/service/live/composed-candle.ts";
import { MemoryChannel } from "../src/service/live/live-channel.ts";
import { StreamHub } from "../src/service/live/stream-hub.ts";
import { startService } from "../src/service/server.ts";
import { bareBroadcaster } from "./streams-bare.ts";
import { type PriceData, tickPrices } from "./streams-events.ts";

/** What the parent asks: publish on or off, figures (after a full GC when `gc`), or stop. */
export type ServerCommand =
  | { type: "publish"; on: boolean }
  | { type: "stats"; gc: boolean }
  | { type: "stop" };

export interface ServerStats {
  type: "stats";
  /** CPU time of this process so far, µs (user + system). */
  cpuMicros: number;
  rss: number;
  heapUsed: number;
  /** Memory of buffers outside the heap (sockets' pending writes among them). */
  external: number;
  streams: number;
  /** Prices published so far (each to every follower of its symbol). */
  published: number;
}

const mode = process.argv[2];
if (mode !== "service" && mode !== "bare") throw new Error("usage: streams-server.ts service|bare");

interface Server {
  port: number;
  size(): number;
  send(data: PriceData): void;
  close(): Promise<void>;
}

async function serviceServer(): Promise<Server> {
  const dataDir = mkdtempSync(join(tmpdir(), "bench-streams-"));
  // Fair usage off: 10,000 opens from one machine in a minute are the bench's, not a client's abuse.
  const config = loadConfig({}, [
    ...["--market", "simulator", "--rates", "history", "--port", "0", "--data-dir", dataDir],
    ...["--rate-limit", "0", "--history-days", "1", "--log-level", "silent"],
  ]);
  const marketClock = new ManualClock(Date.now());
  const service = await startService(config, { marketClock, live: false, log: () => {} });
  const { ctx } = service;
  ctx.live?.close();
  const channel = new MemoryChannel();
  const hub = new StreamHub({
    channel,
    maxStreamMs: MAX_STREAM_MS,
    marketNow: () => marketClock.now(),
    blockCandles: (symbol, exchange, from, to) => blockCandlesOf(ctx.store, symbol, exchange, from, to),
  });
  ctx.live = hub;
  return {
    port: service.port,
    size: () => hub.size,
    send: (data) => channel.publish({ name: "price", data, mergeKey: `price:${data.symbol}` }),
    close: async () => {
      await service.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

const server = mode === "service" ? await serviceServer() : await bareBroadcaster();
let published = 0;
let stopTicking: (() => void) | null = null;
const send = (message: unknown) => process.send?.(message);

process.on("message", async (command: ServerCommand) => {
  switch (command.type) {
    case "publish":
      stopTicking?.();
      stopTicking = command.on
        ? tickPrices((data) => {
            published++;
            server.send(data);
          })
        : null;
      // With a CPU profile (STREAMS_CPU_PROF), the windows' bounds on its clock, to read it by window.
      if (process.execArgv.includes("--cpu-prof"))
        console.error(
          `streams-server ${mode}: publish ${command.on} at ${process.hrtime.bigint() / 1000n} µs`,
        );
      send({ type: "publishing", on: command.on });
      return;
    case "stats": {
      // Twice, a moment apart: V8 gives freed pages back to the system after a collection, not in it.
      if (command.gc) {
        globalThis.gc?.();
        await new Promise((resolve) => setTimeout(resolve, 500));
        globalThis.gc?.();
      }
      const cpu = process.cpuUsage();
      const memory = process.memoryUsage();
      const stats: ServerStats = {
        type: "stats",
        cpuMicros: cpu.user + cpu.system,
        rss: memory.rss,
        heapUsed: memory.heapUsed,
        external: memory.external,
        streams: server.size(),
        published,
      };
      send(stats);
      return;
    }
    case "stop":
      stopTicking?.();
      await server.close();
      process.exit(0);
  }
});
send({ type: "ready", port: server.port });
