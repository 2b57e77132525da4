// The error table: every failure of the service answers the error record with one of these statuses.

export const ERROR_STATUSES = {
  400: "A malformed request (path, Host header, request line), parameter or body; the message names it and what is allowed",
  401: "A missing or wrong write key on POST /v1/supply, an X-Api-Key that was not issued or was revoked (checked after the fair-usage limit), or a missing or wrong admin key on /admin",
  403: "Requests without a key from an address the operator blocked",
  404: "An unknown symbol, exchange, rate type, route or (on /admin) key or rule, or no fixing within 30 days of the date",
  409: "On /admin: a change that the key's state does not allow (a revoked key cannot be limited)",
  405: "A method the path does not take (the Allow header lists the ones it does), or CONNECT (no proxy here)",
  408: "The request did not arrive in time (its headers within 60 seconds, all of it within 300)",
  413: "A request body over the size limit",
  415: "A body that is neither JSON (application/json, application/*+json) nor a form (application/x-www-form-urlencoded)",
  429: "Over the fair-usage limit; Retry-After says in how many seconds to try again",
  431: "Request headers larger than 16 KiB",
  500: "A fault of the service itself, never bad input",
  503: "A process not serving yet: one waiting to take over writing the market from another (Retry-After says when to ask again; /readyz says why)",
} as const;
export type ErrorStatus = keyof typeof ERROR_STATUSES;

/** Largest request body the service reads (POST /v1/supply takes two fields). */
export const MAX_BODY_BYTES = 16 * 1024;
