// The endpoint a request is counted under in the usage review and the metrics: the method and a known path
// segment, never the raw path, so that a client sending made-up paths cannot grow either without bound.
import { ADMIN_ENDPOINTS } from "../../interface/admin-endpoints.ts";
import { ENDPOINTS, SERVICE_PATHS, STATUS_ENDPOINT } from "../../interface/endpoints.ts";
import { LIVE_ENDPOINTS } from "../../interface/extension-endpoints.ts";

/** The first segment after /v1/ of a path: "quotation" of /v1/quotation/{symbol}. */
const segmentOf = (path: string) => path.slice("/v1/".length).split(/[/?#]/, 1)[0] as string;

/** The first segment of a path: "admin" of /admin/keys/{id} and of /admin?x=1. */
const rootOf = (path: string) => path.slice(1).split(/[/?#]/, 1)[0] as string;

/** Every path under the operator's API's root is counted as one: "admin". */
const ADMIN_ROOTS = new Set(Object.values(ADMIN_ENDPOINTS).map((endpoint) => rootOf(endpoint.path)));

const V1_SEGMENTS = new Set([
  ...Object.values(ENDPOINTS).map((endpoint) => segmentOf(endpoint.path)),
  // The live stream and its subjects call: the review shows who streams, not "other".
  ...Object.values(LIVE_ENDPOINTS).map((endpoint) => segmentOf(endpoint.path)),
  segmentOf(SERVICE_PATHS.openApi),
]);

/**
 * Labels of the paths seen lately, by method then path (no key string built per request): cached responses
 * are asked for the same few paths again and again.
 */
const seen = new Map<string, Map<string, string>>();
let seenCount = 0;
const MAX_SEEN = 10_000;

/** "GET /v1/coins", "POST /v1/supply", "admin", "metrics", "status", "dashboard" or "other". */
export function endpointLabel(method: string, pathAndQuery: string): string {
  let paths = seen.get(method);
  let label = paths?.get(pathAndQuery);
  if (label === undefined) {
    label = labelOf(method, pathAndQuery);
    // Cleared rather than evicted one by one: a client sending endless distinct paths only costs the memo.
    if (seenCount >= MAX_SEEN) {
      seen.clear();
      seenCount = 0;
      paths = undefined;
    }
    if (paths === undefined) {
      paths = new Map();
      seen.set(method, paths);
    }
    paths.set(pathAndQuery, label);
    seenCount++;
  }
  return label;
}

function labelOf(method: string, pathAndQuery: string): string {
  if (pathAndQuery.startsWith("/v1/")) {
    const segment = segmentOf(pathAndQuery);
    if (!V1_SEGMENTS.has(segment)) return "other";
    const verb =
      method === "HEAD"
        ? "GET"
        : method === "GET" || method === "POST" || method === "PUT"
          ? method
          : "OTHER";
    return `${verb} /v1/${segment}`;
  }
  if (ADMIN_ROOTS.has(rootOf(pathAndQuery))) return "admin";
  const path = pathAndQuery.split("?", 1)[0];
  if (path === SERVICE_PATHS.metrics) return "metrics";
  if (path === STATUS_ENDPOINT.path) return STATUS_ENDPOINT.name;
  return method === "GET" || method === "HEAD" ? "dashboard" : "other";
}
