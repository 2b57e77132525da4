// Seeded stores made once per test run and copied per test service: seeding the whole simulated market's two
// days takes ~10 s of a core, and most service tests need the same history. The simulator is a pure function
// of (seed, block, pair), and a restart fills a store exactly as a running market would have made it
// (market/determinism.test.ts holds both, seeding itself), so a copy of a store seeded with the same
// settings and clocks is the store a test would have seeded.
//
// The run's stores live in the directory vitest's global setup names (SEEDED_STORES_ENV, made and removed by
// seeded-stores-setup.ts); without it (npm run fuzz, a test run outside vitest) every service seeds its own.
// The first test process to need a store seeds it; one that needs it meanwhile waits for it to appear.
import { createHash } from "node:crypto";
import {
  constants,
  copyFileSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  watch,
  writeFileSync,
} from "node:fs";
import { join } from "node:path";

export const SEEDED_STORES_ENV = "TEST_SEEDED_STORES";

/** The settings that make what a store holds, each with what a test service has when its flags say nothing. */
const STORE_SETTINGS: Record<string, string> = {
  "--market": "simulator",
  "--rates": "history",
  "--market-coins": "all",
  "--history-days": "",
  "--seed": "",
};
/** Settings that change how the service answers but never what its store holds. */
const SERVING_SETTINGS = new Set([
  "--port",
  "--rate-limit",
  "--admin-rate-limit",
  "--write-keys",
  "--admin-keys",
  "--api-keys",
  "--cors-origins",
  "--trust-proxy",
  "--wire",
  "--https",
  "--dashboard-dir",
  // Redis holds the fair-usage window and the invalidations; the market stays in the data directory.
  "--redis-url",
]);

/** The market store files of a data directory (market.sqlite, and market-<source>.sqlite beside it). */
const STORE_FILE = /^market(-[a-z]+)?\.sqlite(-wal|-shm)?$/;

export interface SeededStore {
  /** Its name in the run's directory. */
  key: string;
  /** The flags that make it (the store's settings of the flags it was asked for). */
  flags: string[];
}

/**
 * The seeded store a service with these flags (every flag as "--name value") and market clock would make,
 * or null when it cannot be shared: a flag that is not known to leave the store alone, another source
 * than the simulator's market and generated rates.
 */
export function seededStoreFor(flags: readonly string[], now: number): SeededStore | null {
  const store = { ...STORE_SETTINGS };
  for (let i = 0; i < flags.length; i += 2) {
    const [name, value] = [flags[i] as string, flags[i + 1]];
    if (value === undefined || !name.startsWith("--") || name.includes("=")) return null;
    if (name in store) store[name] = value;
    else if (!SERVING_SETTINGS.has(name)) return null;
  }
  if (store["--market"] !== "simulator" || store["--rates"] !== "history") return null;
  const hash = createHash("sha256").update(JSON.stringify({ store, now })).digest("hex").slice(0, 16);
  const given = Object.entries(store).filter(([name, value]) => value !== STORE_SETTINGS[name]);
  return { key: `store-${hash}`, flags: given.flat() };
}

/** Whether `dir` is a directory that holds nothing yet (one the service is to make itself is not). */
export function isEmptyDir(dir: string): boolean {
  return existsSync(dir) && readdirSync(dir).length === 0;
}

/**
 * Puts the run's seeded store into `dataDir` (an empty directory that exists), seeding it first with
 * `seed` (which starts and stops a service with the store's flags on the directory it is given) when no
 * test process has yet. Returns false, having copied nothing, when the run shares no stores.
 */
export async function copySeededStore(
  { key, flags }: SeededStore,
  dataDir: string,
  seed: (flags: string[], dir: string) => Promise<void>,
): Promise<boolean> {
  const root = process.env[SEEDED_STORES_ENV];
  if (!root || !existsSync(root)) return false;
  const ready = join(root, key);
  const lock = `${ready}.lock`;
  while (!existsSync(ready)) {
    try {
      mkdirSync(lock);
    } catch {
      // Another test process seeds it: wait until it is there (or that process gave up or died).
      await appeared(root, ready, lock);
      continue;
    }
    const building = `${ready}.building`;
    try {
      writeFileSync(join(lock, "pid"), String(process.pid));
      rmSync(building, { recursive: true, force: true });
      await seed(flags, building);
      renameSync(building, ready);
    } finally {
      rmSync(lock, { recursive: true, force: true });
    }
  }
  for (const name of readdirSync(ready)) {
    if (STORE_FILE.test(name))
      copyFileSync(join(ready, name), join(dataDir, name), constants.COPYFILE_FICLONE);
  }
  return true;
}

/**
 * Resolves once `path` exists or `lock` no longer does, told by the directory's events; a lock whose
 * process has died (looked at every few seconds: no event tells it) is removed.
 */
function appeared(root: string, path: string, lock: string): Promise<void> {
  return new Promise((resolve) => {
    const done = () => existsSync(path) || !existsSync(lock);
    if (done()) return resolve();
    const finish = () => {
      watcher.close();
      clearInterval(holder);
      resolve();
    };
    const watcher = watch(root, () => {
      if (done()) finish();
    });
    const holder = setInterval(() => {
      if (!holderAlive(lock)) rmSync(lock, { recursive: true, force: true });
      if (done()) finish();
    }, 5_000);
    // The change may have come between the first look and the watch.
    if (done()) finish();
  });
}

/** Whether the process that took `lock` still runs (while it is writing its pid, it does). */
function holderAlive(lock: string): boolean {
  let pid: number;
  try {
    pid = Number(readFileSync(join(lock, "pid"), "utf8"));
  } catch {
    return true;
  }
  if (!Number.isInteger(pid) || pid <= 0) return true;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}
