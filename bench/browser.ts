// The headless Chromium the browser benchmarks drive: Playwright's own build where installed, else
// Debian's, with the flags this machine needs and any a benchmark adds.
import { type Browser, chromium } from "@playwright/test";
// @ts-expect-error: a plain ES module shared with the e2e setup
import { chromiumExecutable } from "../e2e/browser.mjs";

export function launchBenchBrowser(extraArgs: string[] = []): Promise<Browser> {
  return chromium.launch({
    executablePath: chromiumExecutable() ?? undefined,
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-background-networking",
      "--disable-sync",
      "--no-first-run",
      ...extraArgs,
    ],
  });
}
