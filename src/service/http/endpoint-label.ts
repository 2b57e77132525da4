// The endpoint a request is counted under in the usage review and the metrics: the method and the path's
// first segment after /v1, from a fixed list, so that a client sending made-up paths cannot grow either
// without bound.
const V1_SEGMENTS = new Set([
  "coins",
  "pairs",
  "symbols",
  "quotation",
  "symbol",
  "chartPoints",
  "chartPointsAllExchanges",
  "supply",
  "interestrate",
  "interestrates",
  "status",
  "openapi.json",
]);

/** "GET /v1/coins", "POST /v1/supply", "admin", "metrics", "dashboard" or "other". */
export function endpointLabel(method: string, pathAndQuery: string): string {
  if (pathAndQuery.startsWith("/v1/")) {
    const end = pathAndQuery.slice(4).search(/[/?#]/);
    const segment = end < 0 ? pathAndQuery.slice(4) : pathAndQuery.slice(4, 4 + end);
    if (!V1_SEGMENTS.has(segment)) return "other";
    const verb = method === "HEAD" ? "GET" : method === "GET" || method === "POST" ? method : "OTHER";
    return `${verb} /v1/${segment}`;
  }
  if (pathAndQuery === "/admin" || pathAndQuery.startsWith("/admin/") || pathAndQuery.startsWith("/admin?"))
    return "admin";
  if (pathAndQuery === "/metrics" || pathAndQuery.startsWith("/metrics?")) return "metrics";
  return method === "GET" || method === "HEAD" ? "dashboard" : "other";
}
