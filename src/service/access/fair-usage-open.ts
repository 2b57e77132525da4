// The window the service counts in: this process's memory, or Redis when several replicas share the limit.
// Redis's client is loaded only when a Redis URL is set, so the embedded default starts as it always has.
import { FairUsageLimiter, type FairUsageWindow } from "./fair-usage.ts";
import type { RedisFairUsageOptions } from "./fair-usage-redis.ts";

export interface OpenFairUsageOptions extends Omit<RedisFairUsageOptions, "redisUrl"> {
  /** Redis for one window shared by every replica; null = this process's memory (one process). */
  redisUrl: string | null;
}

export async function openFairUsage(options: OpenFairUsageOptions): Promise<FairUsageWindow> {
  const { redisUrl } = options;
  if (redisUrl === null) {
    return new FairUsageLimiter({
      ...(options.windowMs === undefined ? {} : { windowMs: options.windowMs }),
      ...(options.now === undefined ? {} : { now: options.now }),
    });
  }
  const { RedisFairUsage } = await import("./fair-usage-redis.ts");
  return RedisFairUsage.open({ ...options, redisUrl });
}
