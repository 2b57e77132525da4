// The first load of a page in Chromium carries what that page needs, asked for at once: the coin list
// fetches only the entry and the chunks it imports (no chart library, no other page's code), a page reached
// directly (a shared link to a chart) asks for its chunks together with the entry, from the preload links
// the service writes into the head; and the built files travel compressed and cacheable. Which files are
// which comes from the build's manifest, never from their names.
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { expect, type Page } from "@playwright/test";
import { presetSettings, test } from "./fixtures.ts";
import { networkQuiet } from "./network-quiet.ts";
import { DASHBOARD_DIR } from "./services.ts";

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  /** Files the chunk refers to by URL, such as a worker's script. */
  assets?: string[];
}

const manifest = JSON.parse(readFileSync(join(DASHBOARD_DIR, ".vite", "manifest.json"), "utf8")) as Record<
  string,
  ManifestChunk
>;

/** The classic script the build puts into the head to set the theme before the first paint. */
const themeScript = (() => {
  const html = readFileSync(join(DASHBOARD_DIR, "index.html"), "utf8");
  const found = /<script src="(\/assets\/theme-[^"]+\.js)"><\/script>/.exec(html)?.[1];
  if (found === undefined) throw new Error("the built index.html has no theme script");
  return found;
})();

/** The scripts a manifest key needs: its chunk and, recursively, the chunks it imports. */
function scriptsOf(key: string, into = new Set<string>()): Set<string> {
  const chunk = manifest[key];
  if (!chunk || into.has(`/${chunk.file}`)) return into;
  into.add(`/${chunk.file}`);
  for (const imported of chunk.imports ?? []) scriptsOf(imported, into);
  return into;
}

/** The paths of the build's chunks. */
const CHUNKS = new Set(
  Object.values(manifest)
    .map((chunk) => `/${chunk.file}`)
    .filter((path) => path.endsWith(".js")),
);
const entryKey = Object.keys(manifest).find((key) => manifest[key]?.isEntry) as string;
const entry = `/${manifest[entryKey]?.file}`;
/**
 * The scripts every page loads: the entry's chunks and those of the parts it imports one per task
 * (main.tsx), which index.html preloads.
 */
const entryScripts = (manifest[entryKey]?.dynamicImports ?? []).reduce(
  (into, part) => scriptsOf(part, into),
  scriptsOf(entryKey),
);
/** The workers the entry's own chunks start (the locale data's, at once): scripts of every page too. */
const entryWorkers = new Set(
  Object.values(manifest)
    .filter((chunk) => entryScripts.has(`/${chunk.file}`))
    .flatMap((chunk) => chunk.assets ?? [])
    .filter((asset) => asset.endsWith(".js"))
    .map((asset) => `/${asset}`),
);
const indexHtml = readFileSync(join(DASHBOARD_DIR, "index.html"), "utf8");
for (const script of entryScripts)
  if (!indexHtml.includes(`"${script}"`)) throw new Error(`index.html does not preload ${script}`);
const chartPageKey = "src/app/chart/chart-page.tsx";
const chartPage = `/${manifest[chartPageKey]?.file}`;

/** Paths of the scripts the page asks for from now on. */
function scriptsRequested(page: Page): string[] {
  const paths: string[] = [];
  page.on("request", (request) => {
    const { pathname } = new URL(request.url());
    if (pathname.endsWith(".js")) paths.push(pathname);
  });
  return paths;
}

// Each test with a client key of its own: together they ask for more than one address's 5 a minute.
test.beforeEach(({ client }) => {
  expect(client.key).toMatch(/^e2e-client-/);
});

test("the coin list loads its own code only: no chart library, no other page", async ({ page }) => {
  const requested = scriptsRequested(page);
  const styles: string[] = [];
  page.on("request", (request) => {
    const { pathname } = new URL(request.url());
    if (pathname.endsWith(".css")) styles.push(pathname);
  });
  await page.goto("/");
  await expect(page.getByRole("table", { name: /^Coins/ })).toContainText("BTC");
  await networkQuiet(page);
  // Idle time too: nothing is fetched on the side once the coins are shown.
  await page.waitForTimeout(2500);
  // The entry's chunks and workers, and the theme's few lines every page runs before its first paint.
  const own = new Set([...entryScripts, ...entryWorkers]).add(themeScript);
  expect(entryWorkers.size, "the entry starts the locale data's worker").toBe(1);
  expect(requested, "the locale data's worker").toEqual(expect.arrayContaining([...entryWorkers]));
  expect(requested.length).toBeGreaterThan(0);
  expect(requested.filter((path) => !own.has(path))).toEqual([]);
  const chartOnly = [...scriptsOf(chartPageKey)].filter((path) => !own.has(path));
  expect(chartOnly.length).toBeGreaterThan(0);
  for (const path of chartOnly) expect(requested).not.toContain(path);
  // Its stylesheets are all in the HTML, none asked for once a script has run (a round trip later).
  expect(styles.length).toBeGreaterThan(0);
  expect(styles.filter((path) => !indexHtml.includes(`href="${path}"`))).toEqual([]);
});

test("a chart reached directly asks for its chunks together with the entry", async ({ page }) => {
  // 100 ms a round trip: a chunk asked for only once the entry has run would start after the entry ended.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Network.enable");
  await cdp.send("Network.emulateNetworkConditions", {
    offline: false,
    latency: 100,
    downloadThroughput: -1,
    uploadThroughput: -1,
  });
  const answer = await page.goto("/chart/BTC");
  const html = (await answer?.text()) ?? "";
  const head = html.slice(0, html.indexOf("</head>"));
  const wanted = [...scriptsOf(chartPageKey)].filter((path) => !entryScripts.has(path));
  for (const path of wanted)
    expect(head).toContain(`<link rel="modulepreload" fetchpriority="low" crossorigin href="${path}">`);
  // The chart drawn: its chunk has come (the shell's heading says BTC before any of it).
  await expect(page.getByRole("img", { name: /^Chart of/ })).toBeVisible();
  const timing = await page.evaluate(
    ([entryPath, chunkPath]) => {
      const find = (path: string) =>
        performance.getEntriesByType("resource").find((e) => new URL(e.name).pathname === path) as
          | PerformanceResourceTiming
          | undefined;
      const first = find(entryPath as string);
      const chunk = find(chunkPath as string);
      return {
        entryEnded: first?.responseEnd ?? null,
        chunkStarted: chunk?.startTime ?? null,
      };
    },
    [entry, chartPage],
  );
  expect(timing.chunkStarted).not.toBeNull();
  expect(timing.entryEnded).not.toBeNull();
  expect(timing.chunkStarted as number).toBeLessThan(timing.entryEnded as number);
});

test("the built files travel compressed, kept a year, the page revalidated", async ({ page }) => {
  const responses = new Map<string, Record<string, string>>();
  page.on("response", (response) => {
    responses.set(new URL(response.url()).pathname, response.headers());
  });
  await page.goto("/");
  await expect(page.getByRole("table", { name: /^Coins/ })).toContainText("BTC");
  const script = responses.get(entry);
  expect(script?.["content-encoding"]).toBe("br");
  expect(script?.["cache-control"]).toBe("public, max-age=31536000, immutable");
  expect(script?.vary).toContain("Accept-Encoding");
  const document = responses.get("/");
  expect(document?.["cache-control"]).toBe("no-cache");
  expect(document?.etag).toMatch(/^"[^"]+"$/);
});

test("the build carries each library's production build, never its development one", () => {
  // react-router's package exports name only its development build (vite.config.ts productionRouter).
  const sources = [...CHUNKS]
    .map((chunk) => join(DASHBOARD_DIR, `${chunk}.map`))
    .filter((map) => existsSync(map)) // the bundler's few lines of runtime have none
    .flatMap((map) => (JSON.parse(readFileSync(map, "utf8")) as { sources: string[] }).sources)
    .filter((source) => source.includes("node_modules"));
  expect(sources.some((source) => source.includes("react-router/"))).toBe(true);
  expect(sources.filter((source) => /development/.test(source))).toEqual([]);
});

test("every script of a page opens with V8's hint to compile it all as it streams in", async ({ page }) => {
  // Compiled lazily, the chart library's functions were compiled on the main thread at their first call:
  // 115 ms of making the symbol page's chart at a phone's speed, 30 ms with the hint (vite.config.ts).
  const bodies = new Map<string, Promise<string>>();
  page.on("response", (response) => {
    const { pathname } = new URL(response.url());
    // The build's chunks (a worker is a file the manifest lists as an asset: it compiles off the main
    // thread; the theme's script is a few lines, a file of its own).
    if (CHUNKS.has(pathname) && pathname !== themeScript) bodies.set(pathname, response.text());
  });
  await page.goto("/chart/BTC");
  await expect(page.getByRole("heading", { level: 1 })).toContainText("BTC");
  await networkQuiet(page);
  expect([...bodies.keys()]).toEqual(expect.arrayContaining([entry, chartPage]));
  for (const [path, body] of bodies) {
    expect(`${path}: ${(await body).slice(0, 40).split("\n", 1)[0]}`).toBe(
      `${path}: //# allFunctionsCalledOnLoad`,
    );
  }
});

test("the HTML shows the page's frame before any script has run, in the theme the user chose", async ({
  page,
}) => {
  const lede = /^Interest rate fixings \(€STR, SOFR/;
  await presetSettings(page, { theme: "dark" });
  // The dashboard's scripts never arrive: what shows is the HTML, its stylesheet and the theme's lines.
  await page.route("**/assets/*.js", (route) =>
    new URL(route.request().url()).pathname === themeScript ? route.continue() : route.abort(),
  );
  await page.goto("/rates");
  await expect(page.getByRole("heading", { level: 1, name: "Interest rates" })).toBeVisible();
  await expect(page.getByText(lede)).toBeVisible();
  const nav = page.getByRole("navigation", { name: "Main" });
  await expect(nav.getByRole("link", { name: "Rates" })).toHaveAttribute("href", "/rates");
  await expect(page.locator("html")).toHaveAttribute("data-theme", "dark");

  // With its scripts, the page draws the same heading and lede where the HTML had them.
  await page.unroute("**/assets/*.js");
  await page.reload();
  await expect(page.getByRole("heading", { level: 2, name: "Rate types" })).toBeVisible();
  await expect(page.getByRole("heading", { level: 1, name: "Interest rates" })).toBeVisible();
  await expect(page.getByText(lede)).toBeVisible();
  await expect(page.locator("[data-shell]")).toHaveCount(0);
});

test("the HTML's page stays on screen until the page's own code can draw it: never an empty page", async ({
  page,
}) => {
  const ratesChunk = `/${manifest["src/app/rates/rates-page.tsx"]?.file}`;
  // The page's chunk comes a second and a half after the rest, as on a slow network.
  await page.route(`**${ratesChunk}`, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1500));
    await route.continue();
  });
  await page.goto("/rates", { waitUntil: "commit" });
  const headings: (string | null)[] = [];
  for (let sample = 0; sample < 25; sample++) {
    headings.push(await page.evaluate(() => document.querySelector("main h1")?.textContent ?? null));
    await page.waitForTimeout(100);
  }
  // From the first parse on, every sample shows the page's heading (samples taken before the HTML was
  // parsed, on a loaded machine more than the first, show nothing).
  const parsed = headings.indexOf("Interest rates");
  expect(parsed).toBeGreaterThanOrEqual(0);
  expect(headings.slice(parsed).filter((heading) => heading !== "Interest rates")).toEqual([]);
  await expect(page.getByRole("heading", { level: 2, name: "Rate types" })).toBeVisible();
});

test("the keyboard's place in the HTML's page is kept when the page's code takes over", async ({ page }) => {
  const ratesChunk = `/${manifest["src/app/rates/rates-page.tsx"]?.file}`;
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  // The entry and the page's chunk both held: the person tabs before any of the dashboard's code has run,
  // as on a slow network, where the HTML is up long before the scripts.
  for (const file of [entry, ratesChunk])
    await page.route(`**${file}`, async (route) => {
      await held;
      await route.continue();
    });
  await page.goto("/rates", { waitUntil: "commit" });
  await expect(page.locator("[data-shell]").first()).toBeAttached();
  for (const _ of [1, 2, 3]) await page.keyboard.press("Tab");
  const nav = page.getByRole("navigation", { name: "Main" });
  await expect(nav.getByRole("link", { name: "Coins" })).toBeFocused();
  release();
  await expect(page.getByRole("heading", { level: 2, name: "Rate types" })).toBeVisible();
  await expect(page.locator("[data-shell]")).toHaveCount(0);
  // React's own link now, where the shell's was.
  await expect(nav.getByRole("link", { name: "Coins" })).toBeFocused();
});
