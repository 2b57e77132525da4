// Which Chromium the e2e tests drive: Playwright's own build where it is installed, else Debian's
// chromium package. Shared by playwright.config.ts and ensure-browser.mjs.
import { existsSync } from "node:fs";
import { chromium } from "@playwright/test";

export const SYSTEM_CHROMIUM = "/usr/bin/chromium";

/** The executable to launch, or null when none is installed. */
export function chromiumExecutable() {
  const bundled = chromium.executablePath();
  if (bundled && existsSync(bundled)) return bundled;
  if (existsSync(SYSTEM_CHROMIUM)) return SYSTEM_CHROMIUM;
  return null;
}
