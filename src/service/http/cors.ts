// CORS for the configured origins, on every response including errors (added by response-writer.ts).
// Hand-written: hono/cors takes responses off @hono/node-server's fast path (4× slower, bench:service), and
// the pipeline's own responses, sent outside Hono, must carry the same headers.
import type { MiddlewareHandler } from "hono";

// PUT, PATCH and DELETE are the operator's (/admin), from a console served by another origin.
const ALLOW_METHODS = "GET, POST, PUT, PATCH, DELETE, OPTIONS";
const ALLOW_HEADERS = "Authorization, Content-Type, X-Api-Key";
const EXPOSE_HEADERS =
  "RateLimit, RateLimit-Policy, Retry-After, Content-Length, ETag, X-Decoded-Length, X-Market-Source, X-Request-Id";

/** The CORS headers of a response to a request from `origin` (undefined: not a cross-origin request). */
export function corsHeaderValues(
  origins: "*" | readonly string[],
  origin: string | undefined,
): Record<string, string> {
  const allowed = origins === "*" ? "*" : origin !== undefined && origins.includes(origin) ? origin : null;
  const headers: Record<string, string> = {};
  if (allowed) {
    headers["Access-Control-Allow-Origin"] = allowed;
    headers["Access-Control-Expose-Headers"] = EXPOSE_HEADERS;
  }
  if (origins !== "*") headers.Vary = "Origin";
  return headers;
}

/** Responds to a CORS preflight; every other response gets its CORS headers from response-writer.ts. */
export function corsPreflight(): MiddlewareHandler {
  return async (c, next) => {
    if (c.req.method === "OPTIONS" && c.req.header("Access-Control-Request-Method") !== undefined) {
      return c.body(null, 204, {
        "Access-Control-Allow-Methods": ALLOW_METHODS,
        "Access-Control-Allow-Headers": ALLOW_HEADERS,
        "Access-Control-Max-Age": "86400",
      });
    }
    await next();
  };
}
