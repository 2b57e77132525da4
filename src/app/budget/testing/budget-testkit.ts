// Test support for the request budget's tests: a budget on vitest's fake clock that records which labelled
// task started when. Not imported by the app.
import { vi } from "vitest";
import type { BudgetLock } from "../budget-lock.ts";
import type { RequestBudgetOptions } from "../budget-options.ts";
import type { Priority } from "../priority.ts";
import { RequestBudget } from "../request-budget.ts";
import { memorySendLogStore } from "../send-log.ts";

/** The fake clock's epoch in these tests; times below are ms after it. */
export const T0 = Date.UTC(2026, 0, 1);

export function useBudgetClock(): void {
  vi.useFakeTimers();
  vi.setSystemTime(T0);
}

/** Moves the fake clock to `ms` after T0, firing due timers and the microtasks they start. */
export async function advanceTo(ms: number): Promise<void> {
  await vi.advanceTimersByTimeAsync(T0 + ms - Date.now());
}

export function budgetUnderTest(options: RequestBudgetOptions = {}) {
  const store = options.store ?? memorySendLogStore();
  const budget = new RequestBudget({ ...options, store });
  const started: string[] = [];
  const startedAt = new Map<string, number>();
  const run = (label: string, priority: Priority = "visible", signal?: AbortSignal) =>
    budget.schedule(
      async () => {
        started.push(label);
        startedAt.set(label, Date.now() - T0);
        return label;
      },
      { priority, label, signal },
    );
  return { budget, store, started, startedAt, run };
}

/**
 * A lock shared by simulated tabs, like Web Locks in one origin: a FIFO async mutex that grants after a few
 * microtasks (so grants interleave with whatever else happens meanwhile) and is held until the critical
 * section's promise settles. `forTab` hands out one tab's `lock` option and tracks its requests in flight;
 * `overlapped` says if two critical sections ever ran at once.
 */
export function fakeLock() {
  let tail: Promise<void> = Promise.resolve();
  let holding = false;
  let overlapped = false;
  const shared: BudgetLock = (critical) => {
    const run = tail.then(async () => {
      for (let hop = 0; hop < 3; hop++) await Promise.resolve();
      overlapped ||= holding;
      holding = true;
      try {
        await critical();
      } finally {
        holding = false;
      }
    });
    tail = run.catch(() => {});
    return run;
  };
  const forTab = () => {
    const tab = { inFlight: 0, mostInFlight: 0, requests: 0, lock: shared };
    tab.lock = (critical) => {
      tab.requests++;
      tab.inFlight++;
      tab.mostInFlight = Math.max(tab.mostInFlight, tab.inFlight);
      return shared(critical).finally(() => {
        tab.inFlight--;
      });
    };
    return tab;
  };
  return { forTab, overlapped: () => overlapped };
}

/**
 * localStorage as Chromium gives it to tabs in separate renderer processes: each tab reads its own copy, and
 * another tab's write reaches that copy only `lagMs` later, whichever lock passed between them meanwhile (we
 * measured a write 64 ms old still missing). `forTab` hands out one tab's view.
 */
export function laggingStorages(lagMs: number) {
  const latest = new Map<string, string>();
  const copies: Map<string, string>[] = [];
  const forTab = (): Storage => {
    const own = new Map(latest);
    copies.push(own);
    const write = (change: (items: Map<string, string>) => void) => {
      change(own);
      change(latest);
      for (const copy of copies) if (copy !== own) setTimeout(() => change(copy), lagMs);
    };
    return {
      get length() {
        return own.size;
      },
      key: (index) => [...own.keys()][index] ?? null,
      getItem: (key) => own.get(key) ?? null,
      setItem: (key, value) => write((items) => items.set(key, String(value))),
      removeItem: (key) => write((items) => items.delete(key)),
      clear: () => write((items) => items.clear()),
    };
  };
  return { forTab };
}

/**
 * IndexedDB as the tabs share it: a read answers a few microtasks later, a write commits later still (more
 * than the lock takes to pass on), and once its promise resolves it is what every later read sees, from any
 * tab. `failing` makes calls reject, as a browser that refuses IndexedDB does; `hanging`, never answer.
 */
export function fakeDatabase() {
  const values = new Map<string, unknown>();
  const state = { failing: false, hanging: false, gets: 0, sets: 0 };
  const answer = async <T>(hops: number, work: () => T): Promise<T> => {
    if (state.hanging) return new Promise<T>(() => {});
    for (let hop = 0; hop < hops; hop++) await Promise.resolve();
    if (state.failing) throw new DOMException("no IndexedDB here", "InvalidStateError");
    return work();
  };
  const database = {
    get: (key: string) => {
      state.gets++;
      return answer(2, () => structuredClone(values.get(key)));
    },
    set: (key: string, value: unknown) => {
      state.sets++;
      const copy = structuredClone(value);
      return answer(12, () => {
        values.set(key, copy);
      });
    },
  };
  return { database, values, state };
}
