import { defineConfig, devices } from "@playwright/test";
// @ts-expect-error: a plain ES module shared with ensure-browser.mjs
import { chromiumExecutable } from "./e2e/browser.mjs";
import { API_KEYS_SETTING, DIA_PORT, PORT, serviceCommand, serviceUrl, WRITE_KEY } from "./e2e/services.ts";

const executablePath: string | undefined = chromiumExecutable() ?? undefined;

const serviceEnv = { API_KEYS: API_KEYS_SETTING, WRITE_KEYS: WRITE_KEY };

/**
 * The journeys that take longest (a minute of fair-usage window, a service of their own seeded or started
 * for them): started first, so that the short ones fill the workers beside them instead of one long
 * journey ending the run alone.
 */
const LONG_JOURNEYS = [
  "budget.spec.ts",
  "time-zone.spec.ts",
  "chart-live.spec.ts",
  "admin.spec.ts",
  "admin-cluster.spec.ts",
  "live-market.spec.ts",
  "live.spec.ts",
  "long-history.spec.ts",
  "market-fallback.spec.ts",
];

// The e2e journeys run against the real service, started for the run on fresh data directories: once in
// the interface's wire format and once in the public service's (--wire dia), on a copy of the first's
// seeded market. Playwright starts the web servers one after the other.
export default defineConfig({
  testDir: "e2e",
  // Every test takes a client key of its own (fixtures.ts) and its own service where it stops or changes one,
  // so tests run side by side: most of a journey's time is spent waiting on the page, the service or the
  // fair-usage window, not computing. Files whose tests share a service of their own run theirs in order
  // (test.describe.configure there).
  fullyParallel: true,
  workers: 4,
  // Playwright hands out tests in the projects' order.
  projects: [
    { name: "long", testMatch: LONG_JOURNEYS },
    { name: "journeys", testIgnore: LONG_JOURNEYS },
  ],
  retries: 0,
  reporter: [["list"]],
  timeout: 60_000,
  use: {
    baseURL: serviceUrl(PORT),
    ...devices["Desktop Chrome"],
    launchOptions: {
      executablePath,
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--no-first-run",
      ],
    },
  },
  webServer: [
    {
      command: serviceCommand(PORT, "seed"),
      url: `${serviceUrl(PORT)}/v1/openapi.json`,
      env: serviceEnv,
      timeout: 180_000,
      reuseExistingServer: false,
      stdout: "pipe",
    },
    {
      command: serviceCommand(DIA_PORT, "dia", PORT),
      url: `${serviceUrl(DIA_PORT)}/v1/openapi.json`,
      env: serviceEnv,
      timeout: 180_000,
      reuseExistingServer: false,
      stdout: "pipe",
    },
  ],
});
