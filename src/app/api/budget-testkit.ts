// Test support for the request budget's tests: a budget on vitest's fake clock that records which labelled
// task started when. Not imported by the app.
import { vi } from "vitest";
import { type Priority, RequestBudget, type RequestBudgetOptions } from "./request-budget.ts";
import { memorySendLogStore } from "./send-log.ts";

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
