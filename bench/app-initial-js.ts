// The coin list route's initial JavaScript: every script the page asked for before the coin table was
// painted (the other pages' code, fetched once idle after the first data, is not the coin list's), and its
// baseline, React + ReactDOM alone, bundled and minified the way Vite builds the dashboard.
import { gzipSync } from "node:zlib";
import type { Page } from "@playwright/test";
import { build } from "esbuild";
import { firstPaintOf } from "./app-first-paint.ts";

/** The scripts `page` loaded from `url` before the table was painted, by URL; `page` watches the first paint. */
export async function scriptsBeforeTable(page: Page, url: string): Promise<Map<string, Buffer>> {
  const scripts = new Map<string, Buffer>();
  const bodies = new Map<string, Promise<Buffer>>();
  page.on("response", (response) => {
    if (response.url().endsWith(".js")) {
      // Scripts still arriving when the context closes are not the coin list's: never awaited, never thrown.
      bodies.set(
        response.url(),
        response.body().catch(() => Buffer.alloc(0)),
      );
    }
  });
  const { painted } = await firstPaintOf(page, () => page.goto(url));
  const before = await page.evaluate((painted) => {
    return performance
      .getEntriesByType("resource")
      .filter((entry) => entry.name.endsWith(".js") && entry.startTime < (painted ?? 0))
      .map((entry) => entry.name);
  }, painted);
  for (const url of before) {
    const body = bodies.get(url);
    if (body) scripts.set(url, await body);
  }
  // Scripts of the HTML itself (the entry) are not always resource entries: take them from the responses.
  for (const [url, body] of bodies)
    if (url.includes("/assets/index-") && !scripts.has(url)) scripts.set(url, await body);
  return scripts;
}

export const gzipSize = (bytes: Buffer | Uint8Array) => gzipSync(bytes, { level: 9 }).length;

/** The baseline: the smallest React app, React + ReactDOM rendering one element, minified, gzip size. */
export async function reactAloneGzip(): Promise<number> {
  const reactAlone = await build({
    stdin: {
      contents:
        "import { createRoot } from 'react-dom/client'; import { createElement } from 'react'; createRoot(document.body).render(createElement('p'));",
      resolveDir: process.cwd(),
    },
    bundle: true,
    minify: true,
    format: "esm",
    write: false,
    define: { "process.env.NODE_ENV": '"production"' },
    logLevel: "silent",
  });
  return gzipSize(reactAlone.outputFiles[0]?.contents ?? new Uint8Array());
}
