// The request target and Host header, checked by the pipeline before the cache and the route: the cache
// step serves by the raw target, and @hono/node-server would send a bare 400 for a URL it cannot build. What
// passes here is what the adapter accepts; what fails gets the error record, whatever is cached.
import type { IncomingMessage } from "node:http";

/** Host names, IPv4 and bracketed IPv6 addresses, with an optional port. */
const HOST = /^(?:[A-Za-z0-9_-]+(?:\.[A-Za-z0-9_-]+)*\.?|\[[0-9A-Fa-f:.]+\])(?::(\d{1,5}))?$/;
/** The Hosts @hono/node-server takes as they are (url.ts reValidHost); others it checks through URL. */
const PLAIN_HOST = /^[a-z0-9._-]+(?::(?:[1-5]\d{3,4}|[6-9]\d{3}))?$/;

function hostProblem(host: string): string | null {
  const match = HOST.exec(host);
  const port = match?.[1];
  const valid =
    match !== null &&
    (port === undefined || (Number(port) >= 1 && Number(port) <= 65535)) &&
    (PLAIN_HOST.test(host) || sameHostAsUrl(host));
  return valid
    ? null
    : `the Host header ${JSON.stringify(host)} is not a host name or address with an optional port (1–65535)`;
}

/** The adapter's own check of a Host it does not take as it is: the URL's host name must be the Host's. */
function sameHostAsUrl(host: string): boolean {
  try {
    const name = new URL(`http://${host}/`).hostname;
    return name.length === host.length || name === host.replace(/:\d+$/, "").toLowerCase();
  } catch {
    return false;
  }
}

function countHostHeaders(raw: readonly string[]): number {
  let count = 0;
  for (let i = 0; i < raw.length; i += 2) {
    const name = raw[i] as string;
    if (name.length === 4 && name.toLowerCase() === "host") count++;
  }
  return count;
}

/**
 * The last Host header found valid: a client sends the same one on every request of its connection, and the
 * check (two expressions, maybe a URL) showed in the cached responses' profile. A pure function's memo.
 */
let lastValidHost = "";

const BACKSLASH = "the path contains a backslash; segments are separated by '/'";

/** What is wrong with the request's target or Host header, or null when the app can be asked. */
export function requestTargetProblem(req: IncomingMessage): string | null {
  const url = req.url ?? "";
  const backslash = url.indexOf("\\");
  if (backslash !== -1) {
    const query = url.indexOf("?");
    if (query === -1 || backslash < query) return BACKSLASH;
  }
  if (!url.startsWith("/")) {
    // The absolute form (as sent to a proxy) names the host itself; the Host header is not used.
    if (!/^https?:\/\//.test(url)) {
      return `the request target ${JSON.stringify(url)} must be a path starting with '/'`;
    }
    return URL.canParse(url) ? null : `the request target ${JSON.stringify(url)} is not a valid absolute URL`;
  }
  if (countHostHeaders(req.rawHeaders) > 1) return "the Host header is given more than once";
  const host = req.headers.host;
  if (host === undefined) {
    return req.httpVersionMajor === 1 && req.httpVersionMinor === 0
      ? null
      : "the Host header is missing (HTTP/1.1 requires it)";
  }
  if (host === "" || host === lastValidHost) return null;
  const problem = hostProblem(host);
  if (problem === null) lastValidHost = host;
  return problem;
}
