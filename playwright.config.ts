import { defineConfig, devices } from "@playwright/test";
// @ts-expect-error: a plain ES module shared with ensure-browser.mjs
import { chromiumExecutable } from "./e2e/browser.mjs";

const PORT = 4391;
const executablePath: string | undefined = chromiumExecutable() ?? undefined;

// The e2e journeys run against the real service, started for the run on a fresh data directory.
export default defineConfig({
  testDir: "e2e",
  fullyParallel: false,
  workers: 1,
  retries: 0,
  reporter: [["list"]],
  timeout: 60_000,
  use: {
    baseURL: `http://localhost:${PORT}`,
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
  webServer: {
    // exec: the service replaces the shell, so stopping the web server stops the service itself.
    command: `rm -rf .e2e-data && exec node --import tsx src/service/main.ts --port ${PORT} --data-dir .e2e-data --history-days 1`,
    url: `http://localhost:${PORT}/v1/openapi.json`,
    timeout: 180_000,
    reuseExistingServer: false,
    stdout: "pipe",
  },
});
