// Where the budget keeps the times of the requests it sent, outside the budget so that a reload and the
// other tabs see the true remaining budget: the server counts every request from this client, not per tab.

export interface SendLogStore {
  /** The logged send times, epoch ms, ascending. Never throws: unreadable means empty. */
  load(): number[];
  /** Replaces the log. Never throws: a failed write only loses other tabs' view of our sends. */
  save(times: number[]): void;
}

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
