// node --import tsx bench/metrics.bench.ts — what counting a response costs on the hottest path: the
// response cache serves about 20,000 requests a second per core (50 µs each), and every one of them goes
// through ServiceMetrics.observeResponse. Measured against, in the same run: a Map increment per answer (the
// least any per-endpoint count costs), and prom-client's counter and histogram called per answer, with the
// labels as an object and with the children of each label set kept in a map (both validate and hash the
// labels on every call). Writes its section of BENCHMARKS.md.
import { loadavg } from "node:os";
import { Counter, Histogram, Registry } from "prom-client";
import { ServiceMetrics } from "../src/service/ops/metrics.ts";
import { median, table, writeSection } from "./report.ts";

const CALLS = Number(process.env.BENCH_CALLS ?? 1_000_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 7);
/** The per-request time of a cached response that the cost is compared with. */
const CACHED_NS = 50_000;

// A realistic mix, precomputed so that the loop measures only the counting: the eleven endpoints and the
// rest, mostly 200 with some 429 and 404, durations from 40 µs to 30 ms.
const ENDPOINTS = [
  "GET /v1/coins",
  "GET /v1/pairs",
  "GET /v1/symbols",
  "GET /v1/quotation",
  "GET /v1/symbolDetails",
  "GET /v1/chartPoints",
  "GET /v1/chartPointsAllExchanges",
  "GET /v1/supply",
  "POST /v1/supply",
  "GET /v1/interestRate",
  "GET /v1/interestRateTypes",
  "other",
];
const MIX = 1024;
const endpoints = Array.from({ length: MIX }, (_, i) => ENDPOINTS[(i * 7) % ENDPOINTS.length] as string);
const methods = endpoints.map((endpoint) => (endpoint.startsWith("POST") ? "POST" : "GET"));
const statuses = Array.from({ length: MIX }, (_, i) => (i % 10 === 3 ? 429 : i % 50 === 7 ? 404 : 200));
const seconds = Array.from({ length: MIX }, (_, i) => (i % 5 === 0 ? 0.03 : 0.00004 + (i % 13) * 1e-6));

type Counting = (endpoint: string, method: string, status: number, duration: number) => void;

function mapIncrement(): Counting {
  const counts = new Map<string, number>();
  return (endpoint) => {
    counts.set(endpoint, (counts.get(endpoint) ?? 0) + 1);
  };
}

function promClientMetrics() {
  const registers = [new Registry()];
  const requests = new Counter({
    name: "requests_total",
    help: "h",
    labelNames: ["endpoint", "method", "status"],
    registers,
  });
  const durations = new Histogram({
    name: "duration_seconds",
    help: "h",
    labelNames: ["endpoint", "method"],
    buckets: [0.00005, 0.0001, 0.00025, 0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 1, 10],
    registers,
  });
  return { requests, durations };
}

function promClientPlain(): Counting {
  const { requests, durations } = promClientMetrics();
  return (endpoint, method, status, duration) => {
    requests.inc({ endpoint, method, status: String(status) });
    durations.observe({ endpoint, method }, duration);
  };
}

function promClientChildren(): Counting {
  const { requests, durations } = promClientMetrics();
  const children = new Map<string, Map<number, { count: () => void; observe: (s: number) => void }>>();
  return (endpoint, method, status, duration) => {
    const key = `${endpoint} ${method}`;
    let byStatus = children.get(key);
    if (byStatus === undefined) {
      byStatus = new Map();
      children.set(key, byStatus);
    }
    let child = byStatus.get(status);
    if (child === undefined) {
      const counter = requests.labels(endpoint, method, String(status));
      const histogram = durations.labels(endpoint, method);
      child = { count: () => counter.inc(), observe: (s) => histogram.observe(s) };
      byStatus.set(status, child);
    }
    child.count();
    child.observe(duration);
  };
}

function serviceMetrics(): Counting {
  const metrics = new ServiceMetrics({ processFigures: false });
  return (endpoint, method, status, duration) => metrics.observeResponse(endpoint, method, status, duration);
}

/** Nanoseconds per call of `count` over CALLS answers of the mix. */
function nsPerCall(count: Counting): number {
  const started = process.hrtime.bigint();
  for (let i = 0; i < CALLS; i++) {
    const k = i & (MIX - 1);
    count(endpoints[k] as string, methods[k] as string, statuses[k] as number, seconds[k] as number);
  }
  return Number(process.hrtime.bigint() - started) / CALLS;
}

const candidates: [string, () => Counting][] = [
  ["Map increment (baseline)", mapIncrement],
  ["prom-client per answer, labels as objects", promClientPlain],
  ["prom-client per answer, children kept in a map", promClientChildren],
  ["ServiceMetrics.observeResponse", serviceMetrics],
];
const loadAtStart = loadavg()[0] as number;
const results = new Map<string, number[]>(candidates.map(([name]) => [name, []]));
// Interleaved runs, each on fresh metrics, after a warm-up of each: a slow moment of a shared machine
// touches every candidate alike.
for (const [, make] of candidates) nsPerCall(make());
for (let run = 0; run < RUNS; run++) {
  for (const [name, make] of candidates) results.get(name)?.push(nsPerCall(make()));
}

const baseline = median(results.get("Map increment (baseline)") ?? []);
const rows = candidates.map(([name]) => {
  const ns = median(results.get(name) ?? []);
  return [name, ns.toFixed(0), (ns / baseline).toFixed(1), `${((ns / CACHED_NS) * 100).toFixed(2)} %`];
});
const body = [
  `observeResponse's cost per answer: the median of ${RUNS} interleaved runs of ${CALLS.toLocaleString("en")} calls`,
  `each (12 endpoints, statuses 200/429/404, durations 40 µs to 30 ms), after a warm-up. The share is of the`,
  `${CACHED_NS / 1000} µs a cached response takes (about 20,000 responses a second per core).`,
  `Load average at the start: ${loadAtStart.toFixed(1)} (a machine shared with other work).`,
  "",
  table(["Counting an answer", "ns per call", "× baseline", "share of a cached answer"], rows),
].join("\n");
console.log(body);
writeSection("metrics", "node --import tsx bench/metrics.bench.ts", body);
