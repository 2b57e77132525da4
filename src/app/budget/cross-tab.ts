// The tabs of one origin are one client to the service, so they share one budget: beyond the shared send
// log, another tab's send wakes this one at once, a 429 pauses every tab (the server refuses the client,
// not the tab), and each start decision runs under a Web Lock so two tabs cannot both take the last slot.
import type { BudgetLock } from "./budget-lock.ts";
import type { RequestBudget } from "./request-budget.ts";

/** What of the browser the cross-tab layer uses; the tests pass fakes. */
export interface CrossTabEnvironment {
  /** Where `storage` events arrive: the window. */
  events: Pick<EventTarget, "addEventListener" | "removeEventListener">;
  /** The storage holding the send log; events for any other storage area are ignored. Null: don't check. */
  storage: Storage | null;
  /** Opens a broadcast channel; null where BroadcastChannel is missing (pauses then stay per tab). */
  openChannel: ((name: string) => BroadcastChannel) | null;
  /** Web Locks; undefined where missing (older browsers, insecure origins, jsdom). */
  locks: LockManager | undefined;
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
  };
}

/** The `lock` option for the send log `sendLogKey`: a Web Lock, or undefined without Web Locks. */
export function decisionLock(sendLogKey: string, locks: LockManager | undefined): BudgetLock | undefined {
  if (!locks) return undefined;
  const name = `${sendLogKey}|decide`;
  return async (critical) => {
    await locks.request(name, () => {
      critical();
    });
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
