// A stand-in for the public service this interface copies (../shared/reference/public-service-v1.md), for
// the journeys that check the dashboard against a service with no candles, no provenance, no stream and no
// /status. In front of our service started with `--wire dia` (the public service's wire format), it passes
// on the interface's eleven endpoints and the dashboard's own pages and files (so the page and the service
// share an origin, as CORS never comes into it), and answers any other path as the public service's router
// (gin) answers a path it does not have: 404 with the plain text `404 page not found`. What only our service
// says of itself (X-Market-Source, the RateLimit headers, ETags) is left out of the endpoints' answers, as
// the public service sent none of it.
//
// By hand: `node --import tsx e2e/public-service.ts <port> <our service's address>`.
import { createServer, type IncomingMessage, request, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { ADMIN_ENDPOINTS } from "../src/interface/admin-endpoints.ts";
import { INTERFACE_ENDPOINTS, SERVICE_PATHS, STATUS_ENDPOINT } from "../src/interface/endpoints.ts";

/** What gin writes for a route it does not have (the reference, §0 "Unknown routes"). */
const UNKNOWN_PATH_BODY = "404 page not found";

/** Our service's headers the public service never sent; the dashboard must do without them. */
const OURS_ONLY = ["x-market-source", "ratelimit", "ratelimit-policy", "etag"];

/** Each interface endpoint as a method and a pattern of its path (a parameter is one whole segment). */
const INTERFACE_ROUTES = Object.values(INTERFACE_ENDPOINTS).map((endpoint) => ({
  methods: endpoint.method === "get" ? ["GET", "HEAD", "OPTIONS"] : ["POST", "OPTIONS"],
  pattern: new RegExp(
    `^${endpoint.path.replace(/[.*+?^$()|[\]\\]/g, "\\$&").replace(/\{[^}]+\}/g, "[^/]+")}$`,
  ),
}));

/** Our service's own paths outside /v1 (its status, documentation, metrics, health, operator's API). */
const OUR_OWN_PATHS = [
  STATUS_ENDPOINT.path,
  ...Object.values(SERVICE_PATHS),
  ...new Set(Object.values(ADMIN_ENDPOINTS).map((endpoint) => `/${endpoint.path.split("/")[1]}`)),
];

type Passage = "endpoint" | "dashboard" | "unknown";

/** Where a request goes: to an interface endpoint, to the dashboard, or answered as a path not there. */
function passageOf(method: string, path: string): Passage {
  if (path === "/v1" || path.startsWith("/v1/")) {
    const known = INTERFACE_ROUTES.some(
      (route) => route.pattern.test(path) && route.methods.includes(method),
    );
    return known ? "endpoint" : "unknown";
  }
  const ours = OUR_OWN_PATHS.some((own) => path === own || path.startsWith(`${own}/`));
  return ours ? "unknown" : "dashboard";
}

export interface PublicServiceStandIn {
  /** http://localhost:port: the dashboard's address, and the service's. */
  url: string;
  /** The requests it answered as paths it does not have, oldest first: method and path with query. */
  unknown: { method: string; target: string }[];
  close(): Promise<void>;
}

/** Starts the stand-in on `port` (0: any free port) in front of our service at `upstream`. */
export async function startPublicService(upstream: string, port = 0): Promise<PublicServiceStandIn> {
  const target = new URL(upstream);
  const unknown: PublicServiceStandIn["unknown"] = [];
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const url = req.url ?? "/";
    const path = url.split("?")[0] ?? "/";
    const passage = passageOf(req.method ?? "GET", path);
    if (passage === "unknown") {
      unknown.push({ method: req.method ?? "GET", target: url });
      req.resume();
      res.writeHead(404, { "Content-Type": "text/plain" }).end(UNKNOWN_PATH_BODY);
      return;
    }
    const forwarded = request(
      {
        host: target.hostname,
        port: target.port,
        method: req.method,
        path: url,
        headers: { ...req.headers, host: target.host },
      },
      (answer) => {
        const headers = { ...answer.headers };
        if (passage === "endpoint") for (const name of OURS_ONLY) delete headers[name];
        res.writeHead(answer.statusCode ?? 502, headers);
        answer.pipe(res);
      },
    );
    forwarded.on("error", () => {
      if (!res.headersSent) res.writeHead(502, { "Content-Type": "text/plain" });
      res.end();
    });
    req.pipe(forwarded);
  });
  await new Promise<void>((resolve) => server.listen(port, "localhost", resolve));
  return {
    url: `http://localhost:${(server.address() as AddressInfo).port}`,
    unknown,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

if (process.argv[1] === import.meta.filename) {
  const [port, upstream] = process.argv.slice(2);
  if (upstream === undefined) {
    console.error("usage: node --import tsx e2e/public-service.ts <port> <our service's address>");
    process.exit(2);
  }
  const standIn = await startPublicService(upstream, Number(port));
  console.log(`the public service's stand-in: ${standIn.url}, in front of ${upstream}`);
}
