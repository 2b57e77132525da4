// The OpenAPI document's front matter: what the service is, the wire format, the limit and the error table;
// where it is served, its licence and the keys a request may send.
import type { OpenAPIHono } from "@hono/zod-openapi";
import { API_LICENSE, SAME_ORIGIN_SERVERS } from "../../interface/api-documents.ts";
import { ERROR_STATUSES } from "../../interface/errors.ts";
import { DATA_POINTS_DESCRIPTION } from "../../interface/resources.ts";
import type { ServiceEnv } from "./service-env.ts";

/**
 * Every read may send an issued X-Api-Key (its own limit) or nothing (counted by its address): the key is
 * optional, so the empty requirement stands beside it. An operation that needs more (POST /v1/supply's write
 * key) declares its own.
 */
const OPTIONAL_API_KEY: Record<string, string[]>[] = [{ apiKey: [] }, {}];

/** Declares the keys requests may send and serves the document at `path`. */
export function registerOpenApiDocument(app: OpenAPIHono<ServiceEnv>, path: string): void {
  app.openAPIRegistry.registerComponent("securitySchemes", "writeKey", {
    type: "http",
    scheme: "bearer",
    description:
      "A write key issued by the operator (WRITE_KEYS) or created in the data directory on first start",
  });
  app.openAPIRegistry.registerComponent("securitySchemes", "apiKey", {
    type: "apiKey",
    in: "header",
    name: "X-Api-Key",
    description:
      "Optional: a client key the operator issued (in the operator's console, or API_KEYS), for its own fair-usage limit",
  });
  app.doc31(path, openApiInfo());
}

function openApiInfo() {
  const errors = Object.entries(ERROR_STATUSES)
    .map(([status, when]) => `| ${status} | ${when} |`)
    .join("\n");
  const description = `Crowd-aggregated crypto market data: quotations, chart points per exchange and across exchanges,
circulating supply and interest rates. Prices come from simulated trades on many exchanges, aggregated
every 120 seconds by the MA120, MAIR120 and MEDIR120 filters.

**Fair usage.** At most 5 requests per client in any 60-second window (configurable). A client is an issued
\`X-Api-Key\`, else the remote address. Every /v1 response carries \`RateLimit-Policy: "fair-use";q=5;w=60\` and
\`RateLimit: "fair-use";r=<remaining>;t=<seconds until a slot frees>\` (IETF httpapi RateLimit headers draft);
over the limit the response is 429 with \`Retry-After\`.

**Caching and compression.** Every /v1 response to a GET carries a strong \`ETag\` and a \`Cache-Control\`:
quotations, chart points, pairs and symbols \`public, max-age=<seconds until the current 120-second block
ends>\` (no new data can exist before then); circulating supply, symbol details, the coin list (ranked by
market cap) and interest rates \`public, no-cache\` (keep them, but ask again: a supply post or a new fixing
can change them at any moment). Errors and refusals are \`no-store\`. Sending a cached response's ETag as
\`If-None-Match\` gets \`304 Not Modified\` with no body when it is still current. **A 304 counts against the
fair-usage limit like any other request**: the limit is of requests (the interface's 5 a minute), and a free
revalidation would let a client poll without limit; what it saves is the body's bytes and time. Responses of a
kilobyte or more are compressed as \`Accept-Encoding\` asks (\`br\` or \`gzip\`, q-values honoured, \`Vary:
Accept-Encoding\`); large chart responses are streamed as they are compressed.

**Chart points.** ${DATA_POINTS_DESCRIPTION}

**Errors.** Every failure responds with \`{"errorcode": <status>, "errormessage": "..."}\`:

| Status | When |
|---|---|
${errors}

**Wire formats.** Started with \`--wire dia\`, the service speaks the public service's format instead:
PascalCase field names and InfluxDB-style chart points (\`{"DataPoints":[{"statement_id":0,"Series":[{"name",
"columns","values"}],"Messages":null}]}\`, newest first).`;
  return {
    openapi: "3.1.0",
    info: { title: "Market Data Query Service", version: "1.0.0", description, license: API_LICENSE },
    servers: SAME_ORIGIN_SERVERS,
    security: OPTIONAL_API_KEY,
  };
}
