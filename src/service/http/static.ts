// The built dashboard at /, with the SPA fallback: a page address the dashboard routes (e.g. /symbol/BTC)
// answers index.html so reloads and shared links work.
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { serveStatic } from "@hono/node-server/serve-static";
import type { OpenAPIHono } from "@hono/zod-openapi";

const NOT_BUILT = `<!doctype html><meta charset="utf-8"><title>Dashboard not built</title>
<p>The dashboard has not been built. Run <code>npm start</code> (it builds first) or <code>npm run build</code>.
The API is at <a href="/docs">/docs</a>.</p>`;

export function registerDashboard(app: OpenAPIHono, dashboardDir: string): void {
  const assets = existsSync(dashboardDir) ? serveStatic({ root: dashboardDir }) : null;
  app.use("/*", async (c, next) => {
    if (!assets || c.req.path.startsWith("/v1") || c.req.path.startsWith("/docs")) return next();
    return assets(c, next);
  });
  app.get("*", (c, next) => {
    const accept = c.req.header("Accept") ?? "";
    if (c.req.path.startsWith("/v1") || c.req.path.startsWith("/docs") || !accept.includes("text/html")) {
      return next();
    }
    const index = join(dashboardDir, "index.html");
    // Read per request: a rebuild while the service runs is picked up, and the file is small.
    return c.html(existsSync(index) ? readFileSync(index, "utf8") : NOT_BUILT);
  });
}
