// What GET /admin/health returns: the market's source and how far its newest block is behind, whether the
// store and Redis respond (and how fast), and the processes seen in the last minute.
import type { AdminHealth } from "../../interface/admin.ts";
import type { AccessStore } from "../access/access-store.ts";
import type { ServiceContext } from "../context.ts";
import type { InvalidationChannel } from "../invalidation/invalidations.ts";

async function timed<T>(
  work: () => Promise<T>,
): Promise<{ value: T | null; error: string | null; millis: number }> {
  const started = performance.now();
  try {
    const value = await work();
    return { value, error: null, millis: round(performance.now() - started) };
  } catch (error) {
    return {
      value: null,
      error: error instanceof Error ? error.message : String(error),
      millis: round(performance.now() - started),
    };
  }
}

const round = (ms: number) => Math.round(ms * 100) / 100;

export function adminHealth(
  ctx: ServiceContext,
  access: AccessStore,
  invalidations: InvalidationChannel | null,
): () => Promise<AdminHealth> {
  return async () => {
    const store = await timed(() => ctx.store.lastBlockTime());
    const redis = invalidations === null ? null : await timed(() => invalidations.ping());
    const lastEnd = store.value ?? null;
    const replicas = await access.replicasSeenSince(ctx.wallClock.now() - 60_000).catch(() => []);
    return {
      market: {
        source: ctx.source.kind,
        lastBlockTime: lastEnd === null ? null : new Date(lastEnd * 1000).toISOString(),
        lagSeconds: lastEnd === null ? null : Math.max(0, Math.round(ctx.marketClock.now() / 1000 - lastEnd)),
        exchanges: (ctx.source.health?.() ?? []).map((h) => ({
          name: h.name,
          state: h.connected ? "connected" : "disconnected",
          detail: `${h.pairs} pairs, ${Math.round(h.tradesPerMinute)} trades/min`,
        })),
      },
      store: {
        engine: ctx.store.engine,
        ok: store.error === null,
        detail: store.error ?? "responding",
        millis: store.millis,
      },
      redis:
        redis === null
          ? null
          : {
              ok: redis.value === true,
              detail: redis.value === true ? "responding" : (redis.error ?? String(redis.value)),
              millis: redis.millis,
            },
      replicas: replicas.map((r) => ({
        id: r.id,
        role: r.role,
        startedAt: new Date(r.startedMs).toISOString(),
        seenAt: new Date(r.seenMs).toISOString(),
      })),
    };
  };
}
