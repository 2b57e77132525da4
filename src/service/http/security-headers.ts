// Security headers. Every answer says `nosniff` (a JSON body is never run as a script or a page). An answer
// a browser renders as a page (the dashboard, /docs, and so the operator's console) also gets a Content
// Security Policy with no inline script (its scripts, workers and styles come from this service; it may
// connect to whatever service address the user set in the dashboard's settings, hence any http(s) origin),
// may be framed by nobody (the console's revoke buttons must not be clickjacked), tells other sites no
// path, and keeps its window to itself. HSTS only when the service is told it is reached over HTTPS:
// sent over plain HTTP it would be ignored, and a wrong one locks users out of a host for a year.
// The values follow hono/secure-headers' names and OWASP's secure-headers project; they are written once
// here rather than through that middleware because the cached-answer fast path and the front door's
// refusals answer outside Hono and must say the same.

const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "worker-src 'self'",
  // Libraries set style attributes from script (CSSOM), which style-src does not govern; no inline <style>.
  "style-src 'self'",
  // The chart's PNG export and Swagger UI's icons are data: URLs.
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  "connect-src 'self' http: https:",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join("; ");

/** A year, and the subdomains: what browsers' preload lists ask, and no shorter than a client stays away. */
export const HSTS = "max-age=31536000; includeSubDomains";

/** The headers of an answer rendered as a page. */
export function pageSecurityHeaders(https: boolean): Record<string, string> {
  const headers: Record<string, string> = {
    "Content-Security-Policy": CONTENT_SECURITY_POLICY,
    // For browsers older than frame-ancestors (CSP 2).
    "X-Frame-Options": "DENY",
    "Referrer-Policy": "no-referrer",
    "Cross-Origin-Opener-Policy": "same-origin",
    "X-Content-Type-Options": "nosniff",
  };
  if (https) headers["Strict-Transport-Security"] = HSTS;
  return headers;
}

/** Whether an answer of this type is rendered as a page (and so runs under its policy). */
export function isPage(contentType: string | null | undefined): boolean {
  return contentType !== null && contentType !== undefined && /^text\/html\b/i.test(contentType);
}
