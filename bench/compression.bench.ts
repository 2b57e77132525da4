// npm run bench:compression (node --import tsx bench/compression.bench.ts) — the response writer's
// compression levels (LEVELS in src/service/http/encoding.ts) against time and size, on real responses of the
// running service: brotli qualities 1, 4, 5, 6, 9 and 11 and gzip levels 1, 6 and 9, each body's size, its share of
// the plain body and the time to compress it on this thread, the baseline being gzip 6 (zlib's default, what
// most servers send) measured in the same run. The options are the response writer's:
// brotli in text mode with the body's size as a hint, gzip at the level only.
import { loadavg } from "node:os";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import { loadConfig } from "../src/service/config/load.ts";
import { LEVELS } from "../src/service/http/encoding.ts";
import { startService } from "../src/service/server.ts";
import { median, table, writeSection } from "./report.ts";
import { benchDataDir, chartPath, HUNDRED_THOUSAND_RAW_SECONDS } from "./service-data.ts";

const log = (line: string) => console.log(`bench: ${line}`);
const loadAtStart = loadavg()[0] ?? 0;
/** Each level's time is the median of runs adding up to at least this long (and at least three). */
const MIN_TIMED_MS = Number(process.env.BENCH_MIN_TIMED_MS ?? 300);

const { dataDir, dispose } = await benchDataDir("compression", log);
const config = loadConfig({}, [
  "--market",
  "simulator",
  "--port",
  "0",
  "--data-dir",
  dataDir,
  "--rate-limit",
  "0",
  "--history-days",
  "30",
]);
const service = await startService(config, { live: false, log: () => {} });
const nowS = Math.floor(Date.now() / 1000);

const answers = [
  { name: "24 h of raw chart points (BTC, all exchanges)", path: chartPath(86_400, "", nowS) },
  { name: "100,000 raw chart points", path: chartPath(HUNDRED_THOUSAND_RAW_SECONDS, "", nowS) },
  { name: "/v1/coins", path: "/v1/coins" },
  { name: "/v1/symbol/BTC", path: "/v1/symbol/BTC" },
];

type Level = { coding: "br" | "gzip"; level: number };
const LEVELS_MEASURED: Level[] = [
  ...[1, 4, 5, 6, 9, 11].map((level) => ({ coding: "br" as const, level })),
  ...[1, 6, 9].map((level) => ({ coding: "gzip" as const, level })),
];

function compress(body: Buffer, { coding, level }: Level): Buffer {
  return coding === "br"
    ? brotliCompressSync(body, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: level,
          [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
          [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
        },
      })
    : gzipSync(body, { level });
}

/** The compressed size and the median time of compressing `body` at a level. */
function measure(body: Buffer, level: Level): { bytes: number; ms: number; runs: number } {
  const times: number[] = [];
  let bytes = 0;
  let spent = 0;
  while (times.length < 3 || spent < MIN_TIMED_MS) {
    const started = performance.now();
    bytes = compress(body, level).length;
    const ms = performance.now() - started;
    times.push(ms);
    spent += ms;
  }
  return { bytes, ms: median(times), runs: times.length };
}

const chosen = (level: Level) =>
  level.level === LEVELS.whole[level.coding]
    ? " (whole answers)"
    : level.level === LEVELS.streamed[level.coding]
      ? " (streamed answers)"
      : "";
const sections: string[] = [];
/** The response writer's levels beside their neighbours, per response: what LEVELS is judged by. */
const verdicts: (string | number)[][] = [];
for (const answer of answers) {
  const response = await fetch(service.url + answer.path, { headers: { "Accept-Encoding": "identity" } });
  const body = Buffer.from(await response.arrayBuffer());
  if (response.status !== 200) throw new Error(`${answer.path}: ${response.status} ${body}`);
  const results = LEVELS_MEASURED.map((level) => ({ level, ...measure(body, level) }));
  const gzip6 = results.find((r) => r.level.coding === "gzip" && r.level.level === 6);
  if (gzip6 === undefined) throw new Error("gzip 6 is the baseline and must be measured");
  const rows = results.map(({ level, bytes, ms, runs }) => [
    `${level.coding === "br" ? "brotli" : "gzip"} ${level.level}${chosen(level)}`,
    bytes.toLocaleString("en"),
    `${((100 * bytes) / body.length).toFixed(1)} %`,
    (body.length / bytes).toFixed(1),
    ms < 10 ? ms.toFixed(2) : ms.toFixed(0),
    (ms / gzip6.ms).toFixed(2),
    (bytes / gzip6.bytes).toFixed(3),
    runs,
  ]);
  const at = (coding: "br" | "gzip", level: number) => {
    const found = results.find((r) => r.level.coding === coding && r.level.level === level);
    if (found === undefined) throw new Error(`${coding} ${level} was not measured`);
    return found;
  };
  for (const [coding, level, other] of [
    ["br", LEVELS.whole.br, LEVELS.streamed.br],
    ["br", LEVELS.whole.br, 6],
    ["gzip", LEVELS.whole.gzip, 9],
  ] as const) {
    if (level === other) continue;
    const ours = at(coding, level);
    const theirs = at(coding, other);
    verdicts.push([
      answer.name,
      `${coding === "br" ? "brotli" : "gzip"} ${level} against ${other}`,
      (ours.bytes / theirs.bytes).toFixed(3),
      (ours.ms / theirs.ms).toFixed(2),
    ]);
  }
  log(`${answer.name}: ${body.length} bytes measured`);
  sections.push(`#### ${answer.name}: ${body.length.toLocaleString("en")} bytes plain

\`GET ${answer.path.replace(/starttime=\d+&endtime=\d+/, "starttime=…&endtime=…")}\`

${table(["Coding and level", "Bytes", "Of plain", "Ratio", "ms", "Time × gzip 6", "Bytes × gzip 6", "Runs"], rows)}`);
}
await service.close();
dispose();

writeSection(
  "compression",
  "npm run bench:compression",
  `### Compression levels on the service's own answers

Each answer as the running service gives it (seeded as bench:service seeds: a month of the simulated market,
the BTC all-exchanges series lengthened by 110 days of synthetic block values to reach 100,000 raw points),
compressed on this thread with the response writer's options at each level; "ms" is the median of at least three runs
(and of ${MIN_TIMED_MS} ms of them). The response writer's choice (LEVELS in src/service/http/encoding.ts) is marked:
whole answers brotli ${LEVELS.whole.br} / gzip ${LEVELS.whole.gzip}, kept compressed once per answer; answers of
256 KiB and more streamed as they are compressed at brotli ${LEVELS.streamed.br} / gzip ${LEVELS.streamed.gzip}.
Bodies under 1 KiB (a quotation, about 200 bytes) travel as they are. Load average (1 min) at the start:
${loadAtStart.toFixed(1)} on this machine's cores (compressing runs on one).

The response writer's levels for whole answers beside their neighbours (below 1 its level is smaller or faster):

${table(["Answer", "Levels", "Bytes × the other", "Time × the other"], verdicts)}

${sections.join("\n\n")}`,
);
log("wrote BENCHMARKS.md");
