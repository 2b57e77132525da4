// Random streams of arrivals, aborts and pauses against the budget's promises: the window is never
// overfull, nothing waits forever, aborted tasks never start, and priority holds among tasks waiting together.
import fc from "fast-check";
import { afterEach, describe, expect, it, vi } from "vitest";
import { advanceTo, T0, useBudgetClock } from "./budget-testkit.ts";
import { PRIORITIES, type Priority, RequestBudget } from "./request-budget.ts";
import { memorySendLogStore } from "./send-log.ts";

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

/** Checks that no window of WINDOW_MS holds more than `limit` of the (sorted) start times. */
function expectWindowsWithinLimit(starts: number[], limit: number): void {
  for (let j = limit; j < starts.length; j++) {
    expect((starts[j] ?? 0) - (starts[j - limit] ?? 0)).toBeGreaterThanOrEqual(WINDOW_MS);
  }
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
        async (limit, tasks, pauseList) => {
          useBudgetClock();
          const budget = new RequestBudget({ limit, windowMs: WINDOW_MS });
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
          expectWindowsWithinLimit(starts, limit);
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

  it("keeps the window across two tabs sharing one send log", async () => {
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 1, max: 5 }), taskStream, async (limit, tasks) => {
        useBudgetClock();
        const store = memorySendLogStore();
        const tabs = [0, 1].map(() => new RequestBudget({ limit, windowMs: WINDOW_MS, store }));
        const starts: number[] = [];
        const events: Event[] = tasks.map((task) => ({
          at: task.arrival,
          act: () => {
            void tabs[task.tab]?.schedule(
              async () => {
                starts.push(Date.now() - T0);
              },
              { priority: task.priority },
            );
          },
        }));
        // No cross-tab nudge (refresh): each tab sees the other's sends when it next decides, which its own
        // timer on the oldest counted send guarantees while it has anything waiting.
        await play(events, tabs);
        expect(starts).toHaveLength(tasks.length);
        expectWindowsWithinLimit(
          starts.sort((a, b) => a - b),
          limit,
        );
      }),
      { numRuns: 100 },
    );
  });
});
