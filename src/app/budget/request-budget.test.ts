import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { RequestBudgetOptions } from "./budget-options.ts";
import { memorySendLogStore, type SendLogStore } from "./send-log.ts";
import { advanceTo, budgetUnderTest, T0, useBudgetClock } from "./testing/budget-testkit.ts";

beforeEach(useBudgetClock);

/** These tests are about the window itself, to the millisecond; the safety margin has tests of its own. */
const setup = (options: RequestBudgetOptions = {}) => budgetUnderTest({ marginMs: 0, ...options });

afterEach(() => {
  vi.useRealTimers();
});

describe("RequestBudget: the sliding window", () => {
  it("starts `limit` tasks, then the next one exactly when the oldest send leaves the window", async () => {
    const { run, started, startedAt } = setup();
    for (let i = 0; i < 5; i++) {
      await advanceTo(i * 10_000);
      void run(`t${i}`);
    }
    await advanceTo(45_000);
    const sixth = run("t5");
    await advanceTo(59_999);
    expect(started).toEqual(["t0", "t1", "t2", "t3", "t4"]);
    await advanceTo(60_000);
    await expect(sixth).resolves.toBe("t5");
    expect(startedAt.get("t5")).toBe(60_000);

    // Sliding, not fixed buckets: the next slot is when t1 (sent at 10 s) leaves, not at 120 s.
    void run("t6");
    await advanceTo(69_999);
    expect(started).toHaveLength(6);
    await advanceTo(70_000);
    expect(startedAt.get("t6")).toBe(70_000);
  });

  it("never lets a burst at a window's edge through", async () => {
    const { run, startedAt } = setup();
    await advanceTo(59_000);
    for (let i = 0; i < 10; i++) void run(`t${i}`);
    await advanceTo(200_000);
    expect([...startedAt.values()]).toEqual([
      59_000, 59_000, 59_000, 59_000, 59_000, 119_000, 119_000, 119_000, 119_000, 119_000,
    ]);
  });

  it("keeps exactly one timer while something waits, and none once the window is empty", async () => {
    const { run } = setup({ limit: 1, windowMs: 1000 });
    void run("a");
    void run("b");
    void run("c");
    await advanceTo(0);
    expect(vi.getTimerCount()).toBe(1);
    await advanceTo(1500);
    expect(vi.getTimerCount()).toBe(1);
    await advanceTo(10_000);
    expect(vi.getTimerCount()).toBe(0);
  });

  it("passes a task's outcome through, and a failed task still spent its slot", async () => {
    const { budget } = setup({ limit: 2 });
    const failing = budget.schedule(
      async () => {
        throw new Error("boom");
      },
      { priority: "visible" },
    );
    const throwing = budget.schedule(
      () => {
        throw new Error("sync boom");
      },
      { priority: "visible" },
    );
    await expect(failing).rejects.toThrow("boom");
    await expect(throwing).rejects.toThrow("sync boom");
    expect(budget.snapshot().used).toBe(2);
  });
});

describe("RequestBudget: the safety margin", () => {
  it("holds each slot for windowMs + marginMs (default 1000 ms), against jitter on the way", async () => {
    const { budget, run, startedAt } = budgetUnderTest();
    for (let i = 0; i < 5; i++) void run(`t${i}`);
    await advanceTo(0);
    const sixth = run("t5");
    await advanceTo(60_500);
    expect(budget.snapshot()).toMatchObject({
      used: 5,
      windowMs: 60_000,
      marginMs: 1000,
      nextSlotAt: T0 + 61_000,
    });
    await advanceTo(60_999);
    expect(startedAt.has("t5")).toBe(false);
    await advanceTo(61_000);
    await expect(sixth).resolves.toBe("t5");
    expect(startedAt.get("t5")).toBe(61_000);
    expect(budget.snapshot()).toMatchObject({ used: 1, nextSlotAt: null });
  });

  it("counts the margin in each planned start's ETA", async () => {
    const { budget, run } = budgetUnderTest({ limit: 2, marginMs: 500, windowMs: 10_000 });
    void run("a");
    void run("b");
    await advanceTo(1_000);
    void run("c");
    void run("d");
    void run("e");
    expect(budget.eta("c")).toBe(T0 + 10_500);
    expect(budget.eta("d")).toBe(T0 + 10_500);
    expect(budget.eta("e")).toBe(T0 + 21_000);
  });

  it("keeps the margin on top of a window the server announces", async () => {
    const { budget, run, startedAt } = budgetUnderTest({ limit: 1, marginMs: 250 });
    void run("a");
    await advanceTo(0);
    budget.adopt({ limit: 1, windowSeconds: 10 });
    void run("b");
    await advanceTo(20_000);
    expect(startedAt.get("b")).toBe(10_250);
  });

  it("refuses a margin it cannot keep", () => {
    for (const marginMs of [-1, Number.NaN, Number.POSITIVE_INFINITY]) {
      expect(() => budgetUnderTest({ marginMs })).toThrow(RangeError);
    }
    expect(budgetUnderTest({ marginMs: 0 }).budget.snapshot().marginMs).toBe(0);
  });
});

describe("RequestBudget: who goes first", () => {
  it("starts the highest priority first as slots free", async () => {
    const { run, started } = setup({ limit: 1 });
    void run("first");
    await advanceTo(0);
    for (const priority of ["background", "prefetch", "visible", "write"] as const)
      void run(priority, priority);
    await advanceTo(300_000);
    expect(started).toEqual(["first", "write", "visible", "prefetch", "background"]);
  });

  it("keeps arrival order within a priority", async () => {
    const { run, started } = setup({ limit: 1 });
    for (const label of ["a", "b", "c", "d"]) void run(label, "prefetch");
    void run("w", "write");
    await advanceTo(300_000);
    expect(started).toEqual(["w", "a", "b", "c", "d"]);
  });

  it("weighs tasks scheduled in the same tick together, even with a slot free", async () => {
    const { run, started } = setup({ limit: 1 });
    void run("background", "background");
    void run("visible", "visible");
    await advanceTo(0);
    expect(started).toEqual(["visible"]);
  });
});

describe("RequestBudget: aborting", () => {
  it("drops a queued task without spending budget and rejects with the abort reason", async () => {
    const { budget, run, started, store } = setup({ limit: 1 });
    void run("a");
    await advanceTo(0);
    const controller = new AbortController();
    const dropped = run("dropped", "write", controller.signal);
    void run("b");
    await advanceTo(10_000);
    controller.abort(new Error("view closed"));
    await expect(dropped).rejects.toThrow("view closed");
    expect(budget.snapshot()).toMatchObject({ used: 1, queued: 1 });
    await advanceTo(60_000);
    expect(started).toEqual(["a", "b"]);
    expect(store.load()).toEqual([T0 + 60_000]);
  });

  it("rejects at once when the signal is already aborted", async () => {
    const { budget, run } = setup();
    await expect(run("x", "visible", AbortSignal.abort("gone"))).rejects.toBe("gone");
    expect(budget.snapshot()).toMatchObject({ used: 0, queued: 0 });
  });

  it("hands the signal to a started task, and aborting then no longer touches the queue", async () => {
    const { budget } = setup();
    const controller = new AbortController();
    let seen: AbortSignal | undefined;
    const done = budget.schedule(
      async (signal) => {
        seen = signal;
        return "ok";
      },
      { priority: "visible", signal: controller.signal },
    );
    await expect(done).resolves.toBe("ok");
    controller.abort();
    expect(seen).toBe(controller.signal);
    expect(budget.snapshot().used).toBe(1);
  });
});

describe("RequestBudget: the shared send log", () => {
  it("counts sends another tab wrote into the shared store", async () => {
    const shared = memorySendLogStore();
    const otherTab = setup({ store: shared });
    const thisTab = setup({ store: shared });
    for (const label of ["o1", "o2", "o3"]) void otherTab.run(label);
    await advanceTo(1000);
    for (const label of ["m1", "m2", "m3"]) void thisTab.run(label);
    await advanceTo(2000);
    expect(thisTab.started).toEqual(["m1", "m2"]);
    expect(thisTab.budget.snapshot()).toMatchObject({ used: 5, nextSlotAt: T0 + 60_000 });
    await advanceTo(60_000);
    expect(thisTab.started).toEqual(["m1", "m2", "m3"]);
  });

  it("starts a reloaded page with the sends of the page before", async () => {
    const store = memorySendLogStore();
    const before = setup({ store });
    for (let i = 0; i < 4; i++) void before.run(`b${i}`);
    await advanceTo(5000);
    const after = setup({ store });
    expect(after.budget.snapshot()).toMatchObject({ used: 4 });
  });

  it("writes only the sends still inside the window", async () => {
    const { run, store } = setup({ limit: 2, windowMs: 1000 });
    for (let i = 0; i < 6; i++) void run(`t${i}`);
    await advanceTo(5000);
    expect(store.load()).toEqual([T0 + 2000, T0 + 2000]);
  });

  it("re-reads the log before each start, so a send written meanwhile counts", async () => {
    const shared = memorySendLogStore();
    // As if another tab sent twice right after our first start was written.
    let saves = 0;
    const racing: SendLogStore = {
      load: () => shared.load(),
      save: (times) => {
        shared.save(saves++ === 0 ? [...times, Date.now(), Date.now()] : times);
      },
    };
    const { run, started } = setup({ store: racing, limit: 3 });
    for (const label of ["a", "b", "c"]) void run(label);
    await advanceTo(1000);
    expect(started).toEqual(["a"]);
  });

  it("still counts its own sends when the shared log loses them", async () => {
    const lossy: SendLogStore = { load: () => [], save: () => {} };
    const { run, started } = setup({ store: lossy, limit: 2 });
    for (const label of ["a", "b", "c"]) void run(label);
    await advanceTo(1000);
    expect(started).toEqual(["a", "b"]);
  });

  it("reads sends dated in the future (the clock was set back) as sent now", async () => {
    const store = memorySendLogStore([T0 + 3_600_000]);
    const { budget } = setup({ store, limit: 1 });
    expect(budget.snapshot()).toMatchObject({ used: 1, nextSlotAt: T0 + 60_000 });
  });
});
