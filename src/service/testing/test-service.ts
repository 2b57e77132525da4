// Starts the real service for a test: a temporary data directory, a real HTTP port, and clocks the test
// controls. Requests go over real HTTP with fetch.
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { ManualClock } from "../clock.ts";
import { loadConfig } from "../config/load.ts";
import { type RunningService, type StartOptions, startService } from "../server.ts";
import { copySeededStore, isEmptyDir, seededStoreFor } from "./seeded-stores.ts";

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

/** The flags every test service starts with, before a test's own. */
const TEST_FLAGS = [
  // Every test names its sources: "auto" would try the real exchanges and issuers (a test passes others).
  ...["--market", "simulator", "--rates", "history"],
  ...["--port", "0", "--history-days", "2", "--rate-limit", "0"],
  ...["--write-keys", TEST_WRITE_KEY, "--admin-keys", TEST_ADMIN_KEY],
];

export interface TestServiceOptions {
  /** The data directory (kept on stop); default a new one, removed on stop. */
  dataDir?: string;
  /**
   * The service runs on the system clock with its own block timer (the live market), instead of the
   * clocks the test moves by hand.
   */
  realTime?: boolean;
  exchangeTuning?: StartOptions["exchangeTuning"];
  /** The clocks' start (default TEST_NOW): a restart later on the same data directory. */
  now?: number;
  /**
   * Seed the history in this service, as a first start does, instead of copying the run's store seeded
   * with the same settings into an empty data directory (seeded-stores.ts): for tests of seeding itself.
   */
  freshSeed?: boolean;
}

/**
 * A service on a data directory of its own. A simulated market's history is copied from the run's store
 * seeded with the same settings when the directory is empty (seeded-stores.ts), unless `freshSeed`.
 */
export async function startTestService(
  flags: string[] = [],
  options: TestServiceOptions = {},
): Promise<TestService> {
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), "market-test-"));
  const now = options.now ?? TEST_NOW;
  const settings = [...TEST_FLAGS, ...flags];
  // The run's store seeded with these settings, copied (seeded-stores.ts), instead of seeding it again.
  const seeded = options.realTime || options.freshSeed ? null : seededStoreFor(settings, now);
  if (seeded !== null && isEmptyDir(dataDir)) {
    await copySeededStore(seeded, dataDir, async (storeFlags, dir) => {
      mkdirSync(dir, { recursive: true });
      await (await startTestService(storeFlags, { now, dataDir: dir, freshSeed: true })).stop();
    });
  }
  const config = loadConfig({}, [...settings, "--data-dir", dataDir]);
  const marketClock = new ManualClock(now);
  const wallClock = new ManualClock(now);
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
