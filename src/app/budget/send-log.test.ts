import { afterEach, describe, expect, it, vi } from "vitest";
import {
  cleanSendTimes,
  indexedDbSendLogStore,
  localStorageSendLogStore,
  memorySendLogStore,
} from "./send-log.ts";
import { fakeDatabase } from "./testing/budget-testkit.ts";

/** Just enough Web Storage for the store; `broken` makes every call throw like disabled storage. */
class FakeStorage implements Storage {
  readonly items = new Map<string, string>();
  broken = false;

  get length(): number {
    return this.items.size;
  }
  clear(): void {
    this.items.clear();
  }
  getItem(key: string): string | null {
    if (this.broken) throw new DOMException("storage disabled", "SecurityError");
    return this.items.get(key) ?? null;
  }
  key(index: number): string | null {
    return [...this.items.keys()][index] ?? null;
  }
  removeItem(key: string): void {
    this.items.delete(key);
  }
  setItem(key: string, value: string): void {
    if (this.broken) throw new DOMException("quota", "QuotaExceededError");
    this.items.set(key, value);
  }
}

describe("cleanSendTimes", () => {
  it("keeps finite numbers, ascending", () => {
    expect(cleanSendTimes([30, "20", 10, null, Number.NaN, 20, Number.POSITIVE_INFINITY, {}])).toEqual([
      10, 20, 30,
    ]);
  });

  it("reads anything but an array as empty", () => {
    for (const value of [null, undefined, 5, "[1,2]", { 0: 1 }]) expect(cleanSendTimes(value)).toEqual([]);
  });

  it("keeps only the newest entries of a runaway log", () => {
    const times = cleanSendTimes(Array.from({ length: 20_000 }, (_, i) => i));
    expect(times).toHaveLength(10_000);
    expect(times[0]).toBe(10_000);
  });
});

describe("memorySendLogStore", () => {
  it("gives back what was saved, as copies", () => {
    const store = memorySendLogStore([2, 1]);
    expect(store.load()).toEqual([1, 2]);
    const saved = [5, 6];
    store.save(saved);
    saved.push(7);
    const loaded = store.load();
    loaded.push(8);
    expect(store.load()).toEqual([5, 6]);
  });
});

describe("localStorageSendLogStore", () => {
  it("writes a JSON array under its key that a second store (another tab, a reload) reads", () => {
    const storage = new FakeStorage();
    localStorageSendLogStore("budget", storage).save([1000, 2000]);
    expect(storage.items.get("budget")).toBe("[1000,2000]");
    expect(localStorageSendLogStore("budget", storage).load()).toEqual([1000, 2000]);
    expect(localStorageSendLogStore("other", storage).load()).toEqual([]);
  });

  it("reads garbage as an empty log", () => {
    const storage = new FakeStorage();
    const store = localStorageSendLogStore("budget", storage);
    for (const text of ["not json", "{", '{"a":1}', "42", "null", '"[1]"']) {
      storage.items.set("budget", text);
      expect(store.load(), text).toEqual([]);
    }
    storage.items.set("budget", '[3, "x", 1, null]');
    expect(store.load()).toEqual([1, 3]);
  });

  it("never throws when storage does", () => {
    const storage = new FakeStorage();
    const store = localStorageSendLogStore("budget", storage);
    storage.broken = true;
    expect(() => store.save([1])).not.toThrow();
    expect(store.load()).toEqual([]);
  });
});

describe("indexedDbSendLogStore", () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it("writes the mirror at once and IndexedDB once per burst of saves, committed by flush", async () => {
    const { database, values, state } = fakeDatabase();
    const mirror = memorySendLogStore();
    const store = indexedDbSendLogStore("budget", database, mirror);
    store.save([1]);
    store.save([1, 2]);
    expect(mirror.load()).toEqual([1, 2]);
    expect(values.has("budget")).toBe(false);
    await store.flush?.();
    expect(values.get("budget")).toEqual([1, 2]);
    expect(state.sets).toBe(1);
  });

  it("loads the union of what it knows from IndexedDB and the mirror, each send counted once", async () => {
    const { database, values } = fakeDatabase();
    const mirror = memorySendLogStore([1, 2]);
    const store = indexedDbSendLogStore("budget", database, mirror);
    expect(store.load()).toEqual([1, 2]);
    // Another tab committed more than the mirror shows yet (its copy of localStorage lags).
    values.set("budget", [1, 2, 3, 3, "junk"]);
    expect(store.load()).toEqual([1, 2]);
    await store.pull?.();
    expect(store.load()).toEqual([1, 2, 3, 3]);
  });

  it("keeps a save made while a read was out", async () => {
    const { database, values } = fakeDatabase();
    values.set("budget", [1]);
    const store = indexedDbSendLogStore("budget", database, memorySendLogStore());
    const pulled = store.pull?.();
    store.save([5]);
    await pulled;
    expect(store.load()).toEqual([1, 5]);
  });

  it("goes on with the mirror when IndexedDB fails or hangs, never rejecting", async () => {
    vi.useFakeTimers();
    const { database, state } = fakeDatabase();
    const store = indexedDbSendLogStore("budget", database, memorySendLogStore([7]));
    state.failing = true;
    await expect(store.pull?.()).resolves.toBeUndefined();
    store.save([7, 8]);
    await expect(store.flush?.()).resolves.toBeUndefined();
    expect(store.load()).toEqual([7, 8]);

    // A hung IndexedDB must not hold the decision lock for ever.
    state.hanging = true;
    let settled = 0;
    void store.pull?.().then(() => settled++);
    store.save([7, 8, 9]);
    void store.flush?.().then(() => settled++);
    await vi.advanceTimersByTimeAsync(1999);
    expect(settled).toBe(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(settled).toBe(2);
    expect(store.load()).toEqual([7, 8, 9]);
  });
});
