// The news channel the service uses: in-process on one machine, Redis across replicas. Redis's client is
// loaded only when a Redis URL is set.
import type { Redis } from "ioredis";
import { InProcessNews, type NewsChannel } from "./market-news.ts";

export async function openNews(
  redisUrl: string | null,
  options: { log?: (line: string) => void; instrument?: (redis: Redis) => Redis } = {},
): Promise<NewsChannel> {
  if (redisUrl === null) return new InProcessNews(options.log);
  const { RedisNews } = await import("./redis-news.ts");
  return RedisNews.open(redisUrl, options);
}
