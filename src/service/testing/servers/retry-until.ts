// Waiting for a server that is starting: the cluster command has no test runner's waitFor, so both it and the
// test servers use this one.
import { setTimeout as sleep } from "node:timers/promises";

/**
 * Calls `attempt` until it resolves, every `intervalMs`, for at most `timeoutMs`; then fails naming `what` and
 * the last error. `giveUp` ends the wait early (a server process that already exited will never answer).
 */
export async function retryUntil<T>(
  what: string,
  attempt: () => Promise<T>,
  options: { timeoutMs?: number; intervalMs?: number; giveUp?: () => string | undefined } = {},
): Promise<T> {
  const { timeoutMs = 30_000, intervalMs = 100 } = options;
  const deadline = Date.now() + timeoutMs;
  let lastError: unknown;
  for (;;) {
    const reason = options.giveUp?.();
    if (reason !== undefined) throw new Error(`${what}: ${reason}`);
    try {
      return await attempt();
    } catch (error) {
      lastError = error;
    }
    if (Date.now() >= deadline) {
      const detail = lastError instanceof Error ? lastError.message : String(lastError);
      throw new Error(`${what}: not ready after ${timeoutMs} ms (${detail})`);
    }
    await sleep(intervalMs);
  }
}
