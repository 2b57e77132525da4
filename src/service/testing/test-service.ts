// Starts the real service for a test: a temporary data directory, a real HTTP port, and clocks the test
// controls. Requests go over real HTTP with fetch.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { ManualClock } from "../clock.ts";
import { loadConfig } from "../config/load.ts";
import { type RunningService, type StartOptions, startService } from "../server.ts";

/** A Friday noon, so "today" and "yesterday" are business days in the rate tests. */
export const TEST_NOW = Date.UTC(2026, 10, 20, 12, 0, 30);
export const TEST_WRITE_KEY = "test-write-key-0123456789abcdef";
export const TEST_ADMIN_KEY = "test-admin-key-0123456789abcdef";

export interface TestService extends RunningService {
  dataDir: string;
  marketClock: ManualClock;
  wallClock: ManualClock;
  get(path: string, init?: RequestInit): Promise<Response>;
  post(path: string, init?: RequestInit): Promise<Response>;
  stop(): Promise<void>;
}

/**
 * `realTime`: the service runs on the system clock with its own block timer (the live market), instead of
 * the clocks the test moves by hand.
 */
export async function startTestService(
  flags: string[] = [],
  options: {
    dataDir?: string;
    realTime?: boolean;
    exchangeTuning?: StartOptions["exchangeTuning"];
    /** The clocks' start (default TEST_NOW): a restart later on the same data directory. */
    now?: number;
  } = {},
): Promise<TestService> {
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), "market-test-"));
  const config = loadConfig({}, [
    // Every test names its sources: "auto" would try the real exchanges and issuers (a test passes others).
    "--market",
    "simulator",
    "--rates",
    "history",
    "--port",
    "0",
    "--data-dir",
    dataDir,
    "--history-days",
    "2",
    "--rate-limit",
    "0",
    "--write-keys",
    TEST_WRITE_KEY,
    "--admin-keys",
    TEST_ADMIN_KEY,
    ...flags,
  ]);
  const marketClock = new ManualClock(options.now ?? TEST_NOW);
  const wallClock = new ManualClock(options.now ?? TEST_NOW);
  const service = await startService(config, {
    ...(options.realTime ? { log: () => {} } : { marketClock, wallClock, live: false, log: () => {} }),
    processFigures: false,
    ...(options.exchangeTuning ? { exchangeTuning: options.exchangeTuning } : {}),
  });
  return {
    ...service,
    dataDir,
    marketClock,
    wallClock,
    get: (path, init) => fetch(service.url + path, init),
    post: (path, init) => fetch(service.url + path, { method: "POST", ...init }),
    stop: async () => {
      await service.close();
      if (!options.dataDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Checks that an object has exactly the fields a resource table names, recursively for nested objects. */
export function fieldsOf(value: unknown): string[] {
  return value !== null && typeof value === "object" ? Object.keys(value).sort() : [];
}
