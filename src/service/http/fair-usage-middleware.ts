// Applies the fair-usage limit to the API: identifies the client (an issued X-Api-Key, else the remote
// address), counts the request, and writes the RateLimit headers on every answer, 429s included.
import { getConnInfo } from "@hono/node-server/conninfo";
import type { Context, MiddlewareHandler } from "hono";
import type { Config } from "../config.ts";
import { ApiError } from "./errors.ts";
import { type FairUsageLimiter, rateLimitHeader, rateLimitPolicyHeader } from "./fair-usage.ts";
import { keyFingerprint } from "./write-keys.ts";

/** The request-log name of the client: a key fingerprint or an address, never a raw key. */
export const CLIENT = "client";

export function remoteAddress(c: Context): string {
  try {
    return getConnInfo(c).remote.address ?? "unknown";
  } catch {
    return "unknown";
  }
}

export function fairUsage(config: Config, limiter: FairUsageLimiter): MiddlewareHandler {
  return async (c, next) => {
    const address = remoteAddress(c);
    const key = c.req.header("X-Api-Key");
    const issued = key !== undefined && config.apiKeys.has(key);
    const client = issued ? `key:${keyFingerprint(key)}` : address;
    const own = issued ? config.apiKeys.get(key) : null;
    const limit = own ?? config.rateLimit;
    c.set(CLIENT as never, client as never);
    const decision = limiter.take(client, limit);
    if (decision.limit > 0) {
      c.header("RateLimit-Policy", rateLimitPolicyHeader(decision.limit));
      c.header("RateLimit", rateLimitHeader(decision));
    }
    if (!decision.allowed) {
      throw new ApiError(
        429,
        `over the fair-usage limit of ${decision.limit} requests per 60 seconds; try again in ${decision.retryAfterSeconds} s`,
        { "Retry-After": String(decision.retryAfterSeconds) },
      );
    }
    if (key !== undefined && !issued) {
      throw new ApiError(
        401,
        "the X-Api-Key sent was not issued by this service; send none to use the default limit",
      );
    }
    await next();
  };
}
