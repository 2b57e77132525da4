// The e2e tests' `test`: each test gets its own client key (set in the dashboard's settings before the page
// loads) so its requests can be counted at the service and no other test spends its budget, and helpers
// that read them.

import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { test as base, expect, type Page } from "@playwright/test";
import { CLIENT_KEYS, CLIENT_KEYS_DIR, type LoggedRequest, PORT, requestsOf } from "./services.ts";

/**
 * The next unused client key, claimed by creating its file: the tests run in several workers at once, and
 * Playwright starts a fresh worker after a failed test, so no count in memory would do. A key reused from an
 * earlier test would bring that test's spent budget and requests.
 */
function takeClientKey(): string {
  mkdirSync(CLIENT_KEYS_DIR, { recursive: true });
  for (const key of CLIENT_KEYS) {
    try {
      // "wx": created by exactly one caller, whichever worker asks at the same time.
      writeFileSync(join(CLIENT_KEYS_DIR, key), "", { flag: "wx" });
      return key;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    }
  }
  throw new Error(`more than ${CLIENT_KEYS.length} tests: issue more e2e client keys`);
}

export interface Client {
  /** The X-Api-Key this test's dashboard sends. */
  key: string;
  /** The service's port this test's page talks to. */
  port: number;
  /** The data requests the service logged for this test so far (not the live stream's). */
  requests(): LoggedRequest[];
  /** Every request logged for this test, the live stream's included (a stream's when it ended). */
  allRequests(): LoggedRequest[];
  /** Waits until the service has logged at least `count` requests of this test's (the log is batched). */
  waitForRequests(count: number): Promise<LoggedRequest[]>;
}

/** Settings stored before the first page load, as the Settings page would store them. */
export async function presetSettings(page: Page, settings: Record<string, unknown>): Promise<void> {
  // Once per tab for each preset (a test's own and its key's), so that a reload keeps what the page changed.
  await page.addInitScript((stored) => {
    const mark = `e2e.preset|${JSON.stringify(stored)}`;
    if (sessionStorage.getItem(mark) === null) {
      const current = JSON.parse(localStorage.getItem("cmd.settings") ?? "{}");
      localStorage.setItem("cmd.settings", JSON.stringify({ ...current, ...stored }));
      sessionStorage.setItem(mark, "1");
    }
  }, settings);
}

export const test = base.extend<{ client: Client; port: number }>({
  port: [PORT, { option: true }],
  // Automatic: a test that never names its client still sends its own key, so the tests running at the same
  // time never share the budget of the address they all send from.
  client: [
    async ({ page, port }, use) => {
      const key = takeClientKey();
      await presetSettings(page, { apiKey: key });
      await use({
        key,
        port,
        requests: () => requestsOf(port, key),
        allRequests: () => requestsOf(port, key, { streams: true }),
        waitForRequests: async (count) => {
          await expect
            .poll(() => requestsOf(port, key).length, { timeout: 10_000 })
            .toBeGreaterThanOrEqual(count);
          return requestsOf(port, key);
        },
      });
    },
    { auto: true },
  ],
});
