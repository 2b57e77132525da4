import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { ScheduleOptions } from "../budget/priority.ts";
import { RequestBudget } from "../budget/request-budget.ts";
import { advanceTo, T0, useBudgetClock } from "../budget/testing/budget-testkit.ts";
import { NETWORK_RETRY, type NetworkRetryPolicy, retryNetworkFailure } from "./network-retry.ts";

beforeEach(useBudgetClock);

afterEach(() => {
  vi.useRealTimers();
});

/** A task that fails with each of `failures` in turn, then answers "ok"; records when each try began. */
function flakyTask(...failures: unknown[]) {
  const tries: number[] = [];
  const task = async () => {
    tries.push(Date.now() - T0);
    const failure = failures[tries.length - 1];
    if (failure !== undefined) throw failure;
    return "ok";
  };
  return { task, tries };
}

const offline = () => new TypeError("Failed to fetch");

/** As the transport calls it: each try scheduled on `budget`, the backoff on the (fake) clock. */
function retryThrough<T>(
  budget: RequestBudget,
  task: (signal: AbortSignal) => Promise<T>,
  options: ScheduleOptions,
  policy: NetworkRetryPolicy = NETWORK_RETRY,
): Promise<T> {
  const timers = {
    setTimer: (fn: () => void, ms: number) => setTimeout(fn, ms),
    clearTimer: (handle: unknown) => clearTimeout(handle as ReturnType<typeof setTimeout>),
  };
  return retryNetworkFailure((t, o) => budget.schedule(t, o), task, options, policy, timers);
}
const [firstWait = 0, secondWait = 0, thirdWait = 0] = NETWORK_RETRY.backoffMs;

describe("retryNetworkFailure", () => {
  it("retries network failures after the backoff, each try through the budget", async () => {
    const budget = new RequestBudget({ marginMs: 0 });
    const { task, tries } = flakyTask(offline(), offline());
    const result = retryThrough(budget, task, { priority: "visible" });
    await advanceTo(60_000);
    await expect(result).resolves.toBe("ok");
    expect(tries).toEqual([0, firstWait, firstWait + secondWait]);
    expect(budget.snapshot().used).toBe(2);
  });

  it("waits for the budget as well as the backoff", async () => {
    const budget = new RequestBudget({ limit: 1, windowMs: 5_000, marginMs: 0 });
    const { task, tries } = flakyTask(offline());
    const result = retryThrough(budget, task, { priority: "visible" });
    await advanceTo(10_000);
    await expect(result).resolves.toBe("ok");
    expect(tries).toEqual([0, 5_000]);
  });

  it("gives up after the last attempt with the last failure", async () => {
    const budget = new RequestBudget({ limit: 10 });
    const { task, tries } = flakyTask(offline(), offline(), offline(), new TypeError("still offline"));
    const result = retryThrough(budget, task, { priority: "background" });
    const settled = expect(result).rejects.toThrow("still offline");
    await advanceTo(100_000);
    await settled;
    expect(tries).toEqual([0, firstWait, firstWait + secondWait, firstWait + secondWait + thirdWait]);
  });

  it("never retries other failures (a 4xx, a 429) or an aborted fetch", async () => {
    const budget = new RequestBudget();
    for (const failure of [new Error("404"), new DOMException("aborted", "AbortError")]) {
      const { task, tries } = flakyTask(failure);
      const result = retryThrough(budget, task, { priority: "visible" });
      const settled = expect(result).rejects.toBe(failure);
      await advanceTo(60_000);
      await settled;
      expect(tries).toHaveLength(1);
    }
  });

  it("stops waiting as soon as the caller aborts during the backoff", async () => {
    const budget = new RequestBudget();
    const { task, tries } = flakyTask(offline());
    const controller = new AbortController();
    const result = retryThrough(budget, task, { priority: "visible", signal: controller.signal });
    const settled = expect(result).rejects.toBe("left the page");
    await advanceTo(firstWait / 2);
    controller.abort("left the page");
    await settled;
    // Only the budget's own timer is left; the backoff's is gone.
    expect(vi.getTimerCount()).toBe(1);
    await advanceTo(60_000);
    expect(tries).toEqual([0]);
  });

  it("takes a policy of its own", async () => {
    const budget = new RequestBudget();
    const { task, tries } = flakyTask(new Error("503"));
    const result = retryThrough(
      budget,
      task,
      { priority: "visible" },
      { attempts: 1, backoffMs: [100], isNetworkFailure: (error) => String(error).includes("503") },
    );
    await advanceTo(1_000);
    await expect(result).resolves.toBe("ok");
    expect(tries).toEqual([0, 100]);
  });
});
