// @vitest-environment jsdom
// Tabs linked through the browser: another tab's write to the send log wakes this budget, 429 pauses pass
// both ways over a real BroadcastChannel without echoing, decisions take the named Web Lock, and dispose
// undoes it all. Real timers: BroadcastChannel delivers on the event loop, which fake timers do not drive.
import { afterEach, describe, expect, it, vi } from "vitest";
import { type CrossTabEnvironment, decisionLock, linkTabs, sendLogStoreOf } from "./cross-tab.ts";
import { RequestBudget } from "./request-budget.ts";
import { localStorageSendLogStore } from "./send-log.ts";
import { fakeDatabase } from "./testing/budget-testkit.ts";

const KEY = "cmd.sendLog|https://cmd.test|-";
/** The budgets' own timers never fire here; pauses and windows are only looked at, not waited out. */
const idleTimers = { setTimer: () => 0, clearTimer: () => {} };

const cleanups: (() => void)[] = [];
afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup();
  localStorage.clear();
});

/** A tab: a budget on the shared localStorage log, linked with posts on its channel counted. */
function tab(options: { locks?: LockManager } = {}) {
  const posted: unknown[] = [];
  const env: CrossTabEnvironment = {
    events: window,
    storage: localStorage,
    openChannel: (name) => {
      const channel = new BroadcastChannel(name);
      const post = channel.postMessage.bind(channel);
      channel.postMessage = (message: unknown) => {
        posted.push(message);
        post(message);
      };
      return channel;
    },
    locks: options.locks,
    database: null,
  };
  const lock = decisionLock(KEY, env.locks);
  const budget = new RequestBudget({
    ...idleTimers,
    store: localStorageSendLogStore(KEY, localStorage),
    ...(lock ? { lock } : {}),
  });
  const dispose = linkTabs(budget, KEY, env);
  cleanups.push(dispose);
  return { budget, posted, dispose };
}

/** What the browser fires in the other tabs when one writes `key`. */
function storageEvent(key: string | null, storageArea: Storage = localStorage): StorageEvent {
  return new StorageEvent("storage", { key, storageArea });
}

/** A Web Locks stand-in: grants at once, in order, records the names asked for and which it still holds. */
function fakeLockManager() {
  const names: string[] = [];
  const held: string[] = [];
  const locks = {
    request: async (name: string, callback: () => unknown) => {
      names.push(name);
      held.push(name);
      try {
        return await callback();
      } finally {
        held.splice(held.indexOf(name), 1);
      }
    },
  } as unknown as LockManager;
  return { locks, names, held };
}

describe("linkTabs: the send log", () => {
  it("decides again and tells its readers when another tab writes the log", () => {
    const { budget } = tab();
    const seen: number[] = [];
    budget.subscribe(() => seen.push(budget.snapshot().used));
    // Another tab sent twice and wrote the shared log; the browser tells this tab.
    localStorage.setItem(KEY, JSON.stringify([Date.now(), Date.now()]));
    window.dispatchEvent(storageEvent(KEY));
    expect(seen).toEqual([2]);
    window.dispatchEvent(storageEvent(null));
    expect(seen).toHaveLength(2);
  });

  it("ignores other keys, other storage areas, and everything once disposed", () => {
    const { budget, dispose } = tab();
    const refresh = vi.spyOn(budget, "refresh");
    window.dispatchEvent(storageEvent("someone.else"));
    window.dispatchEvent(storageEvent(KEY, sessionStorage));
    expect(refresh).not.toHaveBeenCalled();
    dispose();
    dispose();
    window.dispatchEvent(storageEvent(KEY));
    expect(refresh).not.toHaveBeenCalled();
  });
});

describe("linkTabs: 429 pauses", () => {
  it("pauses the other tabs when one is paused, and nobody posts it back", async () => {
    const a = tab();
    const b = tab();
    const c = tab();
    const until = Date.now() + 30_000;
    a.budget.pauseUntil(until);
    await vi.waitFor(() => {
      expect(b.budget.snapshot().pausedUntil).toBe(until);
      expect(c.budget.snapshot().pausedUntil).toBe(until);
    });
    // Give an echo the time it would take to arrive.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(a.posted).toEqual([{ pauseUntil: until }]);
    expect(b.posted).toEqual([]);
    expect(c.posted).toEqual([]);
  });

  it("ignores messages that are not pauses", async () => {
    const a = tab();
    const sender = new BroadcastChannel(`${KEY}|pause`);
    cleanups.push(() => sender.close());
    for (const junk of [null, "pause", { pauseUntil: "soon" }, { pauseUntil: Number.NaN }])
      sender.postMessage(junk);
    const until = Date.now() + 10_000;
    sender.postMessage({ pauseUntil: until });
    await vi.waitFor(() => expect(a.budget.snapshot().pausedUntil).toBe(until));
  });

  it("neither passes on nor takes pauses once disposed", async () => {
    const a = tab();
    const b = tab();
    const c = tab();
    b.dispose();
    a.budget.pauseUntil(Date.now() + 30_000);
    await vi.waitFor(() => expect(c.budget.snapshot().pausedUntil).not.toBeNull());
    expect(b.budget.snapshot().pausedUntil).toBeNull();
    b.budget.pauseUntil(Date.now() + 40_000);
    expect(b.posted).toEqual([]);
  });
});

describe("decisionLock", () => {
  it("is a Web Lock named after the send log, or none without Web Locks", async () => {
    expect(decisionLock(KEY, undefined)).toBeUndefined();
    const { locks, names } = fakeLockManager();
    const lock = decisionLock(KEY, locks);
    let ran = false;
    await lock?.(() => {
      ran = true;
    });
    expect(ran).toBe(true);
    expect(names).toEqual([`${KEY}|decide`]);
  });

  it("is held until the decision's promise settles (its write to IndexedDB committed)", async () => {
    const { locks, held } = fakeLockManager();
    const lock = decisionLock(KEY, locks);
    let commit = () => {};
    const granted = lock?.(() => new Promise<void>((resolve) => (commit = resolve)));
    await Promise.resolve();
    expect(held).toEqual([`${KEY}|decide`]);
    commit();
    await granted;
    expect(held).toEqual([]);
  });

  it("is what a budget decides under", async () => {
    const { locks, names } = fakeLockManager();
    const { budget } = tab({ locks });
    await budget.schedule(async () => "sent", { priority: "visible" });
    expect(names).toEqual([`${KEY}|decide`]);
    expect(budget.snapshot().used).toBe(1);
  });
});

describe("sendLogStoreOf", () => {
  const env = (locks: LockManager | undefined, database: CrossTabEnvironment["database"]) => ({
    events: window,
    storage: localStorage,
    openChannel: null,
    locks,
    database,
  });

  it("keeps the log in IndexedDB where decisions are locked, mirrored to localStorage to wake the tabs", async () => {
    const { database, values } = fakeDatabase();
    const store = sendLogStoreOf(KEY, localStorage, env(fakeLockManager().locks, database));
    expect(store.pull).toBeDefined();
    store.save([1000, 2000]);
    await store.flush?.();
    expect(values.get(KEY)).toEqual([1000, 2000]);
    expect(localStorage.getItem(KEY)).toBe("[1000,2000]");
  });

  it("keeps today's log without Web Locks or IndexedDB: localStorage, or memory without it", () => {
    const { database } = fakeDatabase();
    for (const tabs of [env(undefined, database), env(fakeLockManager().locks, null), null]) {
      const store = sendLogStoreOf(KEY, localStorage, tabs);
      expect(store.pull).toBeUndefined();
      store.save([1000]);
      expect(localStorage.getItem(KEY)).toBe("[1000]");
      localStorage.clear();
    }
    const memory = sendLogStoreOf(KEY, null, env(undefined, null));
    memory.save([1000]);
    expect(memory.load()).toEqual([1000]);
    expect(localStorage.length).toBe(0);
  });
});
