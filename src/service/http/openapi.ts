// The OpenAPI document's front matter: what the service is, the wire format, the limit and the error table.
import { ERROR_STATUSES } from "../../interface/errors.ts";
import { DATA_POINTS_DESCRIPTION } from "../../interface/resources.ts";

export function openApiInfo() {
  const errors = Object.entries(ERROR_STATUSES)
    .map(([status, when]) => `| ${status} | ${when} |`)
    .join("\n");
  const description = `Crowd-aggregated crypto market data: quotations, chart points per exchange and across exchanges,
circulating supply and interest rates. Prices come from simulated trades on many exchanges, aggregated
every 120 seconds by the MA120, MAIR120 and MEDIR120 filters.

**Fair usage.** At most 5 requests per client in any 60-second window (configurable). A client is an issued
\`X-Api-Key\`, else the remote address. Every /v1 answer carries \`RateLimit-Policy: "fair-use";q=5;w=60\` and
\`RateLimit: "fair-use";r=<remaining>;t=<seconds until a slot frees>\` (IETF httpapi RateLimit headers draft);
over the limit the answer is 429 with \`Retry-After\`.

**Chart points.** ${DATA_POINTS_DESCRIPTION}

**Errors.** Every failure answers \`{"errorcode": <status>, "errormessage": "..."}\`:

| Status | When |
|---|---|
${errors}

**Wire formats.** Started with \`--wire dia\`, the service speaks the public service's format instead:
PascalCase field names and InfluxDB-style chart points (\`{"DataPoints":[{"statement_id":0,"Series":[{"name",
"columns","values"}],"Messages":null}]}\`, newest first).`;
  return {
    openapi: "3.1.0",
    info: { title: "Market Data Query Service", version: "1.0.0", description },
  };
}
