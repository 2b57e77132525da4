// The coin table's first paint, timed in the page: when it is painted, and where the time went on the way
// (the HTML, the scripts, their evaluation, React's first commit, the /v1/coins request, the rows in the
// DOM), all in ms after the navigation started.
import type { Page } from "@playwright/test";
import { median } from "./report.ts";

export const PHASES = [
  ["html", "HTML received"],
  ["scripts", "Scripts received (every one loaded before the table)"],
  ["domContentLoaded", "DOMContentLoaded (the module scripts evaluated)"],
  ["firstCommit", "React's first commit (the skeleton)"],
  ["coinsSent", "GET /v1/coins sent"],
  ["coinsReceived", "GET /v1/coins received"],
  ["rows", "Every row in the DOM"],
  ["painted", "Table painted (the next frame)"],
] as const;

export type Phase = (typeof PHASES)[number][0];
/** A phase's time, or null when the run had no such step (a reload sends no request). */
export type FirstPaint = Record<Phase, number | null>;

/** What the page logs once the table is painted. */
const PAINTED = "bench: coin table painted";

/**
 * The page's side: marks the first commit, the rows and the frame after them, and says so on the console.
 * A string, not a function: tsx would wrap a function's inner closures in helpers the page does not have.
 */
export const firstPaintWatch = (rowCount: number) => `(() => {
  const marks = (window.__firstPaint = {});
  const mark = (name) => { if (marks[name] === undefined) marks[name] = performance.now(); };
  const done = () => {
    if (document.getElementById("root")?.firstChild) mark("firstCommit");
    if (document.querySelectorAll("table tbody tr").length < ${rowCount}) return false;
    mark("rows");
    requestAnimationFrame(() => { mark("painted"); console.debug(${JSON.stringify(PAINTED)}); });
    return true;
  };
  const observer = new MutationObserver(() => { if (done()) observer.disconnect(); });
  document.addEventListener("DOMContentLoaded", () => {
    mark("domContentLoaded");
    if (!done()) observer.observe(document.body, { childList: true, subtree: true });
  });
})();`;

/**
 * Runs `navigate` (a goto or a reload), waits for the table to be painted, then reads every phase of the
 * load. The wait listens to the console instead of polling the page: polling (waitForFunction) injects
 * Playwright's script into the page during the load, ~10 ms of main-thread work the page would not do.
 */
export async function firstPaintOf(page: Page, navigate: () => Promise<unknown>): Promise<FirstPaint> {
  const painted = page.waitForEvent("console", {
    predicate: (message) => message.text() === PAINTED,
    timeout: 30_000,
  });
  await navigate();
  await painted;
  return page.evaluate(() => {
    const marks = (window as unknown as { __firstPaint: Record<string, number> }).__firstPaint;
    const [navigation] = performance.getEntriesByType("navigation") as PerformanceNavigationTiming[];
    const resources = performance.getEntriesByType("resource") as PerformanceResourceTiming[];
    const scripts = resources.filter(
      (entry) => entry.name.endsWith(".js") && entry.startTime < (marks.rows ?? Number.POSITIVE_INFINITY),
    );
    const coins = resources.find((entry) => new URL(entry.name).pathname === "/v1/coins");
    return {
      html: navigation ? navigation.responseEnd : null,
      scripts: scripts.length > 0 ? Math.max(...scripts.map((entry) => entry.responseEnd)) : null,
      domContentLoaded: marks.domContentLoaded ?? null,
      firstCommit: marks.firstCommit ?? null,
      coinsSent: coins ? coins.startTime : null,
      coinsReceived: coins ? coins.responseEnd : null,
      rows: marks.rows ?? null,
      painted: marks.painted ?? null,
    };
  });
}

/** The middle value (the upper one of an even count); NaN of none. */
/** Each phase's median over the runs that had it, null when none had. */
export function medianPhases(runs: FirstPaint[]): FirstPaint {
  return Object.fromEntries(
    PHASES.map(([phase]) => {
      const values = runs.map((run) => run[phase]).filter((value): value is number => value !== null);
      return [phase, values.length === 0 ? null : median(values)];
    }),
  ) as FirstPaint;
}

/** What the steps above are made of, found when the first paint was worked on (issue 9, part 5). */
export const FIRST_PAINT_NOTE = [
  "**What the first paint waited for** (issue 9, part 5: the builds before and after, alternating in one session on this",
  "machine, 15 runs each, medians of the steps above). Before, a serial chain: HTML → entry → the lazily loaded coins chunk,",
  "asked for only once React rendered the route → the persister's IndexedDB restore, which holds every query back (opening",
  "IndexedDB in a new profile costs 40–100 ms) → the budget's Web Lock → /v1/coins → decoding and rendering. When the chunk",
  "came after React's first commit, the Suspense fallback showed, and React reveals a page no sooner than 300 ms after a",
  "fallback appears: the 652 ms of the issue (the old build's cold runs here: 230–497 ms). Now the coin list is in the entry",
  "(+4 KB gzip); a browser that never stored the cache waits for no restore (a localStorage mark, set when the cache is",
  "written, says whether there is one), and when there is one, its read starts before React renders; the table's number",
  "formats are made while the coins are on their way (a page's first currency format costs 10–20 ms), the full time of",
  "“updated … ago” when hovered (the first date format, ~20 ms). Cold: /v1/coins sent at 232 → 183 ms, table painted",
  "292 → 261 ms (runs 199–328 ms); reload 75 → 83 ms (the entry is larger; still no request). What is left is the main",
  "thread: evaluating ~450 KB of JavaScript (~50 ms; zod, which the coin list needs for the interface's schemas, is ~90 KB",
  "of it), React's first render (~35 ms), the first frame, which the budget's lock grant waits behind (~40 ms from request",
  "to grant during the load, 2–8 ms on an idle page), then decoding, rendering and laying out the rows (~60 ms).",
].join(" ");
