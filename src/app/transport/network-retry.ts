// Only a network failure is worth retrying, and each retry goes back through the budget: a request that
// failed on the way may still have reached the server and been counted there.
import type { ScheduleOptions } from "../budget/priority.ts";

export interface NetworkRetryPolicy {
  /** Retries after the first try. */
  attempts: number;
  /** The wait before each retry; the last entry repeats if there are more retries than entries. */
  backoffMs: readonly number[];
  /** Which failures to retry. Default: fetch's TypeError for a failed network request, nothing else. */
  isNetworkFailure?: (error: unknown) => boolean;
}

/** Three retries over about 20 s: long enough for a restart, short enough that a person is told soon. */
export const NETWORK_RETRY: NetworkRetryPolicy = { attempts: 3, backoffMs: [1000, 5000, 15_000] };

export type Schedule = <T>(task: (signal: AbortSignal) => Promise<T>, options: ScheduleOptions) => Promise<T>;

export interface BackoffTimers {
  setTimer: (fn: () => void, ms: number) => unknown;
  clearTimer: (handle: unknown) => void;
}

/**
 * Runs `task` through `schedule`, and after a network failure waits the backoff and schedules it again.
 * Aborting `options.signal` ends the wait at once with the abort reason; an aborted fetch is never retried.
 */
export async function retryNetworkFailure<T>(
  schedule: Schedule,
  task: (signal: AbortSignal) => Promise<T>,
  options: ScheduleOptions,
  policy: NetworkRetryPolicy,
  timers: BackoffTimers,
): Promise<T> {
  const isNetworkFailure = policy.isNetworkFailure ?? ((error: unknown) => error instanceof TypeError);
  for (let retry = 0; ; retry++) {
    try {
      return await schedule(task, options);
    } catch (error) {
      if (retry >= policy.attempts || options.signal?.aborted || !isNetworkFailure(error)) throw error;
      const backoff = policy.backoffMs[Math.min(retry, policy.backoffMs.length - 1)] ?? 0;
      await wait(backoff, options.signal, timers);
    }
  }
}

function wait(ms: number, signal: AbortSignal | undefined, timers: BackoffTimers): Promise<void> {
  return new Promise((resolve, reject) => {
    const onAbort = () => {
      timers.clearTimer(handle);
      reject(signal?.reason);
    };
    const handle = timers.setTimer(() => {
      signal?.removeEventListener("abort", onAbort);
      resolve();
    }, ms);
    signal?.addEventListener("abort", onAbort, { once: true });
  });
}
