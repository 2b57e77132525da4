// npm run bench:chart-transfer — 100,000 raw chart points over a real network's speed, in Chromium: the bytes
// on the wire and the time from the request to decoded points, for this commit's service (compressed, as
// negotiated with the browser) beside the service before compression (BASELINE_COMMIT), side by side in
// the same run on the same data. The network is CDP's throttling (Network.emulateNetworkConditions: 20 Mbit/s
// down and up, 40 ms latency); bytes are CDP's encodedDataLength (Network.loadingFinished: what crossed the
// network, headers included). The decoding is the dashboard's own (decodePointsBody, what its points worker
// runs), bundled by Vite and run in the page on the fetched bytes, on the page's thread rather than in a worker
// (the worker's hand-off of a transferred buffer is the same for both sides).
import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { cpSync, existsSync, mkdtempSync, rmSync, symlinkSync } from "node:fs";
import { get } from "node:http";
import { loadavg, tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { createInterface } from "node:readline";
import { openTransferPage, type Transfer } from "./chart-transfer-page.ts";
import { median, table, writeSection } from "./report.ts";
import { benchDataDir, chartPath, HUNDRED_THOUSAND_RAW_SECONDS } from "./service-data.ts";

/** The last commit before response compression (issue 18): its service sends every body as it is. */
const BASELINE_COMMIT = "02aacc7";
const BASELINE_TREE = process.env.BENCH_BASELINE_TREE ?? join(tmpdir(), "edge-base");
const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const TARGET_SHARE = 0.25;
const CHROMIUM = process.env.CHROMIUM ?? "/usr/bin/chromium";
const log = (line: string) => console.log(`bench: ${line}`);
const loadAtStart = loadavg()[0] ?? 0;

// 1. The data: the month seeded as bench:service seeds it, BTC's series lengthened to 100,000 raw points.
const { dataDir, dispose } = await benchDataDir("chart-transfer", log);
// Each service gets its own copy: both start on it, and neither should see the other's writes.
const baselineDir = mkdtempSync(join(tmpdir(), "bench-chart-transfer-base-"));
cpSync(dataDir, baselineDir, { recursive: true });

// 2. The baseline commit's tree, as a git worktree sharing this checkout's node_modules.
if (!existsSync(join(BASELINE_TREE, "src"))) {
  execFileSync("git", ["worktree", "add", "--detach", BASELINE_TREE, BASELINE_COMMIT], { stdio: "inherit" });
}
if (!existsSync(join(BASELINE_TREE, "node_modules")))
  symlinkSync(resolve("node_modules"), join(BASELINE_TREE, "node_modules"));
const baselineHead = execFileSync("git", ["-C", BASELINE_TREE, "rev-parse", "HEAD"], { encoding: "utf8" });
if (!baselineHead.startsWith(BASELINE_COMMIT))
  throw new Error(
    `${BASELINE_TREE} is at ${baselineHead.trim()}, not ${BASELINE_COMMIT}: set BENCH_BASELINE_TREE`,
  );

/**
 * A service started from a tree in a process of its own (each side its own event loop, as in production),
 * limit off, no live market: it prints its address on its first line of output.
 */
async function startTree(tree: string, dir: string): Promise<{ url: string; child: ChildProcess }> {
  const script = `
    const { loadConfig } = await import(${JSON.stringify(join(tree, "src/service/config/load.ts"))});
    const { startService } = await import(${JSON.stringify(join(tree, "src/service/server.ts"))});
    const config = loadConfig({}, ["--market", "simulator", "--port", "0", "--data-dir", ${JSON.stringify(dir)}, "--rate-limit", "0", "--history-days", "30"]);
    const service = await startService(config, { live: false, log: () => {} });
    console.log(service.url);
    process.on("SIGTERM", () => service.close().then(() => process.exit(0)));`;
  const child = spawn(process.execPath, ["--import", "tsx", "--input-type=module", "-e", script], {
    cwd: tree,
    stdio: ["ignore", "pipe", "inherit"],
  });
  const lines = createInterface({ input: child.stdout as NodeJS.ReadableStream });
  const url = await new Promise<string>((resolveUrl, reject) => {
    lines.once("line", resolveUrl);
    child.once("exit", (code) => reject(new Error(`the service of ${tree} exited (${code})`)));
  });
  return { url, child };
}

const sides = [
  { name: "this commit (compressed)", ...(await startTree(process.cwd(), dataDir)) },
  { name: `baseline ${BASELINE_COMMIT} (plain)`, ...(await startTree(BASELINE_TREE, baselineDir)) },
];
log(`services at ${sides.map((s) => s.url).join(" and ")}`);

/** A body as the service sends it to a client sending these headers (none: a client that accepts no coding). */
function bodyOf(url: string, headers: Record<string, string> = {}): Promise<Buffer> {
  return new Promise((resolveBody, reject) => {
    get(url, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("end", () => resolveBody(Buffer.concat(chunks)));
    }).on("error", reject);
  });
}

// 3. The page: an origin of its own (both services answer it through CORS alike), the dashboard's decoder.
const page = await openTransferPage(CHROMIUM);

// 4. The runs. "Computed": each run names another endtime, so neither service has the answer and this
// commit's streams it as it compresses it (brotli 4); "kept": the same request again, answered from the
// response cache (this commit: the compressed copy kept from the first).
const nowS = Math.floor(Date.now() / 1000);
const path = (run: number) => chartPath(HUNDRED_THOUSAND_RAW_SECONDS, "", nowS - 600 - run);
const keptPath = chartPath(HUNDRED_THOUSAND_RAW_SECONDS, "", nowS - 300);
const plain = await bodyOf(sides[0]?.url + keptPath);
const plainBase = await bodyOf(sides[1]?.url + keptPath);
if (!plain.equals(plainBase)) throw new Error("the two services' plain bodies differ: not the same request");
log(`plain body ${plain.length} bytes, the same from both`);
const plainPoints = ((JSON.parse(plain.toString()).dataPoints as string).match(/\n/g)?.length ?? 1) - 1;
// The kept request's compressed copy is made (and kept) by a first request that accepts it, so every
// measured run of it is sent from memory.
await bodyOf(sides[0]?.url + keptPath, { "Accept-Encoding": "br" });

type Mode = "computed" | "kept";
const results = new Map<string, Transfer[]>();
for (let run = 0; run < RUNS; run++) {
  // Alternating sides within each run: both see the same moment of the machine's load.
  for (const mode of ["computed", "kept"] as Mode[]) {
    for (const side of sides) {
      const t = await page.transfer(side.url + (mode === "kept" ? keptPath : path(run)));
      const key = `${side.name}|${mode}`;
      results.set(key, [...(results.get(key) ?? []), t]);
      log(
        `run ${run + 1} ${mode} ${side.name}: ${t.wire} B ${t.coding}, fetch ${t.fetchMs.toFixed(0)} ms (headers ${t.headersMs.toFixed(0)}, body ${t.downloadMs.toFixed(0)}) + decode ${t.decodeMs.toFixed(0)} ms, ${t.points} points`,
      );
    }
  }
}
const browserVersion = page.browserVersion;
await page.close();
for (const side of sides) side.child.kill("SIGTERM");
await new Promise((done) => setTimeout(done, 500));
rmSync(baselineDir, { recursive: true, force: true });
dispose();

// 5. The report.
const kib = (bytes: number) => `${(bytes / 1024).toFixed(0)} KiB`;
const ms = (value: number) => `${value.toFixed(0)} ms`;
const spread = (values: number[]) => `${Math.min(...values).toFixed(0)}–${Math.max(...values).toFixed(0)}`;
const rows: (string | number)[][] = [];
const verdicts: string[][] = [];
for (const mode of ["computed", "kept"] as Mode[]) {
  const [ours, base] = sides.map((side) => results.get(`${side.name}|${mode}`) ?? []) as [
    Transfer[],
    Transfer[],
  ];
  const total = (t: Transfer) => t.fetchMs + t.decodeMs;
  const wire = median(ours.map((t) => t.wire));
  const wireBase = median(base.map((t) => t.wire));
  const time = median(ours.map(total));
  const timeBase = median(base.map(total));
  for (const [side, list] of [
    [sides[0]?.name ?? "", ours],
    [sides[1]?.name ?? "", base],
  ] as const) {
    rows.push([
      mode === "computed" ? "computed (new endtime each run)" : "kept (the same request again)",
      side,
      list[0]?.coding ?? "",
      kib(median(list.map((t) => t.wire))),
      ms(median(list.map((t) => t.fetchMs))),
      ms(median(list.map((t) => t.decodeMs))),
      `${ms(median(list.map(total)))} (${spread(list.map(total))})`,
      list[0]?.points ?? 0,
    ]);
  }
  rows.push([
    "",
    "ratio, this commit / before",
    "",
    (wire / wireBase).toFixed(3),
    (median(ours.map((t) => t.fetchMs)) / median(base.map((t) => t.fetchMs))).toFixed(2),
    (median(ours.map((t) => t.decodeMs)) / median(base.map((t) => t.decodeMs))).toFixed(2),
    (time / timeBase).toFixed(2),
    "",
  ]);
  verdicts.push([
    `100,000 raw points, ${mode}: bytes on the wire / the plain answer's`,
    `${(wire / wireBase).toFixed(3)} (${kib(wire)} / ${kib(wireBase)})`,
    `≤ ${TARGET_SHARE}`,
    wire / wireBase <= TARGET_SHARE ? "met" : "**not met**",
  ]);
  verdicts.push([
    `100,000 raw points, ${mode}: request → decoded points, this commit / before`,
    `${(time / timeBase).toFixed(2)} (${ms(time)} / ${ms(timeBase)})`,
    "side by side",
    "—",
  ]);
}

writeSection(
  "chart-transfer",
  "npm run bench:chart-transfer",
  `### Targets

${table(["What", "Measured", "Target", "Verdict"], verdicts)}

### 100,000 raw chart points in Chromium under a throttled network (median of ${RUNS}, spread of the total in brackets)

\`GET /v1/chartPointsAllExchanges/MEDIR120/BTC\` over 100,000 blocks (${plain.length.toLocaleString("en")} bytes
plain: the BTC series is the seeded month and 110 days of synthetic block values before it, as in
bench:service). Chromium ${browserVersion} (${CHROMIUM}), a fresh context per request, \`fetch(url, {cache:
"no-store"})\` from a page of another origin, the network throttled by CDP to 20 Mbit/s down and up with 40 ms
latency. The browser sent its own \`Accept-Encoding\` (\`gzip, deflate, br, zstd\`). "Wire" is CDP's
encodedDataLength, headers included; "fetch" is from the call to the whole body read; "decode" is the
dashboard's \`decodePointsBody\` (src/app/decoding/chart-points/decode-points-body.ts, bundled by Vite) on
those bytes in the page (the same bytes once decompressed, so its difference between the two sides is the
machine's noise). The request spans 100,000 blocks; the series has a value in ${plainPoints.toLocaleString("en")} of them. The baseline is the service at ${BASELINE_COMMIT} (before response compression) on a copy of the
same data, in its own process like this commit's; both run at once and each run asks one, then the other.
Load average (1 min) at the start: ${loadAtStart.toFixed(1)} on this machine's cores.

${table(["Request", "Service", "Coding", "Wire", "Fetch", "Decode", "Total (spread)", "Points"], rows)}`,
);
log("wrote BENCHMARKS.md");
process.exit(0);
