// Where the budget keeps the times of the requests it sent, outside the budget so that a reload and the
// other tabs see the true remaining budget: the server counts every request from this client, not per tab.
import { mergeSendLogs } from "./send-window.ts";

export interface SendLogStore {
  /** The logged send times, epoch ms, ascending. Never throws: unreadable means empty. */
  load(): number[];
  /** Replaces the log. Never throws: a failed write only loses other tabs' view of our sends. */
  save(times: number[]): void;
  /**
   * Where the shared log is only reached asynchronously: brings `load` up to what the other tabs committed.
   * The budget awaits it under the decision lock before deciding. Never rejects.
   */
  pull?(): Promise<void>;
  /** Resolves once every `save` so far is committed where the other tabs read; awaited before the lock goes. */
  flush?(): Promise<void>;
}

/** IndexedDB as the send log needs it (idb-keyval's get and set in the browser; a fake in the tests). */
export interface SendLogDatabase {
  get(key: string): Promise<unknown>;
  /** Resolves once the write is committed, so any tab's later `get` sees it. */
  set(key: string, value: unknown): Promise<void>;
}

/** How long a read or write of IndexedDB may take before the budget goes on without it. */
const DATABASE_DEADLINE_MS = 2000;

/** More entries than any real window holds: beyond, it is garbage, and parsing it would slow every request. */
const MOST_TIMES_KEPT = 10_000;

/** The send times in `value`, ascending: finite numbers only, anything else dropped. */
export function cleanSendTimes(value: unknown): number[] {
  if (!Array.isArray(value)) return [];
  const times = value.filter((time): time is number => typeof time === "number" && Number.isFinite(time));
  times.sort((a, b) => a - b);
  return times.length > MOST_TIMES_KEPT ? times.slice(-MOST_TIMES_KEPT) : times;
}

/** A log for one page lifetime (tests, or a browser without storage). Share one to simulate tabs. */
export function memorySendLogStore(initial: readonly number[] = []): SendLogStore {
  let times = cleanSendTimes([...initial]);
  return {
    load: () => [...times],
    save: (next) => {
      times = cleanSendTimes([...next]);
    },
  };
}

/** A log in Web Storage under `key`; where storage fails, the budget still counts its own sends from memory. */
export function localStorageSendLogStore(key: string, storage: Storage): SendLogStore {
  return {
    load: () => {
      try {
        const text = storage.getItem(key);
        return text === null ? [] : cleanSendTimes(JSON.parse(text));
      } catch {
        return [];
      }
    },
    save: (times) => {
      try {
        storage.setItem(key, JSON.stringify(cleanSendTimes(times)));
      } catch {
        // Nothing better to do: other tabs just won't see these sends (see above).
      }
    },
  };
}

/**
 * A log whose truth is in IndexedDB, which, unlike localStorage, is consistent across tabs: Chromium lets a
 * tab read an old localStorage value well after another tab's write under the same lock, and a decision on
 * that erases the other tab's send. `mirror` (localStorage) gets every save too: its `storage` events wake
 * the other tabs, and it stays readable at once between decisions. `load` is the union of both, as everything
 * in either was really sent; a stale mirror only misses sends, which the IndexedDB copy then holds.
 */
export function indexedDbSendLogStore(
  key: string,
  database: SendLogDatabase,
  mirror: SendLogStore,
): SendLogStore {
  /** What this tab last read from IndexedDB or saved: the truth as of then. */
  let known: number[] = [];
  let writing: Promise<void> = Promise.resolve();
  let writeQueued = false;
  return {
    load: () => mergeSendLogs(known, mirror.load()),
    save: (times) => {
      known = cleanSendTimes([...times]);
      mirror.save(known);
      // A decision saves once per start; one write, of the latest log, covers those made meanwhile.
      if (writeQueued) return;
      writeQueued = true;
      writing = writing.then(async () => {
        writeQueued = false;
        // Failed or hung: the mirror and the budget's own sends still hold it.
        await withDeadline(database.set(key, known)).catch(() => {});
      });
    },
    pull: async () => {
      try {
        const stored = cleanSendTimes(await withDeadline(database.get(key)));
        // A union, not a replacement: a save made while the read was out must not be lost.
        known = mergeSendLogs(stored, known);
      } catch {
        // Unreadable: decide on the mirror and our own sends, as without IndexedDB.
      }
    },
    flush: () => writing,
  };
}

/** `promise`, or a rejection after the deadline: a hung IndexedDB must not hold the tabs' lock for ever. */
function withDeadline<T>(promise: Promise<T>): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error("IndexedDB did not answer")), DATABASE_DEADLINE_MS);
    promise.then(resolve, reject).finally(() => clearTimeout(timer));
  });
}
