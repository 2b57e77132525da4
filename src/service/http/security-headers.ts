// Security headers. Every response says `nosniff` (set by the response writer). Pages outside /v1 (the
// dashboard, /docs, the operator's console) also get a Content Security Policy with no inline script, any
// http(s) connect-src (the dashboard may be pointed at another service), and no framing (clickjacking).
// HSTS only when told the service is reached over HTTPS: a wrong one locks users out of a host for a year.
import type { MiddlewareHandler } from "hono";
import { secureHeaders } from "hono/secure-headers";

/** A year, and the subdomains: what browsers' preload lists ask, and no shorter than a client stays away. */
export const HSTS = "max-age=31536000; includeSubDomains";

/** The pages' security headers; the market data under /v1 is JSON only and passes by. */
export function pageSecurity(https: boolean): MiddlewareHandler {
  const secure = secureHeaders({
    contentSecurityPolicy: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'"],
      workerSrc: ["'self'"],
      // Libraries set style attributes from script (CSSOM), which style-src does not govern; no inline <style>.
      styleSrc: ["'self'"],
      // The chart's PNG export and Swagger UI's icons are data: URLs.
      imgSrc: ["'self'", "data:", "blob:"],
      fontSrc: ["'self'", "data:"],
      connectSrc: ["'self'", "http:", "https:"],
      objectSrc: ["'none'"],
      baseUri: ["'none'"],
      formAction: ["'self'"],
      frameAncestors: ["'none'"],
    },
    xFrameOptions: "DENY",
    referrerPolicy: "no-referrer",
    strictTransportSecurity: https ? HSTS : false,
  });
  return (c, next) => (c.req.path.startsWith("/v1/") ? next() : secure(c, next));
}
