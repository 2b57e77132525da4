// Tabs in separate processes, as Chromium runs them: each reads its own copy of localStorage, which another
// tab's write reaches only later, even after the decision lock passed between them. The budget must still
// never start more than the limit across the tabs in any window: the log's truth is in IndexedDB.
import fc from "fast-check";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { BudgetLock } from "./budget-lock.ts";
import { type CrossTabEnvironment, decisionLock, sendLogStoreOf } from "./cross-tab.ts";
import { RequestBudget } from "./request-budget.ts";
import { localStorageSendLogStore, type SendLogStore } from "./send-log.ts";
import {
  advanceTo,
  fakeDatabase,
  fakeLock,
  laggingStorages,
  T0,
  useBudgetClock,
} from "./testing/budget-testkit.ts";

const KEY = "cmd.sendLog|https://cmd.test|-";
/** As measured: a write this old can still be missing from another tab's copy. */
const LAG_MS = 100;

beforeEach(useBudgetClock);

afterEach(() => {
  vi.useRealTimers();
});

/** Web Locks over the shared fake lock, so the tabs take the lock the way connection.ts wires it. */
function lockManagerOver(lock: BudgetLock): LockManager {
  return {
    request: async (_name: string, callback: () => unknown) => {
      await lock(async () => {
        await callback();
      });
    },
  } as unknown as LockManager;
}

/**
 * A browser whose tabs each get their own lagging copy of localStorage, one shared IndexedDB and one Web Lock;
 * `storeOf` picks each tab's send log from its copy, as connection.ts does with `sendLogStoreOf`.
 */
function browser(
  lagMs: number,
  storeOf: (storage: Storage, env: CrossTabEnvironment) => SendLogStore = (storage, env) =>
    sendLogStoreOf(KEY, storage, env),
) {
  const storages = laggingStorages(lagMs);
  const db = fakeDatabase();
  const locks = fakeLock();
  const starts: number[] = [];
  const openTab = (limit = 5) => {
    const env: CrossTabEnvironment = {
      events: new EventTarget(),
      storage: null,
      openChannel: null,
      locks: lockManagerOver(locks.forTab().lock),
      database: db.database,
    };
    const lock = decisionLock(KEY, env.locks);
    const store = storeOf(storages.forTab(), env);
    const budget = new RequestBudget({ limit, marginMs: 0, store, ...(lock ? { lock } : {}) });
    const send = () => budget.schedule(async () => starts.push(Date.now() - T0), { priority: "visible" });
    return { budget, store, send };
  };
  return { openTab, starts, db, overlapped: locks.overlapped };
}

describe("two tabs in separate processes", () => {
  it("with the log in localStorage alone (the old wiring), the second tab decides on a stale copy", async () => {
    // Documents what the fake models, and so what the tests below would catch.
    const { openTab, starts } = browser(LAG_MS, (storage) => localStorageSendLogStore(KEY, storage));
    const tabs = [openTab(), openTab()];
    for (const tab of tabs) for (let i = 0; i < 4; i++) void tab.send();
    await advanceTo(1000);
    expect(starts).toHaveLength(8);
  });

  it("with the log in IndexedDB, the second tab sees the first's sends however late localStorage is", async () => {
    const { openTab, starts, db, overlapped } = browser(LAG_MS);
    const tabs = [openTab(), openTab()];
    for (const tab of tabs) for (let i = 0; i < 4; i++) void tab.send();
    await advanceTo(1000);
    expect(starts).toEqual([0, 0, 0, 0, 0]);
    expect(db.values.get(KEY)).toEqual([T0, T0, T0, T0, T0]);
    // Each tab sees the five, without a decision of its own, once localStorage has caught up.
    expect(tabs.map((tab) => tab.budget.snapshot())).toMatchObject([
      { used: 5, queued: 0 },
      { used: 5, queued: 3 },
    ]);
    await advanceTo(60_000);
    expect(starts).toEqual([0, 0, 0, 0, 0, 60_000, 60_000, 60_000]);
    expect(overlapped()).toBe(false);
  });

  it("starts a reloaded tab with the sends of the last minute, even if its localStorage copy lags", async () => {
    const { openTab, starts } = browser(LAG_MS);
    const before = openTab();
    for (let i = 0; i < 3; i++) void before.send();
    await advanceTo(10);
    // The new page's copy of localStorage was taken before the write reached it.
    const after = openTab();
    for (let i = 0; i < 3; i++) void after.send();
    await advanceTo(20);
    expect(starts).toHaveLength(5);
    await advanceTo(60_000);
    expect(starts).toHaveLength(6);
  });

  it("keeps the window across tabs under random traffic and localStorage lag", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 1, max: 5 }),
        fc.integer({ min: 0, max: 500 }),
        fc.array(
          fc.record({
            tab: fc.constantFrom(0, 1, 2),
            at: fc.oneof(fc.constantFrom(0, 1, 60_000), fc.integer({ min: 0, max: 150_000 })),
          }),
          { maxLength: 30 },
        ),
        async (limit, lagMs, arrivals) => {
          useBudgetClock();
          const { openTab, starts, overlapped } = browser(lagMs);
          const tabs = [openTab(limit), openTab(limit), openTab(limit)];
          let done = 0;
          for (const arrival of [...arrivals].sort((a, b) => a.at - b.at)) {
            await advanceTo(arrival.at);
            void tabs[arrival.tab]?.send().then(() => done++);
          }
          await advanceTo(arrivals.length * 60_000 + 200_000);
          expect(done).toBe(arrivals.length);
          starts.sort((a, b) => a - b);
          for (let j = limit; j < starts.length; j++) {
            expect((starts[j] ?? 0) - (starts[j - limit] ?? 0)).toBeGreaterThanOrEqual(60_000);
          }
          expect(overlapped()).toBe(false);
          vi.useRealTimers();
        },
      ),
      { numRuns: 60 },
    );
  });
});
