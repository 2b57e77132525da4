// A load balancer's checks, outside /v1 and its rate limit: /healthz "is the process alive", /readyz
// "should requests be sent here" (store and Redis reachable, a market history to serve). While the process
// shuts down /readyz says no, so the balancer stops sending before the listener closes.
import type { Env, Hono } from "hono";
import { SERVICE_PATHS } from "../../interface/endpoints.ts";
import type { InvalidationChannel } from "../invalidation/invalidations.ts";
import type { Store } from "../store/store.ts";

export const HEALTH_PATHS: readonly string[] = [SERVICE_PATHS.liveness, SERVICE_PATHS.readiness];

/** One readiness check: its name and whether it passes (a thrown error or a timeout fails it). */
export type ReadinessCheck = () => Promise<true | string>;

/** A check that has not finished in this long fails: a balancer's check must not hang. */
const CHECK_TIMEOUT_MS = 2_000;

function withTimeout(check: ReadinessCheck): Promise<true | string> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<string>((resolve) => {
    timer = setTimeout(() => resolve(`no response within ${CHECK_TIMEOUT_MS} ms`), CHECK_TIMEOUT_MS);
  });
  return Promise.race([
    check().catch((error: unknown) => (error instanceof Error ? error.message : String(error))),
    timeout,
  ]).finally(() => clearTimeout(timer));
}

export function registerHealth<E extends Env>(
  app: Hono<E>,
  checks: Readonly<Record<string, ReadinessCheck>>,
  shuttingDown: () => boolean,
): void {
  app.get(SERVICE_PATHS.liveness, (c) => {
    c.header("Cache-Control", "no-store");
    return c.json({ status: "alive" });
  });
  app.get(SERVICE_PATHS.readiness, async (c) => {
    c.header("Cache-Control", "no-store");
    const names = Object.keys(checks);
    const results = await Promise.all(names.map((name) => withTimeout(checks[name] as ReadinessCheck)));
    const failed: Record<string, string> = {};
    results.forEach((result, i) => {
      if (result !== true) failed[names[i] as string] = result;
    });
    if (shuttingDown()) failed.process = "shutting down";
    const ready = Object.keys(failed).length === 0;
    return c.json({ status: ready ? "ready" : "not ready", checks: names, failed }, ready ? 200 : 503);
  });
}

/**
 * What a process's readiness depends on: the store responds, a market history is stored, and (with Redis)
 * invalidations reach the other replicas.
 */
export function readinessChecks(
  store: Pick<Store, "lastBlockTime">,
  invalidations: Pick<InvalidationChannel, "ping"> | null,
): Record<string, ReadinessCheck> {
  return {
    store: async () => {
      await store.lastBlockTime();
      return true;
    },
    history: async () => ((await store.lastBlockTime()) === null ? "no market history stored yet" : true),
    ...(invalidations === null ? {} : { redis: () => invalidations.ping() }),
  };
}
