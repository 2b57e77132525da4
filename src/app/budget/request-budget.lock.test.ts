// The start decision under a cross-tab lock: taken only to start, asked for once at a time, the shared log
// re-read inside it, aborts and pauses that come while it is awaited honoured, and a refused lock survived.
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { BudgetLock } from "./budget-lock.ts";
import type { RequestBudgetOptions } from "./budget-options.ts";
import { indexedDbSendLogStore, memorySendLogStore } from "./send-log.ts";
import { advanceTo, budgetUnderTest, fakeDatabase, T0, useBudgetClock } from "./testing/budget-testkit.ts";

beforeEach(useBudgetClock);

afterEach(() => {
  vi.useRealTimers();
});

/** A lock this test grants by hand, as if another tab held it until then. */
function manualLock() {
  const waiting: { critical: () => void | Promise<void>; done: () => void }[] = [];
  let requests = 0;
  const lock: BudgetLock = (critical) => {
    requests++;
    return new Promise<void>((done) => waiting.push({ critical, done }));
  };
  /** Grants the oldest request: runs its critical section and releases once that has finished. */
  const grant = async () => {
    const next = waiting.shift();
    if (!next) throw new Error("nobody asked for the lock");
    await next.critical();
    next.done();
    await advanceTo(Date.now() - T0);
  };
  return { lock, grant, requests: () => requests, waiting: () => waiting.length };
}

const setup = (lock: BudgetLock, options: RequestBudgetOptions = {}) =>
  budgetUnderTest({ marginMs: 0, lock, ...options });

describe("RequestBudget with a lock", () => {
  it("starts nothing until the lock is granted, then decides inside it", async () => {
    const locks = manualLock();
    const { run, started, store } = setup(locks.lock);
    void run("a");
    await advanceTo(100);
    expect(started).toEqual([]);
    expect(locks.waiting()).toBe(1);
    await locks.grant();
    expect(started).toEqual(["a"]);
    expect(store.load()).toEqual([T0 + 100]);
  });

  it("asks for the lock once however many changes come while it waits", async () => {
    const locks = manualLock();
    const { budget, run, started } = setup(locks.lock, { limit: 3 });
    void run("a", "background");
    await advanceTo(10);
    void run("b", "prefetch");
    await advanceTo(20);
    budget.refresh();
    void run("c", "write");
    await advanceTo(30);
    expect(locks.requests()).toBe(1);
    await locks.grant();
    // Decided at the grant, by priority among all that waited by then.
    expect(started).toEqual(["c", "b", "a"]);
    // That decision saw every change made while it was awaited, so there is nothing to ask again for.
    expect(locks.requests()).toBe(1);
  });

  it("asks again after the grant when a start still looks possible", async () => {
    const locks = manualLock();
    const { run, started } = setup(locks.lock, { limit: 2 });
    void run("a");
    await advanceTo(10);
    await locks.grant();
    void run("b");
    await advanceTo(20);
    expect(locks.requests()).toBe(2);
    await locks.grant();
    expect(started).toEqual(["a", "b"]);
  });

  it("re-reads the shared log inside the lock, so a send another tab made meanwhile counts", async () => {
    const locks = manualLock();
    const store = memorySendLogStore();
    const { budget, run, started } = setup(locks.lock, { limit: 2, store });
    void run("a");
    await advanceTo(1000);
    // The other tab held the lock and spent both slots.
    store.save([T0 + 500, T0 + 900]);
    await locks.grant();
    expect(started).toEqual([]);
    expect(budget.snapshot()).toMatchObject({ used: 2, queued: 1, nextSlotAt: T0 + 60_500 });
    await advanceTo(60_500);
    expect(locks.requests()).toBe(2);
    await locks.grant();
    expect(started).toEqual(["a"]);
  });

  it("with the log in IndexedDB, decides on it as read inside the lock and writes it before releasing", async () => {
    const locks = manualLock();
    const { database, values } = fakeDatabase();
    // The mirror (this tab's localStorage copy) has not seen the other tab's sends yet.
    const store = indexedDbSendLogStore("log", database, memorySendLogStore());
    const { budget, run, started } = setup(locks.lock, { limit: 3, store });
    void run("a");
    void run("b");
    await advanceTo(1000);
    values.set("log", [T0 + 500, T0 + 900]);
    await locks.grant();
    expect(started).toEqual(["a"]);
    // Committed by the time the lock was released.
    expect(values.get("log")).toEqual([T0 + 500, T0 + 900, T0 + 1000]);
    expect(budget.snapshot()).toMatchObject({ used: 3, queued: 1, nextSlotAt: T0 + 60_500 });
  });

  it("spends nothing on a task aborted while the lock is awaited", async () => {
    const locks = manualLock();
    const { run, started, store } = setup(locks.lock);
    const controller = new AbortController();
    const dropped = run("dropped", "write", controller.signal);
    void run("kept");
    await advanceTo(10);
    controller.abort("gone");
    await expect(dropped).rejects.toBe("gone");
    await locks.grant();
    expect(started).toEqual(["kept"]);
    expect(store.load()).toEqual([T0 + 10]);
  });

  it("starts nothing at the grant when a pause came while it was awaited", async () => {
    const locks = manualLock();
    const { budget, run, started } = setup(locks.lock);
    void run("a");
    await advanceTo(10);
    budget.pauseUntil(T0 + 5000);
    await locks.grant();
    expect(started).toEqual([]);
    await advanceTo(5000);
    await locks.grant();
    expect(started).toEqual(["a"]);
  });

  it("takes no lock to wait: with the window full, or nothing queued", async () => {
    const locks = manualLock();
    const { budget, run } = setup(locks.lock, { store: memorySendLogStore([T0, T0, T0, T0, T0]) });
    void run("a");
    budget.refresh();
    await advanceTo(30_000);
    expect(locks.requests()).toBe(0);
    expect(budget.snapshot()).toMatchObject({ queued: 1, nextSlotAt: T0 + 60_000 });
    await advanceTo(60_000);
    expect(locks.requests()).toBe(1);
  });

  it("decides without the lock when it is refused, rather than never", async () => {
    const refused: BudgetLock = () => Promise.reject(new DOMException("no locks here", "SecurityError"));
    const { run, started } = setup(refused);
    void run("a");
    await advanceTo(10);
    expect(started).toEqual(["a"]);
  });

  it("decides even when a lock settles without running the decision", async () => {
    const { run, started } = setup(async () => {});
    void run("a");
    await advanceTo(10);
    expect(started).toEqual(["a"]);
  });
});
