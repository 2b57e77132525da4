// Admission to the API (the pipeline's admission step): identifies the client by its key or address, counts
// the request under the rate limit, and gives the RateLimit headers of its response, 429s included.
// Synchronous when the window is (in-process), so cached responses pay no promise for it.
import type { ErrorStatus } from "../../interface/errors.ts";
import type { AccessList, Identity } from "./access-list.ts";
import type { StoredKey } from "./access-store.ts";
import {
  type Decision,
  type FairUsageWindow,
  rateLimitHeader,
  rateLimitPolicyHeader,
  UNLIMITED,
} from "./fair-usage.ts";

/** A request the window does not count: allowed, and no RateLimit headers. */
const UNCOUNTED = UNLIMITED;

/** Why a request is refused, as its error record will say it. */
export interface Refusal {
  status: ErrorStatus;
  message: string;
  headers: Record<string, string>;
}

export interface Admission {
  client: string;
  /** The key in force that the request presented, else null. */
  key: StoredKey | null;
  /** RateLimit headers for the response (none when the limit is off). */
  headers: Record<string, string>;
  /**
   * Why the request is refused: 429 over the limit, 403 from a blocked address, 401 for a key that was
   * not issued or was revoked (checked after the limit, under the address). Null when admitted.
   */
  refusal: Refusal | null;
  /** What the refusal was, for the metrics. */
  reason: RefusalReason | null;
  /** The shared window could not be asked: decided by this replica alone (marked in the request log). */
  fallback: boolean;
}

export type RefusalReason = "limit" | "blocked-address" | "unknown-key" | "revoked-key";

/**
 * Decides one request: who it is and its limit from the access list (memory), then the window. A blocked
 * address is refused before the window counts it.
 */
export function admit(
  list: AccessList,
  window: FairUsageWindow,
  apiKey: string | undefined,
  address: string,
): Admission | Promise<Admission> {
  const identity = list.identify(apiKey, address);
  // A key this process does not know may have been issued on another replica a moment ago: ask the store
  // before refusing it (a shared, spaced check: made-up keys cannot turn it into a query per request).
  if (identity.refusal === "unknown-key") {
    return list.checkSoon().then(() => decide(list.identify(apiKey, address), window, address));
  }
  return decide(identity, window, address);
}

/**
 * Names the client of a request under a limit of its own (the change of a stream's subjects): the key and
 * address rules apply, the window does not count it.
 */
export function identify(
  list: AccessList,
  apiKey: string | undefined,
  address: string,
): Admission | Promise<Admission> {
  const identity = list.identify(apiKey, address);
  if (identity.refusal === "unknown-key") {
    return list.checkSoon().then(() => decide(list.identify(apiKey, address), null, address));
  }
  return decide(identity, null, address);
}

/** The admission of an identified client; `window` null: not counted. */
function decide(
  identity: Identity,
  window: FairUsageWindow | null,
  address: string,
): Admission | Promise<Admission> {
  if (identity.refusal === "blocked") {
    return {
      client: identity.client,
      key: null,
      headers: {},
      refusal: {
        status: 403,
        message: `requests from ${address} are blocked by the operator of this service; ask them, or send an issued X-Api-Key`,
        headers: {},
      },
      reason: "blocked-address",
      fallback: false,
    };
  }
  const decision = window === null ? UNCOUNTED : window.take(identity.client, identity.limit);
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
  let refusal: Refusal | null = null;
  let reason: RefusalReason | null = null;
  if (!decision.allowed) {
    reason = "limit";
    refusal = {
      status: 429,
      message: `over the fair-usage limit of ${decision.limit} requests per 60 seconds; try again in ${decision.retryAfterSeconds} s`,
      headers: { "Retry-After": String(decision.retryAfterSeconds) },
    };
  } else if (identity.refusal === "unknown-key") {
    reason = identity.refusal;
    refusal = {
      status: 401,
      message: "the X-Api-Key sent was not issued by this service; send none to use the default limit",
      headers: {},
    };
  } else if (identity.refusal === "revoked-key") {
    reason = identity.refusal;
    refusal = {
      status: 401,
      message:
        "the X-Api-Key sent was revoked by the operator of this service; send none to use the default limit",
      headers: {},
    };
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
