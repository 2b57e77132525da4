// npm run bench:locale — what the dashboard's locale-data worker saves the main thread: a page's first
// Intl.NumberFormat in a fresh Chromium renderer, made on the main thread with nothing before it (the
// baseline: the browser loads its locale data there and then), and made after the dashboard's built
// locale-data-worker answered (src/app/format/warm-locale-data.ts). Also the worst case: the format asked
// for the moment the worker is started. Each run is a new browser context, so a new renderer process.
import { readdirSync } from "node:fs";
import { startTestService } from "../src/service/testing/test-service.ts";
import { launchBenchBrowser } from "./browser.ts";
import { median, table, writeSection } from "./report.ts";

const RUNS = Number(process.env.BENCH_RUNS ?? 9);
const log = (line: string) => console.log(`bench: ${line}`);

const worker = readdirSync("dist/app/assets").find((file) => /^locale-data-worker-.*\.js$/.test(file));
if (!worker) throw new Error("dist/app has no locale-data worker: run vite build");

// The test service (stopped clocks, its history copied, the built dashboard at /): only its files are used.
const service = await startTestService();
const browser = await launchBenchBrowser();

type Case = "cold" | "worker done" | "worker started";
const CASES: Case[] = ["cold", "worker done", "worker started"];
const timings = new Map<Case, number[]>(CASES.map((name) => [name, []]));

// The page's first formats, as the coin table makes them: a price and a compact amount.
const FIRST_FORMATS = `(() => {
  const started = performance.now();
  new Intl.NumberFormat(undefined, { style: "currency", currency: "USD", minimumFractionDigits: 2 }).format(95123.5);
  new Intl.NumberFormat(undefined, { notation: "compact", maximumFractionDigits: 2 }).format(19.9e6);
  return performance.now() - started;
})()`;

try {
  for (let run = 0; run < RUNS; run++) {
    for (const name of CASES) {
      const context = await browser.newContext();
      const page = await context.newPage();
      // A same-origin document that runs none of the dashboard's code.
      await page.goto(`${service.url}/favicon.svg`);
      if (name !== "cold") {
        await page.evaluate(`(() => {
          window.__localeWorker = new Worker("/assets/${worker}", { type: "module" });
          window.__localeReady = new Promise((ready) => { window.__localeWorker.onmessage = ready; });
        })()`);
        if (name === "worker done") await page.evaluate("window.__localeReady.then(() => undefined)");
      }
      timings.get(name)?.push((await page.evaluate(FIRST_FORMATS)) as number);
      await context.close();
    }
  }
} finally {
  await browser.close();
  await service.stop();
}

const cold = median(timings.get("cold") ?? []);
const rows = CASES.map((name) => {
  const values = timings.get(name) ?? [];
  const mid = median(values);
  return [
    name === "cold"
      ? "cold: nothing before it (baseline)"
      : name === "worker done"
        ? "after the worker answered"
        : "asked as the worker starts",
    `${mid.toFixed(1)} ms`,
    `${Math.min(...values).toFixed(1)}–${Math.max(...values).toFixed(1)} ms`,
    name === "cold" ? "1" : (mid / cold).toFixed(3),
  ];
});
const body = [
  `A page's first two number formats on the main thread, in a fresh renderer, median of ${RUNS} runs (headless Chromium, no CPU throttling; Lighthouse's mobile profile multiplies main-thread time by 4).`,
  "",
  table(["Case", "Median", "Range", "× baseline"], rows),
].join("\n");
for (const row of rows) log(row.join(" · "));
writeSection("locale", "npm run bench:locale", body);
