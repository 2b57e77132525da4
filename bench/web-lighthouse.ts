// One Lighthouse 12 run of a page with its default settings (mobile: a mid-range phone, simulated slow 4G,
// 4× CPU slowdown), in a Chromium of its own with a fresh profile, and the figures bench:web reports from it.
import { createServer } from "node:net";
import lighthouseRun from "lighthouse";
import { launchBenchBrowser } from "./browser.ts";

export interface LighthouseFigures {
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  /** Milliseconds. */
  fcp: number;
  lcp: number;
  tbt: number;
  cls: number;
  /** Bytes Lighthouse counted transferred during the load. */
  totalBytes: number;
  /** The findings: what each audit lists (empty when it passes). */
  textCompression: string[];
  cacheLifetime: string[];
  unusedJavaScript: string[];
  /** Audits of the three 100-point categories that did not pass, by id. */
  failedAudits: string[];
}

interface Audit {
  score: number | null;
  numericValue?: number;
  details?: { items?: Record<string, unknown>[] };
}

interface Report {
  categories: Record<string, { score: number | null; auditRefs: { id: string; weight: number }[] }>;
  audits: Record<string, Audit>;
  runtimeError?: { message: string };
}

const file = (url: unknown) => String(url).replace(/^https?:\/\/[^/]+/, "");
const kib = (bytes: unknown) => `${(Number(bytes) / 1024).toFixed(1)} KiB`;

/** Lighthouse's own advice on a failed trace recording (NO_NAVSTART, seen now and then here): run it again. */
const ATTEMPTS = 3;

export async function lighthouse(url: string): Promise<LighthouseFigures> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await lighthouseOnce(url);
    } catch (error) {
      if (attempt >= ATTEMPTS) throw error;
      console.log(`bench: ${error instanceof Error ? error.message : error}; running it again`);
    }
  }
}

async function lighthouseOnce(url: string): Promise<LighthouseFigures> {
  const port = await freePort();
  // Lighthouse drives the browser over its debugging port (Playwright keeps its own pipe).
  const browser = await launchBenchBrowser(["--disable-component-update", `--remote-debugging-port=${port}`]);
  try {
    const result = await lighthouseRun(url, { port, output: "json", logLevel: "error" });
    const report = result?.lhr as unknown as Report | undefined;
    if (!report) throw new Error(`Lighthouse on ${url}: no report`);
    if (report.runtimeError) throw new Error(`Lighthouse on ${url}: ${report.runtimeError.message}`);
    return figuresOf(report);
  } finally {
    await browser.close();
  }
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => resolve(typeof address === "object" && address ? address.port : 0));
    });
  });
}

function figuresOf(report: Report): LighthouseFigures {
  const score = (category: string) => Math.round((report.categories[category]?.score ?? 0) * 100);
  const value = (audit: string) => report.audits[audit]?.numericValue ?? Number.NaN;
  const items = (audit: string) => report.audits[audit]?.details?.items ?? [];
  const failedAudits = ["accessibility", "best-practices", "seo"].flatMap((category) =>
    (report.categories[category]?.auditRefs ?? [])
      .filter((ref) => ref.weight > 0 && (report.audits[ref.id]?.score ?? 1) < 1)
      .map((ref) => ref.id),
  );
  return {
    performance: score("performance"),
    accessibility: score("accessibility"),
    bestPractices: score("best-practices"),
    seo: score("seo"),
    fcp: value("first-contentful-paint"),
    lcp: value("largest-contentful-paint"),
    tbt: value("total-blocking-time"),
    cls: value("cumulative-layout-shift"),
    totalBytes: value("total-byte-weight"),
    textCompression: items("uses-text-compression").map(
      (item) => `${file(item.url)} (${kib(item.wastedBytes)} to save)`,
    ),
    cacheLifetime: items("uses-long-cache-ttl").map(
      (item) => `${file(item.url)} (${Math.round(Number(item.cacheLifetimeMs) / 1000)} s)`,
    ),
    unusedJavaScript: items("unused-javascript").map(
      (item) => `${file(item.url)} (${kib(item.wastedBytes)} of ${kib(item.totalBytes)} unused)`,
    ),
    failedAudits,
  };
}
