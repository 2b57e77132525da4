// npm run bench:soak — the service under mixed traffic for SOAK_MINUTES (default 10): the real `npm start`
// entry in its own process, every endpoint, cached and uncached, supply posts, 401s, 400s and 429s, at
// SOAK_RATE requests a second. Its resident memory is sampled every 5 s from /proc; the figure is its growth
// after warm-up: the median of the last tenth of the run against the median of the tenth after the first
// fifth (for 10 minutes: the last minute against the minute after a 2-minute warm-up). Target < 10 %.
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { median, table, writeSection } from "./report.ts";
import { type SoakCatalog, type SoakRequest, seededRandom, soakTraffic } from "./soak-traffic.ts";

const MINUTES = Number(process.env.SOAK_MINUTES ?? 10);
const RATE = Number(process.env.SOAK_RATE ?? 200);
const CONNECTIONS = 8;
const HISTORY_DAYS = Number(process.env.SOAK_HISTORY_DAYS ?? 7);
const MARKET_SPEED = Number(process.env.SOAK_MARKET_SPEED ?? 10);
const SAMPLE_MS = 5_000;
const GROWTH_TARGET = 0.1;
const API_KEY = "soak-client-key-0123";
const WRITE_KEY = "soak-write-key-0123456789abcdef";
const log = (line: string) => console.log(`bench:soak: ${line}`);

const dataDir = mkdtempSync(join(tmpdir(), "bench-soak-"));
const service = await startService();
const base = service.url;
log(
  `service pid ${service.child.pid} at ${base}, ${HISTORY_DAYS} days seeded; ${MINUTES} min at ${RATE} req/s`,
);

try {
  const catalog = await readCatalog();
  const next = soakTraffic(catalog, { apiKey: API_KEY, writeKey: WRITE_KEY }, seededRandom(42));
  const durationMs = MINUTES * 60_000;
  const startRss = rssKiB(service.child);
  const samples: { atMs: number; kib: number }[] = [];
  const t0 = performance.now();
  const sampler = setInterval(() => {
    samples.push({ atMs: performance.now() - t0, kib: rssKiB(service.child) });
  }, SAMPLE_MS);
  const counts = new Map<string, Map<string, number>>();
  let sent = 0;
  let failures = 0;
  const count = (kind: string, outcome: string) => {
    const row = counts.get(kind) ?? new Map<string, number>();
    row.set(outcome, (row.get(outcome) ?? 0) + 1);
    counts.set(kind, row);
  };
  let lastReport = 0;
  const worker = async () => {
    for (;;) {
      const due = (sent++ * 1000) / RATE;
      if (due >= durationMs) return;
      const wait = due - (performance.now() - t0);
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
      const request: SoakRequest = next();
      try {
        const response = await fetch(base + request.path, {
          method: request.method,
          headers: request.headers,
        });
        await response.arrayBuffer();
        count(request.kind, String(response.status));
      } catch (error) {
        failures++;
        const cause = (error as Error & { cause?: { code?: string } }).cause;
        count(request.kind, `failed: ${cause?.code ?? (error as Error).message}`);
      }
      const elapsed = performance.now() - t0;
      if (elapsed - lastReport > 60_000) {
        lastReport = elapsed;
        log(
          `${(elapsed / 60_000).toFixed(1)} min, ${sent} requests, RSS ${(rssKiB(service.child) / 1024).toFixed(0)} MiB`,
        );
      }
    }
  };
  await Promise.all(Array.from({ length: CONNECTIONS }, worker));
  clearInterval(sampler);
  const elapsedS = (performance.now() - t0) / 1000;

  const window = (fromShare: number, toShare: number) =>
    samples
      .filter((s) => s.atMs >= fromShare * durationMs && s.atMs <= toShare * durationMs)
      .map((s) => s.kib);
  const baseline = median(window(0.2, 0.3));
  const end = median(window(0.9, 1));
  const growth = end / baseline - 1;
  const statuses = [...counts.values()].flatMap((row) => [...row]);
  const total = statuses.reduce((sum, [, n]) => sum + n, 0);
  const fiveHundreds = statuses
    .filter(([status]) => status.startsWith("5"))
    .reduce((sum, [, n]) => sum + n, 0);
  const mib = (kib: number) => `${(kib / 1024).toFixed(1)} MiB`;
  const minuteOf = (share: number) => `${(share * MINUTES).toFixed(1).replace(/\.0$/, "")} min`;
  log(`RSS baseline ${mib(baseline)}, end ${mib(end)}, growth ${(growth * 100).toFixed(1)} %`);

  const body = [
    "### Targets",
    "",
    table(
      ["What", "Measured", "Target", "Verdict"],
      [
        [
          "RSS growth after warm-up (end median / baseline median)",
          `${(growth * 100).toFixed(1)} %`,
          "< 10 %",
          growth < GROWTH_TARGET ? "met" : "missed",
        ],
        ["5xx answers", fiveHundreds, "0", fiveHundreds === 0 ? "met" : "missed"],
        ["Requests that failed (no answer)", failures, "0", failures === 0 ? "met" : "missed"],
      ],
    ),
    "",
    `### Resident memory of the service process (VmRSS every ${SAMPLE_MS / 1000} s)`,
    "",
    table(
      ["When", "RSS"],
      [
        ["After seeding, before traffic", mib(startRss)],
        [
          `Baseline: median of ${minuteOf(0.2)}–${minuteOf(0.3)} (after a ${minuteOf(0.2)} warm-up)`,
          mib(baseline),
        ],
        [`End: median of ${minuteOf(0.9)}–${minuteOf(1)}`, mib(end)],
        ["Highest sample", mib(Math.max(...samples.map((s) => s.kib)))],
      ],
    ),
    "",
    "Median RSS of each minute: " +
      Array.from({ length: Math.ceil(MINUTES) }, (_, m) =>
        mib(median(window(m / MINUTES, (m + 1) / MINUTES))),
      ).join(", ") +
      ".",
    "",
    `### Traffic: ${total} requests in ${elapsedS.toFixed(0)} s (${(total / elapsedS).toFixed(0)} req/s of a target ${RATE}, ${CONNECTIONS} connections)`,
    "",
    `The service seeded ${HISTORY_DAYS} days of all coins, its market clock at ${MARKET_SPEED}× (a block, and so`,
    "a cleared response cache, every " +
      `${(120 / MARKET_SPEED).toFixed(0)} s), RATE_LIMIT 5 for clients without a key.`,
    "",
    table(
      ["Kind", "Requests", "Answers"],
      [...counts].sort().map(([kind, row]) => [
        kind,
        [...row.values()].reduce((a, b) => a + b, 0),
        [...row]
          .sort()
          .map(([status, n]) => `${status}: ${n}`)
          .join(", "),
      ]),
    ),
  ].join("\n");
  writeSection("soak", "npm run bench:soak", body);
  log("written to BENCHMARKS.md");
} finally {
  service.child.kill("SIGTERM");
  await new Promise((resolve) => service.child.once("exit", resolve));
  rmSync(dataDir, { recursive: true, force: true });
}

function rssKiB(child: ChildProcess): number {
  const status = readFileSync(`/proc/${child.pid}/status`, "utf8");
  return Number(/VmRSS:\s+(\d+)\s+kB/.exec(status)?.[1] ?? Number.NaN);
}

async function readCatalog(): Promise<SoakCatalog> {
  const json = async (path: string) =>
    (await fetch(base + path, { headers: { "X-Api-Key": API_KEY } })).json() as Promise<unknown>;
  const { symbols } = (await json("/v1/symbols")) as { symbols: string[] };
  const { pairs } = (await json("/v1/pairs")) as {
    pairs: { symbol: string; exchange: string; ignore: boolean }[];
  };
  const exchanges = new Map<string, string[]>();
  // An ignored (thin) pair has no series of its own: asking for it is a 404, which the bad requests cover.
  for (const pair of pairs.filter((p) => !p.ignore)) {
    const list = exchanges.get(pair.symbol) ?? [];
    if (!list.includes(pair.exchange)) list.push(pair.exchange);
    exchanges.set(pair.symbol, list);
  }
  const rates = (await json("/v1/interestrates")) as { symbol: string }[];
  return {
    symbols: symbols.filter((s) => exchanges.has(s)),
    exchanges,
    rateTypes: rates.map((r) => r.symbol),
  };
}

/** The real entry in its own process (node with tsx's loader, so its pid is the service's). */
async function startService(): Promise<{ child: ChildProcess; url: string }> {
  const args = [
    "--import",
    "tsx",
    "src/service/main.ts",
    ...[
      "--market",
      "simulator",
      "--port",
      "0",
      "--data-dir",
      dataDir,
      "--history-days",
      String(HISTORY_DAYS),
    ],
    ...["--market-speed", String(MARKET_SPEED), "--rate-limit", "5"],
  ];
  const child = spawn(process.execPath, args, {
    env: { ...process.env, API_KEYS: `${API_KEY}:0`, WRITE_KEYS: WRITE_KEY },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  return new Promise((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const port = /API\s+http:\/\/localhost:(\d+)\//.exec(output)?.[1];
      // Traffic goes to the loopback address itself, never to whatever "localhost" resolves to.
      if (port) resolve({ child, url: `http://127.0.0.1:${port}` });
    };
    child.stdout?.on("data", onData);
    child.stderr?.on("data", (chunk: Buffer) => {
      process.stderr.write(chunk);
      onData(chunk);
    });
    child.once("exit", (code) => reject(new Error(`the service exited with ${code}:\n${output}`)));
  });
}
