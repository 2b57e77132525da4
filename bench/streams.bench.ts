// npm run bench:streams — one API process holding 10,000 open streams (uncompressed), each following one
// symbol at a price a second: the delay of an event, the memory per stream, and the server's CPU per event
// against a bare node:http Server-Sent Events broadcaster sending the same frames to the same number of
// readers, in paired rounds of the same run. `-- --streams 500` runs it small, `-- --dry` at full size; both
// print the figures and write nothing.
import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { availableParallelism, loadavg } from "node:os";
import { parseArgs } from "node:util";
import { median, table, writeSection } from "./report.ts";
import { STREAM_SYMBOLS } from "./streams-events.ts";
import type { ReaderCommand, ReaderWindow } from "./streams-readers.ts";
import type { ServerCommand, ServerStats } from "./streams-server.ts";

const { values } = parseArgs({
  options: {
    streams: { type: "string", default: "10000" },
    seconds: { type: "string", default: "20" },
    rounds: { type: "string", default: "5" },
    warm: { type: "string", default: "5" },
    // Prints the figures and writes nothing (a trial at the full size).
    dry: { type: "boolean", default: false },
  },
});
/** The figure: only a run at it is written to BENCHMARKS.md. */
const FULL_STREAMS = 10_000;
const STREAMS = Number(values.streams);
const SECONDS = Number(values.seconds);
const ROUNDS = Number(values.rounds);
const WARM_SECONDS = Number(values.warm);
const OPEN_CONCURRENCY = 64;
const TARGETS = { p99Ms: 500, kibPerStream: 32, cpuRatio: 1.25 };
const log = (line: string) => console.log(`bench: ${line}`);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * CPUs: the servers on the first, the readers (and this process, which mostly waits) on the second, where
 * taskset and two CPUs are at hand; left to the scheduler the readers and the server take turns on a core.
 */
function pinning(): { server: string | null; readers: string | null; said: string } {
  if (availableParallelism() < 2) return { server: null, readers: null, said: "not pinned (one CPU)" };
  try {
    execFileSync("taskset", ["-a", "-p", "-c", "1", String(process.pid)], { stdio: "ignore" });
  } catch {
    return { server: null, readers: null, said: "not pinned (no taskset)" };
  }
  return { server: "0", readers: "1", said: "servers pinned to CPU 0, the readers to CPU 1 (taskset)" };
}
const cpus = pinning();

/** Descriptors a child may hold: its streams' sockets and some to spare. */
const DESCRIPTORS = STREAMS + 1_024;
const softLimit = Number(execFileSync("sh", ["-c", "ulimit -n"], { encoding: "utf8" }).trim());

/**
 * A child on `cpu`, its descriptor limit raised by a shell first where the default is too low (a server
 * and its readers each hold one socket per stream).
 */
function child(cpu: string | null, args: string[]): ChildProcess {
  const node = [process.execPath, ...args];
  const pinned = cpu === null ? node : ["taskset", "-c", cpu, ...node];
  const argv =
    Number.isFinite(softLimit) && softLimit >= DESCRIPTORS
      ? pinned
      : ["sh", "-c", `ulimit -n ${DESCRIPTORS} && exec "$0" "$@"`, ...pinned];
  return spawn(argv[0] as string, argv.slice(1), { stdio: ["ignore", "inherit", "inherit", "ipc"] });
}

/** Sends `message` and waits for the child's next message of type `reply`. */
function ask<T>(to: ChildProcess, message: ServerCommand | ReaderCommand | null, reply: string): Promise<T> {
  return new Promise((resolve, reject) => {
    const onMessage = (answer: { type: string }) => {
      if (answer.type !== reply) return;
      to.off("message", onMessage);
      to.off("exit", onExit);
      resolve(answer as T);
    };
    const onExit = (code: number | null) => reject(new Error(`a child exited (${code}) before ${reply}`));
    to.on("message", onMessage);
    to.once("exit", onExit);
    if (message) to.send(message);
  });
}

interface Side {
  name: string;
  server: ChildProcess;
  port: number;
  readers: ChildProcess | null;
  before: ServerStats | null;
  opened: { statuses: Record<string, number>; ms: number } | null;
  windows: { window: ReaderWindow; cpuMicros: number; published: number }[];
}

async function startSide(name: "service" | "bare"): Promise<Side> {
  // STREAMS_CPU_PROF=<dir>: each server writes a CPU profile there (node --cpu-prof) when it stops.
  const profile = process.env.STREAMS_CPU_PROF
    ? ["--cpu-prof", "--cpu-prof-dir", process.env.STREAMS_CPU_PROF]
    : [];
  const server = child(cpus.server, [
    ...profile,
    "--expose-gc",
    "--import",
    "tsx",
    "bench/streams-server.ts",
    name,
  ]);
  const { port } = await ask<{ port: number }>(server, null, "ready");
  return { name, server, port, readers: null, before: null, opened: null, windows: [] };
}

const stats = (side: Side, gc: boolean) => ask<ServerStats>(side.server, { type: "stats", gc }, "stats");

async function openStreams(side: Side, firstAddress: number): Promise<void> {
  // Settled and collected first (the service's start seeds a day of the market): what the streams add is
  // measured from here.
  await sleep(3_000);
  side.before = await stats(side, true);
  const readers = child(cpus.readers, [
    "--import",
    "tsx",
    "bench/streams-readers.ts",
    String(side.port),
    String(STREAMS),
    STREAM_SYMBOLS.join(","),
    String(firstAddress),
  ]);
  side.readers = readers;
  await ask(readers, null, "ready");
  const opened = await ask<NonNullable<Side["opened"]>>(
    readers,
    { type: "open", concurrency: OPEN_CONCURRENCY },
    "opened",
  );
  side.opened = opened;
  log(`${side.name}: opened ${JSON.stringify(opened.statuses)} in ${(opened.ms / 1000).toFixed(1)} s`);
}

/** The side publishes for `seconds`; its CPU time and what its readers read meanwhile. */
async function window(side: Side, seconds: number) {
  const readers = side.readers as ChildProcess;
  await ask(readers, { type: "mark" }, "marked");
  const before = await stats(side, false);
  await ask(side.server, { type: "publish", on: true }, "publishing");
  await sleep(seconds * 1000);
  await ask(side.server, { type: "publish", on: false }, "publishing");
  const after = await stats(side, false);
  // The last prices reach the readers (their CPU was spent by the server already).
  await sleep(500);
  const read = await ask<ReaderWindow>(readers, { type: "read" }, "window");
  return {
    window: read,
    cpuMicros: after.cpuMicros - before.cpuMicros,
    published: after.published - before.published,
  };
}

const loadAtStart = loadavg()[0] ?? 0;
log(`${STREAMS} streams, ${ROUNDS} rounds of ${SECONDS} s each side; load average ${loadAtStart.toFixed(2)}`);
const bare = await startSide("bare");
const service = await startSide("service");
const sides = [bare, service];
// Each reader its own address: the bare server's from the first, the service's after them.
await openStreams(bare, 0);
await openStreams(service, STREAMS);

for (const side of sides) await window(side, WARM_SECONDS);
const loadAtRounds = loadavg()[0] ?? 0;
for (let round = 0; round < ROUNDS; round++) {
  // Bare then the service, seconds apart: drift in the machine's load moves both sides of a round alike.
  for (const side of sides) side.windows.push(await window(side, SECONDS));
  const [b, s] = sides.map((side) => side.windows.at(-1) as Side["windows"][number]);
  if (b && s) {
    log(
      `round ${round + 1}: CPU µs/event service ${(s.cpuMicros / s.window.events).toFixed(2)}, bare ${(b.cpuMicros / b.window.events).toFixed(2)}; events ${s.window.events} / ${b.window.events}`,
    );
  }
}
const after = await Promise.all(sides.map((side) => stats(side, true)));
for (const side of sides) {
  if (side.readers) await ask(side.readers, { type: "close" }, "closed");
}
await sleep(1_000);
for (const side of sides) {
  const exited = new Promise((resolve) => side.server.once("exit", resolve));
  side.server.send({ type: "stop" } satisfies ServerCommand);
  await exited;
}

/** The delays of every measured window of a side, merged: p50, p99 and max, ms. */
function delays(side: Side): { p50: number; p99: number; max: number } {
  const counts = new Map<number, number>();
  for (const { window } of side.windows)
    for (const [ms, n] of window.delays) counts.set(ms, (counts.get(ms) ?? 0) + n);
  const sorted = [...counts].sort((a, b) => a[0] - b[0]);
  const total = sorted.reduce((sum, [, n]) => sum + n, 0);
  const at = (p: number) => {
    let seen = 0;
    for (const [ms, n] of sorted) {
      seen += n;
      if (seen >= total * p) return ms;
    }
    return Number.NaN;
  };
  return { p50: at(0.5), p99: at(0.99), max: sorted.at(-1)?.[0] ?? Number.NaN };
}

const cpuPerEvent = (w: Side["windows"][number]) => w.cpuMicros / w.window.events;
const ratios = service.windows
  .map((w, i) => cpuPerEvent(w) / cpuPerEvent(bare.windows[i] as Side["windows"][number]))
  .sort((a, b) => a - b);
const ratio = median(ratios);
const kib = (bytes: number) => (bytes / 1024).toFixed(1);
const rows = sides.map((side, i) => {
  const end = after[i] as ServerStats;
  const start = side.before as ServerStats;
  const opened = side.opened?.statuses["200"] ?? 0;
  const events = side.windows.reduce((sum, w) => sum + w.window.events, 0);
  const bytes = side.windows.reduce((sum, w) => sum + w.window.bytes, 0);
  const others = side.windows.reduce((sum, w) => sum + w.window.others, 0);
  const expected = STREAMS * SECONDS * ROUNDS;
  const d = delays(side);
  return {
    side,
    d,
    rssPerStream: (end.rss - start.rss) / opened,
    heapPerStream: (end.heapUsed - start.heapUsed) / opened,
    cells: [
      side.name === "service" ? "the service (GET /v1/stream)" : "bare node:http",
      `${opened} of ${STREAMS}${Object.keys(side.opened?.statuses ?? {}).length > 1 ? ` (${JSON.stringify(side.opened?.statuses)})` : ""}`,
      `${((side.opened?.ms ?? 0) / 1000).toFixed(1)} s`,
      `${events.toLocaleString("en")} (${((events / expected) * 100).toFixed(1)} %)`,
      `${d.p50} / ${d.p99} / ${d.max}`,
      kib((end.rss - start.rss) / opened),
      kib((end.heapUsed - start.heapUsed) / opened),
      kib((end.external - start.external) / opened),
      others.toLocaleString("en"),
      (bytes / events).toFixed(1),
      median(side.windows.map(cpuPerEvent)).toFixed(2),
      side.windows.reduce((max, w) => Math.max(max, w.window.lost), 0),
    ],
  };
});
const [bareRow, serviceRow] = rows;
if (!bareRow || !serviceRow) throw new Error("bench: a side is missing");
// RSS can grow less than the heap where the heap fills space it had already taken before the streams
// opened: the larger of the two is the stream's cost.
const memoryPerStream = Math.max(serviceRow.rssPerStream, serviceRow.heapPerStream);
const verdicts = [
  [
    "p99 delay of an event (made → parsed by its reader)",
    `${serviceRow.d.p99} ms`,
    `≤ ${TARGETS.p99Ms} ms`,
    serviceRow.d.p99 <= TARGETS.p99Ms,
  ],
  [
    "Memory per stream (server RSS after opening and the rounds − before, over the streams; heap where larger)",
    `${kib(memoryPerStream)} KiB`,
    `≤ ${TARGETS.kibPerStream} KiB`,
    memoryPerStream <= TARGETS.kibPerStream * 1024,
  ],
  [
    `Server CPU per event, service / bare node:http (median of ${ROUNDS} paired rounds)`,
    ratio.toFixed(2),
    `≤ ${TARGETS.cpuRatio}`,
    ratio <= TARGETS.cpuRatio,
  ],
].map(([what, figure, target, met]) => [what, figure, target, met ? "met" : "**not met**"] as string[]);

const report = `### Targets

${table(["What", "Measured", "Target", "Verdict"], verdicts)}

### ${STREAMS.toLocaleString("en")} streams, one price a second each (${STREAM_SYMBOLS.length} symbols, ${Math.round(STREAMS / STREAM_SYMBOLS.length)} streams each)

${table(
  [
    "Server",
    "Streams opened",
    "Opening them",
    "Prices read (of streams × seconds)",
    "Delay p50 / p99 / max ms",
    "RSS KiB/stream",
    "Heap KiB/stream",
    "External KiB/stream",
    "Other frames read (heartbeats)",
    "Bytes read/price",
    "Server CPU µs/price",
    "Streams lost",
  ],
  rows.map((row) => row.cells),
)}

How it is measured. The service is started as \`npm start\` assembles it (startService: SQLite, the
simulated market seeded for a day, the request log, /metrics' process figures) with the fair-usage limit off
(\`--rate-limit 0\`), in a process of its own (streams-server.ts). Its market clock is held still, so its own
ingest makes no live event; its stream hub is made as assemble-service.ts makes it, on a MemoryChannel into
which that process publishes one price a second for each of the ${STREAM_SYMBOLS.length} coins, their turns spread evenly
over the second, each stamped with the moment it is made: an API replica's hub is fed the same way, from
Redis, by an ingest elsewhere, so what is measured is the API's side, from an event in the channel to the
readers' sockets. Each stream is \`GET /v1/stream?prices=<one coin>\`, uncompressed (streams never are),
from its own loopback address (127.x.y.z): a client of its own, as many users are, under the cap of three
streams a client, which is not lifted. The baseline (streams-bare.ts) is a bare node:http server that writes
the same frames (\`event: price\`, the same JSON) to its followers, made once per price, in a process of
its own, fed by the same code. The readers are node:http clients in another process for each server (one
process holds at most 20,000 descriptors here), ${OPEN_CONCURRENCY} opens at a time; both servers hold their streams
open throughout. After ${WARM_SECONDS} s of prices from each (not counted: the JIT), ${ROUNDS} rounds of ${SECONDS} s:
bare, then the service, one publishing at a time. Delay: from a price's \`time\` to when its reader
parsed it (whole ms, one clock). CPU: the publishing server's process.cpuUsage over its window, over the
prices its readers parsed in it; the ratio is the median of the rounds' ratios (each pair seconds apart, so
drift in the machine's load moves both sides alike). Memory: the server's RSS and heap after two full
collections, once the rounds are over, minus the same before its streams opened, over the streams opened;
sockets' kernel buffers are in neither. The service writes its heartbeat comment (every 15 s) only on a
stream that sent nothing since the last one; those it wrote in its windows ("Other frames read") are of
streams left quiet while the bare server had its turn, before their first price. The bare server writes
none. Before that change every stream had one every 15 s, prices or not: 667 more writes a second at 10,000
streams, and CPU per price 1.24 and 1.26 of bare in two single-round trials (load average 7–10).

Server CPU per price, service / bare, by round: ${service.windows.map((w, i) => (cpuPerEvent(w) / cpuPerEvent(bare.windows[i] as Side["windows"][number])).toFixed(2)).join(", ")} (median ${ratio.toFixed(2)}, range ${ratios[0]?.toFixed(2)}–${ratios.at(-1)?.toFixed(2)}).
Load average (1 min): ${loadAtStart.toFixed(2)} at the start, ${loadAtRounds.toFixed(2)} before the rounds. CPUs: ${cpus.said}.`;

console.log(`\n${report}\n`);
if (values.dry) log("not written to BENCHMARKS.md: --dry");
else if (STREAMS === FULL_STREAMS) {
  writeSection("streams", "npm run bench:streams", report);
  log("wrote BENCHMARKS.md");
} else log(`not written to BENCHMARKS.md: ${STREAMS} streams is not the issue's ${FULL_STREAMS}`);
