// Applies the fair-usage limit to the API: identifies the client (an issued X-Api-Key, else the remote
// address), counts the request, and writes the RateLimit headers on every answer, 429s included.
// `admit` is the decision itself, shared by the Hono middleware and the cached-answer fast path.
import { getConnInfo } from "@hono/node-server/conninfo";
import type { Context, MiddlewareHandler } from "hono";
import type { Config } from "../config-settings.ts";
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

export interface Admission {
  client: string;
  /** RateLimit headers for the answer (none when the limit is off). */
  headers: Record<string, string>;
  /** Why the request is refused (429, or 401 for a key that was not issued), or null. */
  refusal: ApiError | null;
}

const fingerprints = new Map<string, string>();

export function admit(
  config: Config,
  limiter: FairUsageLimiter,
  apiKey: string | undefined,
  address: string,
): Admission {
  const issued = apiKey !== undefined && config.apiKeys.has(apiKey);
  let client = address;
  if (issued) {
    let fingerprint = fingerprints.get(apiKey);
    if (fingerprint === undefined) {
      fingerprint = `key:${keyFingerprint(apiKey)}`;
      fingerprints.set(apiKey, fingerprint);
    }
    client = fingerprint;
  }
  const limit = (issued ? config.apiKeys.get(apiKey) : null) ?? config.rateLimit;
  const decision = limiter.take(client, limit);
  const headers: Record<string, string> = {};
  if (decision.limit > 0) {
    headers["RateLimit-Policy"] = rateLimitPolicyHeader(decision.limit);
    headers.RateLimit = rateLimitHeader(decision);
  }
  let refusal: ApiError | null = null;
  if (!decision.allowed) {
    refusal = new ApiError(
      429,
      `over the fair-usage limit of ${decision.limit} requests per 60 seconds; try again in ${decision.retryAfterSeconds} s`,
      { "Retry-After": String(decision.retryAfterSeconds) },
    );
  } else if (apiKey !== undefined && !issued) {
    refusal = new ApiError(
      401,
      "the X-Api-Key sent was not issued by this service; send none to use the default limit",
    );
  }
  return { client, headers, refusal };
}

export function fairUsage(config: Config, limiter: FairUsageLimiter): MiddlewareHandler {
  return async (c, next) => {
    const admission = admit(config, limiter, c.req.header("X-Api-Key"), remoteAddress(c));
    c.set(CLIENT as never, admission.client as never);
    for (const [name, value] of Object.entries(admission.headers)) c.header(name, value);
    if (admission.refusal) throw admission.refusal;
    await next();
  };
}
