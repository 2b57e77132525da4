// How a request budget is set up, and the checks on it (also applied to a policy the server sends).
import type { BudgetLock } from "./budget-lock.ts";
import type { SendLogStore } from "./send-log.ts";

/** Default `marginMs`: more than the jitter between deciding a send and the server's clock seeing it. */
export const DEFAULT_MARGIN_MS = 1000;

export interface RequestBudgetOptions {
  /** Starts allowed per window; default the service's 5. Replaced by `adopt`. */
  limit?: number;
  /** The window, ms; default 60 000. Replaced by `adopt`. */
  windowMs?: number;
  /**
   * Extra ms each send holds its slot beyond `windowMs`; default 1000. Network jitter can bring two sends
   * closer at the server than they were decided, which would count `limit + 1` in its window.
   */
  marginMs?: number;
  /** Epoch ms. Default Date.now: the log is shared with other tabs and reloads, unlike a monotonic clock. */
  now?: () => number;
  /**
   * Default: a log in memory only, so this page alone. With `pull` and `flush` (IndexedDB), each locked
   * decision awaits the shared log before it and its own write after it.
   */
  store?: SendLogStore;
  setTimer?: (fn: () => void, ms: number) => unknown;
  clearTimer?: (handle: unknown) => void;
  /** Makes each start decision exclusive across the tabs sharing the log (see budget-lock.ts). */
  lock?: BudgetLock;
}

/** The quota the server states (RateLimit-Policy): `limit` requests in any window of `windowSeconds`. */
export interface RateLimitPolicy {
  limit: number;
  windowSeconds: number;
}

export function checkPolicy(limit: number, windowMs: number): void {
  if (!(Number.isSafeInteger(limit) && limit >= 1)) {
    throw new RangeError(`limit must be a whole number ≥ 1; got ${limit}`);
  }
  if (!(Number.isFinite(windowMs) && windowMs > 0)) {
    throw new RangeError(`windowMs must be > 0; got ${windowMs}`);
  }
}

export function checkMargin(marginMs: number): void {
  if (!(Number.isFinite(marginMs) && marginMs >= 0)) {
    throw new RangeError(`marginMs must be ≥ 0; got ${marginMs}`);
  }
}
