// npm run bench:app — the dashboard in headless Chromium against the local service, each figure beside a
// baseline measured in the same run: the coin list's initial JavaScript against React + ReactDOM alone;
// the time to the coin table painted (and its steps) against Chromium showing /v1/coins itself; a 12-view
// scripted journey's requests against the distinct data its views need, under the real limit of 5 a minute.
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Browser, BrowserContext } from "@playwright/test";
import { loadConfig } from "../src/service/config/load.ts";
import { startService } from "../src/service/server.ts";
import {
  FIRST_PAINT_NOTE,
  type FirstPaint,
  firstPaintOf,
  firstPaintWatch,
  medianPhases,
  PHASES,
} from "./app-first-paint.ts";
import { gzipSize, reactAloneGzip, scriptsBeforeTable } from "./app-initial-js.ts";
import { JOURNEY, type JourneyView } from "./app-journey.ts";
import { launchBenchBrowser } from "./browser.ts";
import { median, table, writeSection } from "./report.ts";

const RUNS = Number(process.env.BENCH_RUNS ?? 7);
const FAST_KEY = "bench-unlimited-key";
const JOURNEY_KEY = "bench-journey-key";
const log = (line: string) => console.log(`bench: ${line}`);

const dataDir = mkdtempSync(join(tmpdir(), "bench-app-"));
const config = loadConfig({}, [
  "--market",
  "simulator",
  "--port",
  "0",
  "--data-dir",
  dataDir,
  "--history-days",
  "2",
  "--api-keys",
  `${FAST_KEY}:0,${JOURNEY_KEY}:5`,
  "--dashboard-dir",
  "dist/app",
]);
const service = await startService(config, { dashboardDir: "dist/app", log: () => {} });
const base = service.url;
log(`service at ${base}`);

// How many rows a painted coin table has: the coins the service lists (at most 50).
const listed = (await (await fetch(`${base}/v1/coins`, { headers: { "X-Api-Key": FAST_KEY } })).json()) as {
  coins: unknown[];
};
const ROWS = listed.coins.length;

const browser: Browser = await launchBenchBrowser();

async function newContext(apiKey: string): Promise<BrowserContext> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  await context.addInitScript((key) => {
    if (localStorage.getItem("cmd.settings") === null) {
      localStorage.setItem("cmd.settings", JSON.stringify({ apiKey: key }));
    }
  }, apiKey);
  return context;
}

// 1. Initial JavaScript of the coin list route, against React + ReactDOM alone.
let scripts: Map<string, Buffer>;
{
  const context = await newContext(FAST_KEY);
  await context.addInitScript(firstPaintWatch(ROWS));
  const page = await context.newPage();
  scripts = await scriptsBeforeTable(page, `${base}/`);
  const document = await page.evaluate(() => location.href);
  log(
    `scripts before the table on ${document}: ${[...scripts.keys()].map((u) => u.split("/").pop()).join(", ")}`,
  );
  await context.close();
}
const initialRaw = [...scripts.values()].reduce((sum, body) => sum + body.length, 0);
const initialGzip = [...scripts.values()].reduce((sum, body) => sum + gzipSize(body), 0);
const reactGzip = await reactAloneGzip();
log(`initial JS ${initialGzip} B gzip in ${scripts.size} files; React alone ${reactGzip} B`);

// 2. Navigation → coin table painted: cold (empty browser), warm (reload with the persisted cache), and
// the baseline of Chromium showing the same /v1/coins answer as a plain document.
const coldRuns: FirstPaint[] = [];
const warmRuns: FirstPaint[] = [];
const baseline: number[] = [];
for (let run = 0; run < RUNS; run++) {
  const context = await newContext(FAST_KEY);
  await context.addInitScript(firstPaintWatch(ROWS));
  const page = await context.newPage();
  coldRuns.push(await firstPaintOf(page, () => page.goto(`${base}/`)));
  await page.waitForTimeout(1500); // the persister writes at most once a second
  warmRuns.push(await firstPaintOf(page, () => page.reload()));
  const raw = await context.newPage();
  await raw.route("**/v1/coins", (route) =>
    route.continue({ headers: { ...route.request().headers(), "x-api-key": FAST_KEY } }),
  );
  await raw.goto(`${base}/v1/coins`, { waitUntil: "load" });
  baseline.push(
    await raw.evaluate(() => {
      const [entry] = performance.getEntriesByType("navigation") as PerformanceNavigationTiming[];
      return entry ? entry.loadEventEnd : Number.NaN;
    }),
  );
  await context.close();
}
const cold = coldRuns.map((run) => run.painted ?? Number.NaN);
const warm = warmRuns.map((run) => run.painted ?? Number.NaN);
const coldPhases = medianPhases(coldRuns);
const warmPhases = medianPhases(warmRuns);
log(
  `table painted: cold ${median(cold).toFixed(0)} ms, warm ${median(warm).toFixed(0)} ms, raw JSON ${median(baseline).toFixed(0)} ms`,
);

// 3. The 12-view journey under the real limit (5 a minute), counting at the service's request log.
const journeyStarted = Date.now();
const journey = await runJourney(JOURNEY);
const journeyMs = Date.now() - journeyStarted;
await browser.close();
await service.close();
const logged = readFileSync(join(dataDir, "requests.log"), "utf8")
  .split("\n")
  .filter((line) => line.trim() !== "")
  .map((line) => JSON.parse(line) as { client: string; path: string; status: number; method: string })
  .filter((entry) => entry.client.startsWith("key:") && entry.path.startsWith("/v1/"));
const journeyClient = journey.client;
const sent = logged.filter((entry) => entry.client === journeyClient);
const refused = sent.filter((entry) => entry.status === 429).length;
const needed = new Set(JOURNEY.flatMap((view) => view.needs));
const sentPaths = new Set(sent.map((entry) => `${entry.method} ${entry.path}`));
const unexpected = [...sentPaths].filter((path) => !needed.has(path));
const unsent = [...needed].filter((path) => !sentPaths.has(path));
rmSync(dataDir, { recursive: true, force: true });
log(
  `journey: ${sent.length} requests for ${needed.size} distinct data, ${refused} × 429, ${(journeyMs / 1000).toFixed(0)} s`,
);
if (unexpected.length > 0) log(`requests no view needed: ${unexpected.join(", ")}`);
if (unsent.length > 0) log(`needed but never sent: ${unsent.join(", ")}`);
log(`sent: ${sent.map((entry) => `${entry.method} ${entry.path} ${entry.status}`).join("; ")}`);

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const ms = (value: number) => `${value.toFixed(0)} ms`;
const at = (value: number | null) => (value === null ? "—" : ms(value));
const verdict = (ok: boolean) => (ok ? "met" : "**missed**");
const ratio = sent.length / needed.size;
writeSection(
  "app",
  "npm run bench:app",
  [
    "### Targets",
    "",
    table(
      ["What", "Measured", "Target", "Verdict"],
      [
        [
          "Initial JavaScript of the coin list route (gzip)",
          kb(initialGzip),
          "≤ 150 KB",
          verdict(initialGzip <= 150 * 1024),
        ],
        [
          "12-view journey: requests sent / distinct data needed",
          ratio.toFixed(2),
          "1.0",
          verdict(ratio <= 1),
        ],
        ["12-view journey: 429 answers", String(refused), "0", verdict(refused === 0)],
        [
          "Navigation → coin table painted, cold (median)",
          ms(median(cold)),
          "≤ 300 ms",
          verdict(median(cold) <= 300),
        ],
        [
          "Navigation → coin table painted, reload (median)",
          ms(median(warm)),
          "≤ 120 ms",
          verdict(median(warm) <= 120),
        ],
      ],
    ),
    "",
    "### Initial JavaScript (every script loaded until the coin table is painted)",
    "",
    table(
      ["What", "Raw", "Gzip", "Baseline: React + ReactDOM alone (gzip)", "Ratio"],
      [
        [
          `${scripts.size} files`,
          kb(initialRaw),
          kb(initialGzip),
          kb(reactGzip),
          (initialGzip / reactGzip).toFixed(2),
        ],
      ],
    ),
    "",
    `### Navigation → coin table painted (headless Chromium, local service, median of ${RUNS})`,
    "",
    table(
      ["Run", "Time", "Baseline: Chromium loading /v1/coins as a document", "Ratio"],
      [
        [
          "Cold (empty cache)",
          ms(median(cold)),
          ms(median(baseline)),
          (median(cold) / median(baseline)).toFixed(2),
        ],
        [
          "Reload (persisted cache, no request)",
          ms(median(warm)),
          ms(median(baseline)),
          (median(warm) / median(baseline)).toFixed(2),
        ],
      ],
    ),
    "",
    `Where the time goes (ms after the navigation started, median of each step over the ${RUNS} runs):`,
    "",
    table(
      ["Step", "Cold", "Reload"],
      PHASES.map(([phase, label]) => [label, at(coldPhases[phase]), at(warmPhases[phase])]),
    ),
    "",
    FIRST_PAINT_NOTE,
    "",
    "### The 12-view journey (limit 5 requests a minute, counted at the service)",
    "",
    table(
      ["View", "Needs"],
      JOURNEY.map((view) => [
        view.name,
        view.needs.length === 0 ? "(cached)" : view.needs.map((n) => `\`${n}\``).join(", "),
      ]),
    ),
    "",
    `${sent.length} requests sent for ${needed.size} distinct data needed (ratio ${ratio.toFixed(2)}), ${refused} answered 429; the journey took ${(journeyMs / 1000).toFixed(0)} s, most of it waiting for the budget.${unexpected.length > 0 ? ` Requests no view needed: ${unexpected.join(", ")}.` : ""}`,
  ].join("\n"),
);
log("wrote BENCHMARKS.md");

async function runJourney(views: readonly JourneyView[]): Promise<{ client: string }> {
  const context = await newContext(JOURNEY_KEY);
  const page = await context.newPage();
  await page.goto(`${base}${views[0]?.path ?? "/"}`);
  for (const [i, view] of views.entries()) {
    if (i > 0) {
      // In-app navigation, as a click on a link does it: history entry + popstate for the router.
      await page.evaluate((path) => {
        history.pushState({}, "", path);
        dispatchEvent(new PopStateEvent("popstate"));
      }, view.path);
    }
    const started = Date.now();
    await view.ready(page);
    log(`view ${i + 1} ${view.name}: ready after ${((Date.now() - started) / 1000).toFixed(1)} s`);
  }
  await page.waitForTimeout(1000);
  await context.close();
  const { createHash } = await import("node:crypto");
  return { client: `key:${createHash("sha256").update(JOURNEY_KEY).digest("hex").slice(0, 8)}` };
}
