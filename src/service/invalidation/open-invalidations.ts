// The invalidation channel: in-process on one machine, Redis across replicas (its client loaded only then).
import type { Redis } from "ioredis";
import { InProcessInvalidations, type InvalidationChannel } from "./invalidations.ts";

export async function openInvalidations(
  redisUrl: string | null,
  options: { log?: (line: string) => void; instrument?: (redis: Redis) => Redis } = {},
): Promise<InvalidationChannel> {
  if (redisUrl === null) return new InProcessInvalidations(options.log);
  const { RedisInvalidations } = await import("./redis-invalidations.ts");
  return RedisInvalidations.open(redisUrl, options);
}
