// Applies the fair-usage limit to the API: identifies the client (an issued X-Api-Key in force, else its
// address, under the operator's rules for addresses), counts the request, and writes the RateLimit headers
// on every answer, 429s included.
// `admit` is the decision itself, shared by the Hono middleware and the cached-answer fast path. It is
// synchronous when the window is (in-process), so the fast path pays no promise for it.
import type { Context, MiddlewareHandler } from "hono";
import type { AccessBook, Identity } from "../access/access-book.ts";
import type { StoredKey } from "../access/access-store.ts";
import type { Config } from "../config-settings.ts";
import { clientAddressOf } from "./client-address.ts";
import { ApiError } from "./errors.ts";
import { type Decision, type FairUsageWindow, rateLimitHeader, rateLimitPolicyHeader } from "./fair-usage.ts";

/** The request-log name of the client: a key fingerprint or an address, never a raw key. */
export const CLIENT = "client";
/** The key in force that the request presented (a StoredKey), for its last-used time. */
export const KEY = "key";
/** Why the request was refused before it reached its route (a RefusalReason), for the metrics. */
export const REFUSAL = "refusal";
/** Set (to "local") when the request was decided by this replica alone, Redis being unreachable. */
export const LIMITER = "limiter";

/** The client's address (TRUST_PROXY applied): the name the request log gives a request without a limit. */
export function remoteAddress(c: Context, trustProxy: readonly string[] = []): string {
  return clientAddressOf(trustProxy, c);
}

export interface Admission {
  client: string;
  /** The key in force that the request presented, else null. */
  key: StoredKey | null;
  /** RateLimit headers for the answer (none when the limit is off). */
  headers: Record<string, string>;
  /**
   * Why the request is refused: 429 over the limit, 403 from a blocked address, 401 for a key that was
   * not issued or was revoked (checked after the limit, under the address). Null when admitted.
   */
  refusal: ApiError | null;
  /** What the refusal was, for the metrics. */
  reason: RefusalReason | null;
  /** The shared window could not be asked: decided by this replica alone (marked in the request log). */
  fallback: boolean;
}

export type RefusalReason = "limit" | "blocked-address" | "unknown-key" | "revoked-key";

/**
 * Decides one request: who it is and its limit from the access book (memory), then the window. A blocked
 * address is refused before the window counts it.
 */
export function admit(
  book: AccessBook,
  window: FairUsageWindow,
  apiKey: string | undefined,
  address: string,
): Admission | Promise<Admission> {
  const identity = book.identify(apiKey, address);
  // A key this process does not know may have been issued on another replica a moment ago: ask the store
  // before refusing it (a shared, spaced check: made-up keys cannot turn it into a query per request).
  if (identity.refusal === "unknown-key") {
    return book.checkSoon().then(() => decide(book.identify(apiKey, address), window, address));
  }
  return decide(identity, window, address);
}

function decide(
  identity: Identity,
  window: FairUsageWindow,
  address: string,
): Admission | Promise<Admission> {
  if (identity.refusal === "blocked") {
    return {
      client: identity.client,
      key: null,
      headers: {},
      refusal: new ApiError(
        403,
        `requests from ${address} are blocked by the operator of this service; ask them, or send an issued X-Api-Key`,
      ),
      reason: "blocked-address",
      fallback: false,
    };
  }
  const decision = window.take(identity.client, identity.limit);
  return decision instanceof Promise
    ? decision.then((decided) => admission(identity, decided))
    : admission(identity, decision);
}

function admission(identity: Identity, decision: Decision): Admission {
  const headers: Record<string, string> = {};
  if (decision.limit > 0) {
    headers["RateLimit-Policy"] = rateLimitPolicyHeader(decision.limit);
    headers.RateLimit = rateLimitHeader(decision);
  }
  let refusal: ApiError | null = null;
  let reason: RefusalReason | null = null;
  if (!decision.allowed) {
    reason = "limit";
    refusal = new ApiError(
      429,
      `over the fair-usage limit of ${decision.limit} requests per 60 seconds; try again in ${decision.retryAfterSeconds} s`,
      { "Retry-After": String(decision.retryAfterSeconds) },
    );
  } else if (identity.refusal === "unknown-key") {
    reason = identity.refusal;
    refusal = new ApiError(
      401,
      "the X-Api-Key sent was not issued by this service; send none to use the default limit",
    );
  } else if (identity.refusal === "revoked-key") {
    reason = identity.refusal;
    refusal = new ApiError(
      401,
      "the X-Api-Key sent was revoked by the operator of this service; send none to use the default limit",
    );
  }
  return {
    client: identity.client,
    key: identity.key,
    headers,
    refusal,
    reason,
    fallback: decision.fallback === true,
  };
}

export function fairUsage(config: Config, book: AccessBook, window: FairUsageWindow): MiddlewareHandler {
  return async (c, next) => {
    const admitted = admit(book, window, c.req.header("X-Api-Key"), clientAddressOf(config.trustProxy, c));
    const admission = admitted instanceof Promise ? await admitted : admitted;
    c.set(CLIENT as never, admission.client as never);
    if (admission.key) c.set(KEY as never, admission.key as never);
    if (admission.reason) c.set(REFUSAL as never, admission.reason as never);
    if (admission.fallback) c.set(LIMITER as never, "local" as never);
    for (const [name, value] of Object.entries(admission.headers)) c.header(name, value);
    if (admission.refusal) throw admission.refusal;
    await next();
  };
}
