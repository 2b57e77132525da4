// npm run bench:web — the dashboard as a phone on a slow network meets it, before and after, in one run:
// Lighthouse 12 with its mobile defaults on the coin list, a coin, its chart and the rates (the median of
// BENCH_RUNS runs each, the two builds' runs interleaved so the machine's ups and downs fall on both), and
// the bytes on the wire of the coin list's first load. "Before" is a baseline commit (BENCH_WEB_BASE,
// default the parent of the first-load work) checked out, built and served beside this tree.
import { loadavg } from "node:os";
import { launchBenchBrowser } from "./browser.ts";
import { median, table, writeSection } from "./report.ts";
import { baselineBuild, currentBuild, type RunningBuild, startBuild } from "./web-builds.ts";
import { coinListBytes, type WireBytes } from "./web-bytes.ts";
import { type LighthouseFigures, lighthouse } from "./web-lighthouse.ts";

const BASE_COMMIT = process.env.BENCH_WEB_BASE ?? "02aacc7";
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const HISTORY_DAYS = Number(process.env.BENCH_WEB_HISTORY_DAYS ?? 30);
const PAGES = ["/", "/symbol/BTC", "/chart/BTC", "/rates"] as const;
type PagePath = (typeof PAGES)[number];
const log = (line: string) => console.log(`bench: ${line}`);
const load = () =>
  loadavg()
    .map((value) => value.toFixed(2))
    .join(", ");

const loadAtStart = load();
log(`load average ${loadAtStart}; building the baseline ${BASE_COMMIT}`);
const builds = [baselineBuild(BASE_COMMIT), currentBuild()];
log(`starting both services (${HISTORY_DAYS} days of history each)`);
const [before, after] = (await Promise.all(
  builds.map((build, i) => startBuild(build, 18_700 + i, HISTORY_DAYS)),
)) as [RunningBuild, RunningBuild];

const bytes = new Map<RunningBuild, WireBytes[]>([
  [before, []],
  [after, []],
]);
const browser = await launchBenchBrowser();
for (let run = 0; run < RUNS; run++) {
  for (const build of [before, after]) {
    const measured = await coinListBytes(browser, `${build.url}/`);
    bytes.get(build)?.push(measured);
    log(`${build.name}: coin list first load ${kib(measured.total)} in ${measured.files.length} responses`);
  }
}
await browser.close();

const reports = new Map<string, LighthouseFigures[]>();
const key = (build: RunningBuild, page: PagePath) => `${build.name} ${page}`;
for (let run = 0; run < RUNS; run++) {
  for (const page of PAGES) {
    for (const build of [before, after]) {
      const figures = await lighthouse(`${build.url}${page}`);
      reports.set(key(build, page), [...(reports.get(key(build, page)) ?? []), figures]);
      log(
        `run ${run + 1} ${build.name} ${page}: performance ${figures.performance}, LCP ${ms(figures.lcp)}, TBT ${ms(figures.tbt)}`,
      );
    }
  }
}
await Promise.all([before.stop(), after.stop()]);
const loadAtEnd = load();

/** The figures of a build's page: each the median of its runs. */
function medians(build: RunningBuild, page: PagePath): LighthouseFigures & { runs: LighthouseFigures[] } {
  const runs = reports.get(key(build, page)) ?? [];
  const of = (pick: (figures: LighthouseFigures) => number) => median(runs.map(pick));
  // Findings are lists: those of the run whose performance score is the median.
  const middle = [...runs].sort((a, b) => a.performance - b.performance)[
    runs.length >> 1
  ] as LighthouseFigures;
  return {
    ...middle,
    performance: of((f) => f.performance),
    accessibility: of((f) => f.accessibility),
    bestPractices: of((f) => f.bestPractices),
    seo: of((f) => f.seo),
    fcp: of((f) => f.fcp),
    lcp: of((f) => f.lcp),
    tbt: of((f) => f.tbt),
    cls: of((f) => f.cls),
    totalBytes: of((f) => f.totalBytes),
    runs,
  };
}

function kib(value: number): string {
  return `${(value / 1024).toFixed(0)} KiB`;
}
function ms(value: number): string {
  return `${(value / 1000).toFixed(2)} s`;
}
const verdict = (ok: boolean) => (ok ? "met" : "**missed**");
const findings = (list: string[]) => (list.length === 0 ? "none" : list.join("; "));

const home = { before: medians(before, "/"), after: medians(after, "/") };
const wire = {
  before: median((bytes.get(before) ?? []).map((b) => b.total)),
  after: median((bytes.get(after) ?? []).map((b) => b.total)),
};
const others = PAGES.filter((page) => page !== "/");
const targetRows: string[][] = [
  ...PAGES.map((page) => {
    const [b, a] = [medians(before, page), medians(after, page)];
    return [
      `Performance, ${page}`,
      String(b.performance),
      String(a.performance),
      "≥ 95",
      verdict(a.performance >= 95),
    ];
  }),
  [
    "Largest contentful paint, /",
    ms(home.before.lcp),
    ms(home.after.lcp),
    "≤ 1.8 s",
    verdict(home.after.lcp <= 1800),
  ],
  ...others.map((page) => {
    const [b, a] = [medians(before, page), medians(after, page)];
    return [`Largest contentful paint, ${page}`, ms(b.lcp), ms(a.lcp), "≤ 2.5 s", verdict(a.lcp <= 2500)];
  }),
  ...(["accessibility", "bestPractices", "seo"] as const).map((category) => {
    const lowest = (build: RunningBuild) => Math.min(...PAGES.map((page) => medians(build, page)[category]));
    const name = { accessibility: "Accessibility", bestPractices: "Best practices", seo: "SEO" }[category];
    return [
      `${name}, lowest of the four pages`,
      String(lowest(before)),
      String(lowest(after)),
      "100",
      verdict(lowest(after) === 100),
    ];
  }),
  ...(
    [
      ["Text compression findings on /", "textCompression"],
      ["Cache lifetime findings on / (uses-long-cache-ttl)", "cacheLifetime"],
      ["Unused JavaScript findings on / (a file with > 20 KiB unused)", "unusedJavaScript"],
    ] as const
  ).map(([what, field]) => [
    what,
    String(home.before[field].length),
    String(home.after[field].length),
    "0",
    verdict(home.after[field].length === 0),
  ]),
  [
    "Bytes on the wire, the coin list's first load",
    kib(wire.before),
    kib(wire.after),
    "≤ 170 KiB",
    verdict(wire.after <= 170 * 1024),
  ],
];

const pageRows = PAGES.flatMap((page) =>
  [before, after].map((build) => {
    const f = medians(build, page);
    return [
      page,
      build.name,
      String(f.performance),
      ms(f.fcp),
      ms(f.lcp),
      `${Math.round(f.tbt)} ms`,
      f.cls.toFixed(3),
      String(f.accessibility),
      String(f.bestPractices),
      String(f.seo),
      kib(f.totalBytes),
      f.runs.map((run) => run.performance).join(", "),
    ];
  }),
);

const fileRows = (build: RunningBuild) => {
  const runs = bytes.get(build) ?? [];
  const middle = [...runs].sort((a, b) => a.total - b.total)[runs.length >> 1];
  return (middle?.files ?? []).map((file) => [`\`${file.path}\``, `${(file.bytes / 1024).toFixed(1)} KiB`]);
};

writeSection(
  "web",
  "npm run bench:web",
  [
    `Before: \`${before.commit}\`; after: \`${after.commit}\`. Each build served by its own service (fresh data`,
    `directory, the default 28 coins, ${HISTORY_DAYS} days of history, fair-usage limit off so that ${RUNS * PAGES.length * 2} Lighthouse`,
    `runs from one address measure loading, not waiting). Load average (1, 5, 15 min) at the start ${loadAtStart},`,
    `at the end ${loadAtEnd}: Lighthouse's simulated throttling scales the CPU time it observes, so a busy machine`,
    "lowers the performance score (total blocking time) and raises the paints.",
    "",
    "### Targets",
    "",
    table(["What", "Before", "After", "Target", "Verdict"], targetRows),
    "",
    `### Lighthouse 12, mobile defaults (a mid-range phone, simulated slow 4G), median of ${RUNS} runs`,
    "",
    table(
      [
        "Page",
        "Build",
        "Performance",
        "FCP",
        "LCP",
        "TBT",
        "CLS",
        "Accessibility",
        "Best practices",
        "SEO",
        "Bytes",
        "Performance of each run",
      ],
      pageRows,
    ),
    "",
    "Audits of accessibility, best practices and SEO that did not pass (median run):",
    "",
    table(
      ["Page", "Before", "After"],
      PAGES.map((page) => [
        page,
        findings(medians(before, page).failedAudits),
        findings(medians(after, page).failedAudits),
      ]),
    ),
    "",
    "### Findings on / (median run)",
    "",
    table(
      ["Audit", "Before", "After"],
      [
        ["Text compression", findings(home.before.textCompression), findings(home.after.textCompression)],
        [
          "Cache lifetime",
          `${home.before.cacheLifetime.length} files: ${findings(home.before.cacheLifetime.slice(0, 3))}${home.before.cacheLifetime.length > 3 ? "; …" : ""}`,
          findings(home.after.cacheLifetime),
        ],
        ["Unused JavaScript", findings(home.before.unusedJavaScript), findings(home.after.unusedJavaScript)],
      ],
    ),
    "",
    `### Bytes on the wire of the coin list's first load (Chromium, empty cache, median of ${RUNS})`,
    "",
    "Transfer sizes from the DevTools protocol (headers and body as they crossed the network), Chromium",
    "sending its own `Accept-Encoding: gzip, deflate, br, zstd`, from the navigation until the coin table",
    "shows and the network has been quiet for 3 s.",
    "",
    table(
      ["Build", "Bytes", "Responses"],
      [
        ["before", kib(wire.before), String(fileRows(before).length)],
        ["after", kib(wire.after), String(fileRows(after).length)],
      ],
    ),
    "",
    "After, by response:",
    "",
    table(["Response", "Bytes"], fileRows(after)),
    "",
    "Before, by response:",
    "",
    table(["Response", "Bytes"], fileRows(before)),
  ].join("\n"),
);
log("wrote BENCHMARKS.md");
