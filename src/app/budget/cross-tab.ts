// The tabs of one origin are one client to the service, so they share one budget: beyond the shared send
// log, another tab's send wakes this one at once, a 429 pauses every tab (the server refuses the client,
// not the tab), and each start decision runs under a Web Lock so two tabs cannot both take the last slot.
import { createStore, get, set } from "idb-keyval";
import type { BudgetLock } from "./budget-lock.ts";
import type { RequestBudget } from "./request-budget.ts";
import {
  indexedDbSendLogStore,
  localStorageSendLogStore,
  memorySendLogStore,
  type SendLogDatabase,
  type SendLogStore,
} from "./send-log.ts";

/** What of the browser the cross-tab layer uses; the tests pass fakes. */
export interface CrossTabEnvironment {
  /** Where `storage` events arrive: the window. */
  events: Pick<EventTarget, "addEventListener" | "removeEventListener">;
  /** The storage holding the send log or its mirror; events of other storage areas are ignored. Null: all. */
  storage: Storage | null;
  /** Opens a broadcast channel; null where BroadcastChannel is missing (pauses then stay per tab). */
  openChannel: ((name: string) => BroadcastChannel) | null;
  /** Web Locks; undefined where missing (older browsers, insecure origins, jsdom). */
  locks: LockManager | undefined;
  /** IndexedDB for the send log; null where missing (jsdom, storage blocked). */
  database: SendLogDatabase | null;
}

/** The environment of this page, or null outside a browser (tests, server-side code). */
export function browserTabs(storage: Storage | null): CrossTabEnvironment | null {
  if (typeof window === "undefined") return null;
  return {
    events: window,
    storage,
    openChannel: typeof BroadcastChannel === "undefined" ? null : (name) => new BroadcastChannel(name),
    // Typed as always there, but absent outside secure contexts and in older browsers.
    locks: typeof navigator === "undefined" ? undefined : (navigator.locks ?? undefined),
    database: browserSendLogDatabase(),
  };
}

let sendLogDatabase: SendLogDatabase | null = null;

/** The page's one IndexedDB store of send logs, opened on first use; apart from the query cache's. */
function browserSendLogDatabase(): SendLogDatabase | null {
  try {
    // Missing in jsdom and old browsers; reading it throws where the browser forbids storage.
    if (typeof indexedDB === "undefined" || indexedDB === null) return null;
  } catch {
    return null;
  }
  if (sendLogDatabase === null) {
    const store = createStore("cmd.sendLog", "logs");
    sendLogDatabase = { get: (key) => get(key, store), set: (key, value) => set(key, value, store) };
  }
  return sendLogDatabase;
}

/**
 * The send log for `sendLogKey`: in IndexedDB, mirrored to localStorage, where decisions take a Web Lock;
 * else, as before, in localStorage (or memory): without the lock, no store makes a decision exclusive.
 */
export function sendLogStoreOf(
  sendLogKey: string,
  storage: Storage | null,
  tabs: CrossTabEnvironment | null,
): SendLogStore {
  const mirror = storage ? localStorageSendLogStore(sendLogKey, storage) : memorySendLogStore();
  return tabs?.locks && tabs.database ? indexedDbSendLogStore(sendLogKey, tabs.database, mirror) : mirror;
}

/** The `lock` option for the send log `sendLogKey`: a Web Lock, or undefined without Web Locks. */
export function decisionLock(sendLogKey: string, locks: LockManager | undefined): BudgetLock | undefined {
  if (!locks) return undefined;
  const name = `${sendLogKey}|decide`;
  return async (critical) => {
    // Returning the decision's promise keeps the lock held until its write to the shared log is committed.
    await locks.request(name, () => critical());
  };
}

/** The message a tab posts when a 429 pauses it. */
interface PauseMessage {
  pauseUntil: number;
}

/** Links `budget` to the other tabs sharing `sendLogKey`; returns the dispose. */
export function linkTabs(budget: RequestBudget, sendLogKey: string, env: CrossTabEnvironment): () => void {
  const onStorage = (event: Event) => {
    const { key, storageArea } = event as StorageEvent;
    if (env.storage !== null && storageArea !== env.storage) return;
    // A null key: the whole storage was cleared, the log with it.
    if (key === sendLogKey || key === null) budget.refresh();
  };
  env.events.addEventListener("storage", onStorage);

  const channel = env.openChannel?.(`${sendLogKey}|pause`) ?? null;
  const onMessage = (event: MessageEvent) => {
    const until = pauseOf(event.data);
    // Marked as from another tab, so this budget does not post it back: no echo between tabs.
    if (until !== null) budget.pauseUntil(until, { fromOtherTab: true });
  };
  channel?.addEventListener("message", onMessage);
  const stopPassingPauses = channel
    ? budget.onPause((until) => {
        const message: PauseMessage = { pauseUntil: until };
        channel.postMessage(message);
      })
    : () => {};

  let disposed = false;
  return () => {
    if (disposed) return;
    disposed = true;
    env.events.removeEventListener("storage", onStorage);
    stopPassingPauses();
    channel?.removeEventListener("message", onMessage);
    channel?.close();
  };
}

/** The pause's end in a message from another tab, or null for anything else (another version, garbage). */
function pauseOf(data: unknown): number | null {
  if (typeof data !== "object" || data === null) return null;
  const until = (data as Partial<PauseMessage>).pauseUntil;
  return typeof until === "number" && Number.isFinite(until) ? until : null;
}
