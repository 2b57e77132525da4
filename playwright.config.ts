import { defineConfig, devices } from "@playwright/test";
// @ts-expect-error: a plain ES module shared with ensure-browser.mjs
import { chromiumExecutable } from "./e2e/browser.mjs";
import { API_KEYS_SETTING, DIA_PORT, PORT, serviceCommand, serviceUrl, WRITE_KEY } from "./e2e/services.ts";

const executablePath: string | undefined = chromiumExecutable() ?? undefined;

const serviceEnv = { API_KEYS: API_KEYS_SETTING, WRITE_KEYS: WRITE_KEY };

// The e2e journeys run against the real service, started for the run on fresh data directories: once in
// the interface's wire format and once in the public service's (--wire dia).
export default defineConfig({
  testDir: "e2e",
  fullyParallel: false,
  workers: 1,
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
      command: serviceCommand(DIA_PORT, "dia"),
      url: `${serviceUrl(DIA_PORT)}/v1/openapi.json`,
      env: serviceEnv,
      timeout: 180_000,
      reuseExistingServer: false,
      stdout: "pipe",
    },
  ],
});
