// Applies the fair-usage limit to the API: identifies the client (an issued X-Api-Key, else its address),
// counts the request, and writes the RateLimit headers on every answer, 429s included.
// `admit` is the decision itself, shared by the Hono middleware and the cached-answer fast path. It is
// synchronous when the window is (in-process), so the fast path pays no promise for it.
import type { Context, MiddlewareHandler } from "hono";
import type { Config } from "../config-settings.ts";
import { clientAddressOf } from "./client-address.ts";
import { ApiError } from "./errors.ts";
import { type Decision, type FairUsageWindow, rateLimitHeader, rateLimitPolicyHeader } from "./fair-usage.ts";
import { keyFingerprint } from "./write-keys.ts";

/** The request-log name of the client: a key fingerprint or an address, never a raw key. */
export const CLIENT = "client";
/** Set (to "local") when the request was decided by this replica alone, Redis being unreachable. */
export const LIMITER = "limiter";

/** The client's address (TRUST_PROXY applied): the name the request log gives a request without a limit. */
export function remoteAddress(c: Context, trustProxy: readonly string[] = []): string {
  return clientAddressOf(trustProxy, c);
}

export interface Admission {
  client: string;
  /** RateLimit headers for the answer (none when the limit is off). */
  headers: Record<string, string>;
  /** Why the request is refused (429, or 401 for a key that was not issued), or null. */
  refusal: ApiError | null;
  /** The shared window could not be asked: decided by this replica alone (marked in the request log). */
  fallback: boolean;
}

const fingerprints = new Map<string, string>();

export function admit(
  config: Config,
  window: FairUsageWindow,
  apiKey: string | undefined,
  address: string,
): Admission | Promise<Admission> {
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
  const decision = window.take(client, limit);
  const unissued = apiKey !== undefined && !issued;
  return decision instanceof Promise
    ? decision.then((decided) => admission(client, decided, unissued))
    : admission(client, decision, unissued);
}

function admission(client: string, decision: Decision, unissuedKey: boolean): Admission {
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
  } else if (unissuedKey) {
    refusal = new ApiError(
      401,
      "the X-Api-Key sent was not issued by this service; send none to use the default limit",
    );
  }
  return { client, headers, refusal, fallback: decision.fallback === true };
}

export function fairUsage(config: Config, window: FairUsageWindow): MiddlewareHandler {
  return async (c, next) => {
    const admitted = admit(config, window, c.req.header("X-Api-Key"), clientAddressOf(config.trustProxy, c));
    const admission = admitted instanceof Promise ? await admitted : admitted;
    c.set(CLIENT as never, admission.client as never);
    if (admission.fallback) c.set(LIMITER as never, "local" as never);
    for (const [name, value] of Object.entries(admission.headers)) c.header(name, value);
    if (admission.refusal) throw admission.refusal;
    await next();
  };
}
