// The access room of a running process: its store of keys, rules and usage, the access list requests are
// decided from, the operator's changes, the usage tally, and this process's heartbeat (for the console).
import { hostname } from "node:os";
import type { Clock } from "../clock.ts";
import { announcer, type InvalidationChannel } from "../invalidation/invalidations.ts";
import { AccessChanges } from "./access-changes.ts";
import { AccessList } from "./access-list.ts";
import type { AccessSettings } from "./access-settings.ts";
import type { AccessStore } from "./access-store.ts";
import { type ConfiguredKeys, importConfiguredKeys } from "./config-keys.ts";
import { openAccessStore } from "./open-access-store.ts";
import { FLUSH_MS, UsageTally } from "./usage-tally.ts";
import { keepKeysApart, type LoadedKeys, loadAdminKeys, loadWriteKeys } from "./write-and-admin-keys.ts";

/** How often a process says it is alive. */
const BEAT_MS = 15_000;
/** Usage older than this is forgotten (the review looks back a week at most). */
const KEEP_USAGE_DAYS = 35;

export interface RunningAccess {
  store: AccessStore;
  list: AccessList;
  changes: AccessChanges;
  usage: UsageTally;
  close(): Promise<void>;
}

/** The keys of a process's settings and the access room started with them. */
export interface StartedAccess {
  access: RunningAccess;
  /** The write keys (WRITE_KEYS, or the data directory's file, created if missing). */
  keys: LoadedKeys;
  /** The admin keys likewise (none for an ingest, which serves no client). */
  adminKeys: LoadedKeys;
}

/**
 * Loads the write and admin keys (making the data directory's files on a fresh start), keeps admin keys
 * apart from every other, imports the settings' keys (not on an ingest) and starts the access room.
 */
export async function startAccess(options: {
  config: AccessSettings;
  invalidations: InvalidationChannel;
  wallClock: Clock;
  log: (line: string) => void;
  instrument?: (store: AccessStore) => AccessStore;
}): Promise<StartedAccess> {
  const { config } = options;
  const keys = loadWriteKeys(config.dataDir, config.writeKeys);
  const serves = config.role !== "ingest";
  const adminKeys = serves ? loadAdminKeys(config.dataDir, config.adminKeys) : { keys: [], created: null };
  keepKeysApart(adminKeys.keys, keys.keys, config.apiKeys);
  const access = await openAccess({
    ...options,
    configured: serves
      ? {
          apiKeys: config.apiKeys,
          writeKeys: keys.keys,
          writeOrigin: config.writeKeys.length > 0 ? "WRITE_KEYS" : "write-key file",
        }
      : null,
  });
  return { access, keys, adminKeys };
}

async function openAccess(options: {
  config: AccessSettings;
  /** The keys of the settings, imported at start; null for an ingest, which serves no client. */
  configured: ConfiguredKeys | null;
  invalidations: InvalidationChannel;
  wallClock: Clock;
  log: (line: string) => void;
  /** Wraps the store (the metrics time its calls). */
  instrument?: (store: AccessStore) => AccessStore;
}): Promise<RunningAccess> {
  const { config, invalidations, wallClock, log } = options;
  const now = () => wallClock.now();
  const opened = await openAccessStore(config);
  const store = options.instrument ? options.instrument(opened) : opened;
  try {
    if (options.configured) await importConfiguredKeys(store, options.configured, now());
    const list = new AccessList(store, config.rateLimit, now, log);
    await list.open(true);
    const unsubscribe = invalidations.subscribe((item) => {
      if (item.kind !== "access") return;
      list.reload().catch((error) => log(`access: reading keys and rules again failed: ${error}`));
    });
    const invalidate = announcer(
      invalidations,
      log,
      "they read the change within a second (the access version)",
    );
    const changes = new AccessChanges(store, list, now, () => invalidate({ kind: "access" }));
    const usage = new UsageTally(store, log);
    usage.start();

    const startedMs = now();
    const id = `${hostname()}:${process.pid}:${startedMs}`;
    const beat = () =>
      store
        .beat({ id, role: config.role, startedMs, seenMs: now() })
        .catch((error) => log(`access: heartbeat not stored: ${error}`));
    await beat();
    let beats = 0;
    const timers = [
      setInterval(() => {
        void beat();
        // Once an hour (240 beats): old usage out.
        if (++beats % 240 === 0)
          store
            .deleteUsageBefore(Math.floor(now() / 60_000) * 60 - KEEP_USAGE_DAYS * 86_400)
            .catch((error) => log(`usage: forgetting old minutes failed: ${error}`));
      }, BEAT_MS),
      setInterval(() => {
        list.flushUse().catch((error) => log(`access: last-used times not stored: ${error}`));
      }, FLUSH_MS),
    ];
    for (const timer of timers) timer.unref();
    return {
      store,
      list,
      changes,
      usage,
      close: async () => {
        for (const timer of timers) clearInterval(timer);
        unsubscribe();
        list.close();
        await usage.close().catch(() => undefined);
        await list.flushUse().catch(() => undefined);
        await store.close();
      },
    };
  } catch (error) {
    await store.close();
    throw error;
  }
}
