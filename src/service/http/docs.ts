// A readable API page at /docs: Swagger UI from the swagger-ui-dist package, served locally (no CDN). Its
// files go as the dashboard's do (static.ts): compressed once and kept, with a validator and a lifetime.
import { createRequire } from "node:module";
import { dirname } from "node:path";
import type { OpenAPIHono } from "@hono/zod-openapi";
import type { Env } from "hono";
import { SERVICE_PATHS } from "../../interface/endpoints.ts";
import { DashboardFiles } from "./dashboard-files.ts";
import { send } from "./static.ts";

const swaggerDir = dirname(createRequire(import.meta.url).resolve("swagger-ui-dist/package.json"));

const PAGE = `<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <title>Market Data Query Service — API</title>
  <link rel="stylesheet" href="${SERVICE_PATHS.docs}/assets/swagger-ui.css">
</head>
<body>
  <div id="api"></div>
  <script src="${SERVICE_PATHS.docs}/assets/swagger-ui-bundle.js"></script>
  <script src="${SERVICE_PATHS.docs}/init.js"></script>
</body>
</html>`;

const INIT = `window.ui = SwaggerUIBundle({ url: "${SERVICE_PATHS.openApi}", dom_id: "#api", deepLinking: true });`;

export function registerDocs<E extends Env>(app: OpenAPIHono<E>): void {
  app.get(SERVICE_PATHS.docs, (c) => c.html(PAGE));
  app.get(`${SERVICE_PATHS.docs}/init.js`, (c) =>
    c.body(INIT, 200, { "Content-Type": "text/javascript; charset=utf-8" }),
  );
  const files = new DashboardFiles(swaggerDir, { compressUnstored: true });
  app.get(`${SERVICE_PATHS.docs}/assets/*`, async (c, next) => {
    const file = await files.file(c.req.path.slice(`${SERVICE_PATHS.docs}/assets`.length));
    return file ? send(c, file) : next();
  });
}
