// The endpoint table is the only place a path is written (endpoint-paths.ts): on the project's own tree, and
// on probes that write a path one way each, so that a change of the check that stops seeing one fails here.
import { join, resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { writtenPaths } from "./endpoint-paths.ts";
import { probeTrees } from "./probe-tree.ts";

const ROOT = resolve(import.meta.dirname, "..");
const probe = probeTrees("paths-probe");

describe("an endpoint's path written outside the table", () => {
  it("is nowhere in the product's code", () => {
    expect(writtenPaths(join(ROOT, "src"))).toEqual([]);
  });

  it("is found in a string, a template and a template's later piece", () => {
    // The probes' sources hold template literals: "${…}" in these strings is theirs, not this file's.
    const dir = probe({
      "app/coins.ts": 'export const path = "/v1/coins";\n',
      // biome-ignore lint/suspicious/noTemplateCurlyInString: a probe's source, with its own template
      "app/details.ts": "export const path = (s: string) => `/v1/symbol/${s}`;\n",
      "service/main.ts":
        // biome-ignore lint/suspicious/noTemplateCurlyInString: a probe's source, with its own template
        "export const line = (url: string) => `API ${url}/v1/chartPoints/MA120/x/BTC?scale=1h`;\n",
    });
    expect(writtenPaths(dir).map((w) => `${w.file}:${w.line}`)).toEqual([
      "app/coins.ts:1",
      "app/details.ts:1",
      "service/main.ts:1",
    ]);
  });

  it("is found for the operator's API and /status as for /v1", () => {
    const dir = probe({
      "app/admin/keys.ts": 'export const path = "/admin/keys";\n',
      // biome-ignore lint/suspicious/noTemplateCurlyInString: a probe's source, with its own template
      "app/admin/revoke.ts": "export const path = (id: number) => `/admin/keys/${id}/revoke`;\n",
      "app/admin/usage.ts": 'export const path = "/admin/usage/minutes?period=day";\n',
      "service/admin/health.ts": 'export const route = { path: "/admin/health" };\n',
      "service/status.ts": 'export const path = "/status";\n',
    });
    expect(writtenPaths(dir).map((w) => `${w.file}:${w.line}`)).toEqual([
      "app/admin/keys.ts:1",
      "app/admin/revoke.ts:1",
      "app/admin/usage.ts:1",
      "service/admin/health.ts:1",
      "service/status.ts:1",
    ]);
  });

  it("is found for the service's own paths: docs, the OpenAPI documents, metrics, health", () => {
    const dir = probe({
      "app/shell/footer.ts": 'export const href = "/docs";\n',
      // biome-ignore lint/suspicious/noTemplateCurlyInString: a probe's source, with its own template
      "service/main.ts": "export const line = (url: string) => `${url}/readyz`;\n",
      "service/http/docs.ts": 'export const assets = "/docs/assets/swagger-ui.css";\n',
      "service/http/app.ts": 'export const paths = ["/v1/openapi.json", "/metrics", "/healthz"];\n',
      "service/admin/app.ts": 'export const doc = "/admin/openapi.json";\n',
    });
    expect(writtenPaths(dir).map((w) => `${w.file}:${w.line}`)).toEqual([
      "app/shell/footer.ts:1",
      "service/admin/app.ts:1",
      "service/http/app.ts:1",
      "service/http/app.ts:1",
      "service/http/app.ts:1",
      "service/http/docs.ts:1",
      "service/main.ts:1",
    ]);
  });

  it("passes the tables' own prefixes, prose naming an endpoint, comments, other paths and test support", () => {
    const dir = probe({
      "service/app.ts": 'export const api = (p: string) => p.startsWith("/v1/") || p === "/v1/*";\n',
      "service/docs.ts": 'export const text = "Symbols are listed by GET /v1/symbols.";\n// GET /v1/coins\n',
      "service/venue.ts": 'export const upstream = "/v1/common/symbols";\n',
      "service/coins.test.ts": 'export const path = "/v1/coins";\n',
      "service/testing/kit.ts": 'export const path = "/v1/coins";\n',
      "service/venues/testing/htx.fake.ts": 'export const path = "/v1/coins";\n',
      "service/admin/docs.ts": 'export const text = "Revoke it with POST /admin/keys/{id}/revoke.";\n',
      "app/shell/notice.ts":
        'export const text = "Each exchange\'s health is at /status.";\n// GET /status\n',
      "service/admin/app.ts": 'export const mounts = ["/admin", "/admin/*"];\n',
      "app/shell/other.ts": 'export const paths = ["/statuses", "/admin/keyset", "/docsify", "/metricsx"];\n',
      "service/admin/keys.test.ts": 'export const path = "/admin/keys";\n',
      "app/testing/status.ts": 'export const path = "/status";\n',
    });
    expect(writtenPaths(dir)).toEqual([]);
  });
});
