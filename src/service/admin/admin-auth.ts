// Who may use /admin: a request with `Authorization: Bearer <admin key>`, compared in constant time with
// every admin key (matchKey). Every request is rate-limited too (a valid key under ADMIN_RATE_LIMIT, else by
// address), so guessing keys is as slow as any other overuse.
import type { MiddlewareHandler } from "hono";
import { SERVICE_PATHS } from "../../interface/endpoints.ts";
import { clientAddressOf } from "../access/client-address.ts";
import { type FairUsageWindow, rateLimitHeader, rateLimitPolicyHeader } from "../access/fair-usage.ts";
import { matchKey } from "../access/write-and-admin-keys.ts";
import type { Config } from "../config/settings.ts";
import { ApiError } from "../http/errors.ts";
import type { ServiceEnv } from "../http/service-env.ts";

const BEARER = /^Bearer\s+(\S+)$/i;

export function adminAuth(
  config: Config,
  adminKeys: readonly string[],
  window: FairUsageWindow,
): MiddlewareHandler<ServiceEnv> {
  return async (c, next) => {
    if (c.req.method === "OPTIONS") return next();
    const presented = BEARER.exec(c.req.header("Authorization") ?? "")?.[1];
    const fingerprint = matchKey(presented, adminKeys);
    const client = fingerprint === null ? clientAddressOf(config.trustProxy, c) : `admin:${fingerprint}`;
    const limit = fingerprint === null ? config.rateLimit : config.adminRateLimit;
    const decision = await window.take(client, limit);
    c.set("client", client);
    if (decision.limit > 0) {
      c.header("RateLimit-Policy", rateLimitPolicyHeader(decision.limit));
      c.header("RateLimit", rateLimitHeader(decision));
    }
    if (!decision.allowed) {
      c.set("refusal", "limit");
      throw new ApiError(
        429,
        `over the limit of ${decision.limit} requests per 60 seconds on /admin; try again in ${decision.retryAfterSeconds} s`,
        { "Retry-After": String(decision.retryAfterSeconds) },
      );
    }
    // The API's own description is public, as /v1's is; everything else needs the key.
    if (fingerprint === null && !(c.req.method === "GET" && c.req.path === SERVICE_PATHS.adminOpenApi)) {
      c.set("refusal", "admin-auth");
      throw new ApiError(
        401,
        presented === undefined
          ? "the operator's API needs an admin key: send 'Authorization: Bearer <admin key>'"
          : "the admin key is not valid (client and write keys are not admin keys)",
        {
          "WWW-Authenticate": `Bearer realm="admin"${presented === undefined ? "" : ', error="invalid_token"'}`,
        },
      );
    }
    c.set("actor", `admin:${fingerprint}`);
    await next();
  };
}
