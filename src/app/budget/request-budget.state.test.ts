// The budget's visible state and the server's say over it: pauses, adopted policies, snapshot, ETA.
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { RequestBudgetOptions } from "./budget-options.ts";
import { RequestBudget } from "./request-budget.ts";
import { memorySendLogStore } from "./send-log.ts";
import { advanceTo, budgetUnderTest, T0, useBudgetClock } from "./testing/budget-testkit.ts";

beforeEach(useBudgetClock);

/** These tests are about the window itself, to the millisecond; the safety margin has tests of its own. */
const setup = (options: RequestBudgetOptions = {}) => budgetUnderTest({ marginMs: 0, ...options });

afterEach(() => {
  vi.useRealTimers();
});

/** A store holding sends at these seconds after T0 (advance the clock past them before deciding). */
const sentAt = (...seconds: number[]) => memorySendLogStore(seconds.map((s) => T0 + s * 1000));

describe("RequestBudget.pauseUntil", () => {
  it("holds everything until the pause ends, with slots free, and shows it", async () => {
    const { budget, run, startedAt } = setup();
    budget.pauseUntil(T0 + 30_000);
    void run("write", "write");
    void run("visible");
    await advanceTo(29_999);
    expect(startedAt.size).toBe(0);
    expect(budget.snapshot()).toMatchObject({ pausedUntil: T0 + 30_000, nextSlotAt: T0 + 30_000, queued: 2 });
    await advanceTo(30_000);
    expect([...startedAt]).toEqual([
      ["write", 30_000],
      ["visible", 30_000],
    ]);
    expect(budget.snapshot()).toMatchObject({ pausedUntil: null, nextSlotAt: null });
  });

  it("only ever lengthens a pause, and ignores one already over", async () => {
    const { budget } = setup();
    budget.pauseUntil(T0 + 30_000);
    budget.pauseUntil(T0 + 10_000);
    budget.pauseUntil(T0 - 5_000);
    expect(budget.snapshot().pausedUntil).toBe(T0 + 30_000);
    budget.pauseUntil(T0 + 40_000);
    expect(budget.snapshot().pausedUntil).toBe(T0 + 40_000);
  });

  it("says the next slot is the later of the pause's end and the window's", async () => {
    const { budget } = setup({ store: sentAt(0, 1, 2, 3, 4) });
    await advanceTo(4_000);
    budget.pauseUntil(T0 + 30_000);
    expect(budget.snapshot().nextSlotAt).toBe(T0 + 60_000);
    budget.pauseUntil(T0 + 90_000);
    expect(budget.snapshot().nextSlotAt).toBe(T0 + 90_000);
  });

  it("waits out a pause longer than a timer can hold without spinning", async () => {
    const { budget, run, started } = setup();
    const days = 24 * 3_600_000;
    budget.pauseUntil(T0 + 40 * days);
    void run("late");
    await advanceTo(30 * days);
    expect(vi.getTimerCount()).toBe(1);
    expect(started).toEqual([]);
    await advanceTo(40 * days);
    expect(started).toEqual(["late"]);
  });
});

describe("RequestBudget.onPause", () => {
  it("tells listeners each time this page's own pause lengthens, not for pauses from other tabs", () => {
    const { budget } = setup();
    const told: number[] = [];
    const unsubscribe = budget.onPause((until) => told.push(until - T0));
    budget.pauseUntil(T0 + 30_000);
    budget.pauseUntil(T0 + 20_000);
    budget.pauseUntil(T0 + 40_000, { fromOtherTab: true });
    budget.pauseUntil(T0 + 50_000);
    expect(told).toEqual([30_000, 50_000]);
    expect(budget.snapshot().pausedUntil).toBe(T0 + 50_000);
    unsubscribe();
    budget.pauseUntil(T0 + 60_000);
    expect(told).toEqual([30_000, 50_000]);
  });

  it("applies a pause from another tab like its own", async () => {
    const { budget, run, startedAt } = setup();
    budget.pauseUntil(T0 + 5_000, { fromOtherTab: true });
    void run("a");
    await advanceTo(4_999);
    expect(startedAt.size).toBe(0);
    await advanceTo(5_000);
    expect(startedAt.get("a")).toBe(5_000);
  });
});

describe("RequestBudget.adopt", () => {
  it("lets a lower limit hold back starts until the window has room under it", async () => {
    const { budget, run, startedAt } = setup({ store: sentAt(0, 1, 2, 3, 4) });
    await advanceTo(4_000);
    budget.adopt({ limit: 3, windowSeconds: 60 });
    void run("next");
    await advanceTo(4_000);
    expect(budget.snapshot()).toMatchObject({ used: 5, limit: 3, nextSlotAt: T0 + 62_000 });
    await advanceTo(61_999);
    expect(startedAt.size).toBe(0);
    await advanceTo(62_000);
    expect(startedAt.get("next")).toBe(62_000);
  });

  it("starts waiting tasks at once under a higher limit", async () => {
    const { budget, run, started } = setup({ store: sentAt(0, 1, 2, 3, 4) });
    await advanceTo(4_000);
    void run("a");
    void run("b");
    await advanceTo(5_000);
    expect(started).toEqual([]);
    budget.adopt({ limit: 10, windowSeconds: 60 });
    await advanceTo(5_000);
    expect(started).toEqual(["a", "b"]);
  });

  it("keeps counting sends that a wider window still holds", async () => {
    const { budget, run, startedAt } = setup({ limit: 1, windowMs: 1000 });
    void run("a");
    await advanceTo(500);
    budget.adopt({ limit: 1, windowSeconds: 10 });
    void run("b");
    await advanceTo(20_000);
    expect(startedAt.get("b")).toBe(10_000);
  });

  it("refuses a policy it cannot keep", () => {
    const { budget } = setup();
    expect(() => budget.adopt({ limit: 0, windowSeconds: 60 })).toThrow(RangeError);
    expect(() => budget.adopt({ limit: 2.5, windowSeconds: 60 })).toThrow(RangeError);
    expect(() => budget.adopt({ limit: 5, windowSeconds: 0 })).toThrow(RangeError);
    expect(() => new RequestBudget({ windowMs: Number.NaN })).toThrow(RangeError);
  });
});

describe("RequestBudget.snapshot and eta", () => {
  it("reports use, the queue by priority and the next slot", async () => {
    const { budget, run } = setup({ store: sentAt(0, 10, 20, 30, 40) });
    await advanceTo(40_000);
    expect(budget.snapshot()).toEqual({
      used: 5,
      limit: 5,
      windowMs: 60_000,
      marginMs: 0,
      queued: 0,
      queuedByPriority: { write: 0, visible: 0, prefetch: 0, background: 0 },
      nextSlotAt: T0 + 60_000,
      pausedUntil: null,
    });
    void run("v1");
    void run("v2");
    void run("bg", "background");
    await advanceTo(45_000);
    expect(budget.snapshot()).toMatchObject({
      used: 5,
      queued: 3,
      queuedByPriority: { write: 0, visible: 2, prefetch: 0, background: 1 },
    });
    await advanceTo(70_000);
    expect(budget.snapshot()).toMatchObject({ used: 5, queued: 1, nextSlotAt: T0 + 80_000 });
  });

  it("says a slot is free now with null", async () => {
    const { budget } = setup({ store: sentAt(0, 1) });
    await advanceTo(1_000);
    expect(budget.snapshot()).toMatchObject({ used: 2, nextSlotAt: null });
  });

  it("estimates each queued task's start from its place in line and the window", async () => {
    const { budget, run } = setup({ limit: 2, store: sentAt(0, 10) });
    await advanceTo(10_000);
    void run("bg", "background");
    void run("pf", "prefetch");
    void run("vis", "visible");
    expect(budget.eta("vis")).toBe(T0 + 60_000);
    expect(budget.eta("pf")).toBe(T0 + 70_000);
    // Its own window is full of the two starts planned before it.
    expect(budget.eta("bg")).toBe(T0 + 120_000);
    expect(budget.eta("nobody")).toBeNull();
    budget.pauseUntil(T0 + 65_000);
    expect(budget.eta("vis")).toBe(T0 + 65_000);
    expect(budget.eta("pf")).toBe(T0 + 70_000);
  });

  it("returns the same snapshot object until something changes (for useSyncExternalStore)", async () => {
    const { budget, run } = setup();
    const first = budget.snapshot();
    expect(budget.snapshot()).toBe(first);
    void run("a");
    expect(budget.snapshot()).not.toBe(first);
  });
});

describe("RequestBudget.subscribe", () => {
  it("tells listeners about every change, the window's own included, until unsubscribed", async () => {
    const { budget, run } = setup({ limit: 1, windowMs: 10_000 });
    const seen: number[] = [];
    const unsubscribe = budget.subscribe(() => seen.push(budget.snapshot().used));
    void run("a");
    await advanceTo(0);
    expect(seen.at(-1)).toBe(1);
    const count = seen.length;
    await advanceTo(10_000);
    expect(seen.length).toBeGreaterThan(count);
    expect(seen.at(-1)).toBe(0);

    budget.pauseUntil(T0 + 20_000);
    budget.adopt({ limit: 2, windowSeconds: 10 });
    budget.refresh();
    expect(seen.length).toBe(count + 4);
    unsubscribe();
    void run("b");
    await advanceTo(30_000);
    expect(seen.length).toBe(count + 4);
  });
});
