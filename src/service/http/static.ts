// The built dashboard at /, with the SPA fallback: a page address the dashboard routes (e.g. /symbol/BTC)
// gets index.html with that page's head (page-preloads.ts), so reloads and shared links work; a browser
// asking for text/html gets it at any address (the dashboard's own not-found page); anything else gets the
// 404 error record. Files go in the client's preferred stored coding, with a validator and a lifetime
// (dashboard-files.ts), which the writer middleware leaves as they are.
import type { OpenAPIHono } from "@hono/zod-openapi";
import type { Context, Env } from "hono";
import Negotiator from "negotiator";
import { SERVICE_PATHS } from "../../interface/endpoints.ts";
import { DashboardFiles, type Representation } from "./dashboard-files.ts";
import { negotiateCoding } from "./encoding.ts";
import { etagHeader, matchesNoneMatch } from "./validators.ts";

export function registerDashboard<E extends Env>(app: OpenAPIHono<E>, dashboardDir: string): void {
  const files = new DashboardFiles(dashboardDir);
  // Registered after every route of the service: only what none of them matched comes here.
  app.get("*", async (c, next) => {
    const path = c.req.path;
    if (path.startsWith("/v1/") || path.startsWith(SERVICE_PATHS.docs)) return next();
    if (path === "/index.html") return send(c, await files.page("/"));
    const file = await files.file(path);
    if (file) return send(c, file);
    const accept = c.req.header("Accept");
    if (!acceptsHtml(accept)) return next();
    if (!/\btext\/html\b/i.test(accept ?? "") && !(await files.isPageAddress(path))) return next();
    return send(c, await files.page(path));
  });
}

/** Content negotiation as RFC 9110 §12.5.1 has it: no Accept, or one that admits text/html (by name or by a wildcard). */
function acceptsHtml(accept: string | undefined): boolean {
  return new Negotiator({ headers: { accept } }).mediaType(["text/html"]) === "text/html";
}

export function send(c: Context, file: Representation): Response {
  // The client's preferred coding, if the build stored the file in it; else the file as it is, which is
  // then no larger (the build keeps only codings smaller than the file).
  const preferred = negotiateCoding(c.req.header("Accept-Encoding"));
  const coding = preferred !== "identity" && file.coded[preferred] ? preferred : "identity";
  const headers: Record<string, string> = {
    "Cache-Control": file.cacheControl,
    ETag: etagHeader(file.tag, coding),
  };
  // The response depends on Accept-Encoding only when there is more than one way to send it.
  if (Object.keys(file.coded).length > 0) headers.Vary = "Accept-Encoding";
  if (matchesNoneMatch(c.req.header("If-None-Match"), file.tag)) return c.body(null, 304, headers);
  const body = (coding === "identity" ? file.identity : file.coded[coding]) as Buffer;
  headers["Content-Type"] = file.type;
  headers["Content-Length"] = String(body.length);
  if (coding !== "identity") headers["Content-Encoding"] = coding;
  // A file read from disk owns its ArrayBuffer (never a slice of Buffer's shared pool), as c.body wants.
  return c.body(
    new Uint8Array(body.buffer, body.byteOffset, body.length) as Uint8Array<ArrayBuffer>,
    200,
    headers,
  );
}
