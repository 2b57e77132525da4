import { describe, expect, it } from "vitest";
import { cleanSendTimes, localStorageSendLogStore, memorySendLogStore } from "./send-log.ts";

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
