// Where the budget keeps the times (epoch ms) of the requests it sent. Kept outside the budget so a reload
// and the other tabs of the same browser see the true remaining budget: the server counts every request
// from this client, not per tab. The budget re-reads the log before each decision and writes it after each
// send, pruned to the sends still inside its window, so the stored list stays about `limit` long; the
// store itself only has to survive garbage. Locking between tabs is the budget's `lock` (see cross-tab.ts).

export interface SendLogStore {
  /** The logged send times, epoch ms, ascending. Never throws: unreadable means empty. */
  load(): number[];
  /** Replaces the log. Never throws: a failed write only loses other tabs' view of our sends. */
  save(times: number[]): void;
}

/**
 * More entries than any real window holds; a log beyond this is someone else's garbage, and parsing it on
 * every decision would slow every request down.
 */
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

/**
 * A log in Web Storage under `key`, as a JSON array. localStorage is shared by the tabs of one origin and
 * survives reloads. Reading or writing can throw (storage disabled, quota full, private mode); then the log
 * reads as empty and the write is dropped, and the budget still counts its own sends from memory.
 */
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
