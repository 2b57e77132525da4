// Random streams of arrivals, aborts and pauses against the budget's promises: the window (margin included)
// is never overfull, nothing waits forever, aborted tasks never start nor spend, and priority holds among
// tasks waiting together; with or without a cross-tab lock, in one tab or two sharing a log.
import fc from "fast-check";
import { afterEach, describe, expect, it, vi } from "vitest";
import { PRIORITIES, type Priority } from "./priority.ts";
import { RequestBudget } from "./request-budget.ts";
import { memorySendLogStore, type SendLogStore } from "./send-log.ts";
import { mergeSendLogs } from "./send-window.ts";
import { advanceTo, fakeLock, T0, useBudgetClock } from "./testing/budget-testkit.ts";

const WINDOW_MS = 10_000;
const rank = (priority: Priority) => PRIORITIES.indexOf(priority);

const arrivalTime = fc.oneof(
  fc.integer({ min: 0, max: 4 * WINDOW_MS }),
  // Shared instants, so that tasks often arrive together and slots free exactly as others arrive.
  fc.constantFrom(0, 1, WINDOW_MS, 2 * WINDOW_MS),
);

const taskStream = fc.array(
  fc.record({
    arrival: arrivalTime,
    priority: fc.constantFrom(...PRIORITIES),
    abortAfter: fc.option(fc.integer({ min: 0, max: 2 * WINDOW_MS }), { nil: undefined }),
    tab: fc.constantFrom(0, 1),
  }),
  { maxLength: 40 },
);

const pauses = fc.array(fc.record({ at: arrivalTime, length: fc.integer({ min: 1, max: 2 * WINDOW_MS }) }), {
  maxLength: 2,
});

type Task = { arrival: number; priority: Priority; abortAfter: number | undefined; tab: number };
type Event = { at: number; act: () => void };

const margin = fc.constantFrom(0, 1, 1000, 2500);

/** Checks that no window of `windowMs` holds more than `limit` of the (sorted) start times. */
function expectWindowsWithinLimit(starts: number[], limit: number, windowMs = WINDOW_MS): void {
  for (let j = limit; j < starts.length; j++) {
    expect((starts[j] ?? 0) - (starts[j - limit] ?? 0)).toBeGreaterThanOrEqual(windowMs);
  }
}

/** A memory store that also keeps every send ever written to it, to count what was spent. */
function recordingStore(): { store: SendLogStore; everLogged: () => number[] } {
  const store = memorySendLogStore();
  let logged: number[] = [];
  return {
    store: {
      load: store.load,
      save: (times) => {
        // Each save holds the whole recent log, so the most copies of each time seen is every send made.
        logged = mergeSendLogs(
          logged,
          [...times].sort((a, b) => a - b),
        );
        store.save(times);
      },
    },
    everLogged: () => logged,
  };
}

/** Plays the events in time order; events at the same instant happen together, before the budget decides. */
async function play(events: Event[], budgets: RequestBudget[]): Promise<void> {
  events.sort((a, b) => a.at - b.at);
  let index = 0;
  while (index < events.length) {
    const at = events[index]?.at ?? 0;
    await advanceTo(at);
    // One timer at most; and exactly one whenever a task waits, or it would wait forever.
    const waiting = budgets.some((budget) => budget.snapshot().queued > 0);
    expect(vi.getTimerCount()).toBeLessThanOrEqual(budgets.length);
    if (budgets.length === 1 && waiting) expect(vi.getTimerCount()).toBe(1);
    while (events[index]?.at === at) events[index++]?.act();
  }
  await advanceTo(100 * WINDOW_MS);
}

describe("RequestBudget under random traffic", () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it("keeps the window, starts every task not aborted, and honours priority", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 1, max: 5 }),
        taskStream,
        pauses,
        margin,
        fc.boolean(),
        async (limit, tasks, pauseList, marginMs, locked) => {
          useBudgetClock();
          const tab = fakeLock().forTab();
          const { store, everLogged } = recordingStore();
          const budget = new RequestBudget({
            limit,
            windowMs: WINDOW_MS,
            marginMs,
            store,
            ...(locked ? { lock: tab.lock } : {}),
          });
          const startSeq: (number | undefined)[] = [];
          const startAt: (number | undefined)[] = [];
          const rejected: unknown[] = [];
          let seq = 0;
          const events: Event[] = [];
          tasks.forEach((task: Task, i) => {
            const controller = new AbortController();
            events.push({
              at: task.arrival,
              act: () => {
                budget
                  .schedule(
                    async () => {
                      startSeq[i] = seq++;
                      startAt[i] = Date.now() - T0;
                    },
                    { priority: task.priority, signal: controller.signal },
                  )
                  .catch((reason: unknown) => {
                    rejected[i] = reason;
                  });
              },
            });
            if (task.abortAfter !== undefined) {
              events.push({ at: task.arrival + task.abortAfter, act: () => controller.abort(`abort ${i}`) });
            }
          });
          for (const pause of pauseList) {
            events.push({ at: pause.at, act: () => budget.pauseUntil(T0 + pause.at + pause.length) });
          }
          await play(events, [budget]);

          const starts = startAt.filter((at) => at !== undefined).sort((a, b) => a - b);
          expectWindowsWithinLimit(starts, limit, WINDOW_MS + marginMs);
          // Spent exactly what started: an aborted task never reached the log.
          expect(everLogged().map((time) => time - T0)).toEqual(starts);
          expect(tab.mostInFlight).toBeLessThanOrEqual(1);
          for (const start of starts) {
            for (const pause of pauseList)
              expect(pause.at < start && start < pause.at + pause.length).toBe(false);
          }
          tasks.forEach((task, i) => {
            const started = startAt[i];
            if (started === undefined) {
              // Not started: it must have been aborted while queued, and rejected with that reason.
              expect(rejected[i]).toBe(`abort ${i}`);
            } else {
              expect(rejected[i]).toBeUndefined();
              if (task.abortAfter !== undefined)
                expect(task.arrival + task.abortAfter).toBeGreaterThanOrEqual(started);
            }
          });
          tasks.forEach((b, j) => {
            const bStart = startAt[j];
            const bSeq = startSeq[j] ?? 0;
            if (bStart === undefined) return;
            tasks.forEach((a, i) => {
              if (i === j) return;
              const aliveAtBStart = a.abortAfter === undefined || a.arrival + a.abortAfter > bStart;
              const waitingTogether =
                a.arrival < bStart ||
                (a.arrival === bStart && b.arrival === bStart && startAt[i] !== undefined);
              if (rank(a.priority) < rank(b.priority) && waitingTogether && aliveAtBStart) {
                expect(startSeq[i], `${a.priority} task ${i} before ${b.priority} task ${j}`).toBeLessThan(
                  bSeq,
                );
              }
              const arrivedFirst = a.arrival < b.arrival || (a.arrival === b.arrival && i < j);
              if (a.priority === b.priority && arrivedFirst && startAt[i] !== undefined) {
                expect(startSeq[i], `FIFO ${i} before ${j}`).toBeLessThan(bSeq);
              }
            });
          });
        },
      ),
      { numRuns: 150 },
    );
  });

  it("keeps the window across two tabs sharing one send log, with or without a shared lock", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 1, max: 5 }),
        taskStream,
        margin,
        fc.boolean(),
        async (limit, tasks, marginMs, locked) => {
          useBudgetClock();
          const { store, everLogged } = recordingStore();
          const locks = fakeLock();
          const tabLocks = [locks.forTab(), locks.forTab()];
          const tabs = tabLocks.map(
            (tabLock) =>
              new RequestBudget({
                limit,
                windowMs: WINDOW_MS,
                marginMs,
                store,
                ...(locked ? { lock: tabLock.lock } : {}),
              }),
          );
          const starts: number[] = [];
          const outcomes: ("started" | "aborted" | undefined)[] = [];
          const events: Event[] = [];
          tasks.forEach((task, i) => {
            const controller = new AbortController();
            events.push({
              at: task.arrival,
              act: () => {
                tabs[task.tab]
                  ?.schedule(
                    async () => {
                      starts.push(Date.now() - T0);
                      outcomes[i] = "started";
                    },
                    { priority: task.priority, signal: controller.signal },
                  )
                  .catch(() => {
                    outcomes[i] = "aborted";
                  });
              },
            });
            if (task.abortAfter !== undefined) {
              events.push({ at: task.arrival + task.abortAfter, act: () => controller.abort() });
            }
          });
          // No cross-tab nudge (refresh): each tab sees the other's sends when it next decides, which its own
          // timer on the oldest counted send guarantees while it has anything waiting.
          await play(events, tabs);
          // Every task either started or was aborted while queued; nothing waits forever.
          expect(outcomes.filter((outcome) => outcome !== undefined)).toHaveLength(tasks.length);
          starts.sort((a, b) => a - b);
          // The union of both tabs' sends keeps the window, margin included, and only starts were spent.
          expectWindowsWithinLimit(starts, limit, WINDOW_MS + marginMs);
          expect(everLogged().map((time) => time - T0)).toEqual(starts);
          for (const tabLock of tabLocks) expect(tabLock.mostInFlight).toBeLessThanOrEqual(1);
          expect(locks.overlapped()).toBe(false);
        },
      ),
      { numRuns: 100 },
    );
  });

  it("keeps the server's window when each request arrives up to marginMs after it was decided", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 1, max: 5 }),
        fc.array(fc.integer({ min: 0, max: 4 * WINDOW_MS }), { maxLength: 30 }),
        fc.integer({ min: 0, max: 3000 }),
        fc.infiniteStream(fc.double({ min: 0, max: 1, noNaN: true })),
        async (limit, arrivals, marginMs, jitter) => {
          useBudgetClock();
          const budget = new RequestBudget({ limit, windowMs: WINDOW_MS, marginMs });
          const atServer: number[] = [];
          const events: Event[] = arrivals.map((at) => ({
            at,
            act: () => {
              void budget.schedule(
                async () => {
                  atServer.push(Date.now() - T0 + Math.floor((jitter.next().value ?? 0) * marginMs));
                },
                { priority: "visible" },
              );
            },
          }));
          await play(events, [budget]);
          // The server's own rule: a request at time s counts while now < s + windowMs.
          expectWindowsWithinLimit(
            atServer.sort((a, b) => a - b),
            limit,
          );
        },
      ),
      { numRuns: 100 },
    );
  });
});
