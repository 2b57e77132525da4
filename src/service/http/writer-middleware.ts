// The app's side of the edge (edge.ts), outermost of its middleware: every answer the Hono app computes
// leaves through here, with the same headers, coding and record as the fast path's and the front door's.
import { Readable } from "node:stream";
import type { MiddlewareHandler } from "hono";
import {
  type Admitted,
  type Edge,
  pathAndQuery,
  type RequestHead,
  recordWhenClosed,
  refusedByFrontDoor,
  replaceResponse,
} from "./edge.ts";
import {
  COMPRESS_NOW_BYTES,
  compressingStream,
  compressNow,
  isCompressible,
  MIN_COMPRESSED_BYTES,
  negotiateCoding,
} from "./encoding.ts";
import { NO_STORE } from "./lifetime.ts";
import { REQUEST_ID_HEADER, requestIdOf } from "./request-id.ts";
import { CachedAnswer, type ResponseCache } from "./response-cache.ts";
import type { ServiceEnv } from "./service-env.ts";

/**
 * The app's side, outermost of its middleware: names the request, lets the app answer, then sends the
 * answer through the same decisions as the fast path's. An answer respond() wrote (`answer`) is sent by
 * sendCached() (and kept in the cache when it may be); any other gets the same headers, a body worth it
 * compressed (unless the app chose its coding itself, as for the dashboard's files compressed at build
 * time), and no-store where it said no lifetime of its own. `skip`: paths answered as they are and not
 * recorded (a balancer's health checks every half second, Prometheus's scrapes).
 */
export function edgeMiddleware(
  edge: Edge,
  cache: ResponseCache,
  skip: (path: string) => boolean,
): MiddlewareHandler<ServiceEnv> {
  return async (c, next) => {
    if (skip(c.req.path)) return next();
    const started = performance.now();
    const requestId = requestIdOf(c.req.header(REQUEST_ID_HEADER));
    c.set("requestId", requestId);
    const generation = cache.generation;
    await next();
    const { incoming, outgoing } = c.env;
    // The front door answered this request itself (its body broke the parser): nobody to answer here.
    if (refusedByFrontDoor.has(incoming)) return;
    const head: RequestHead = {
      method: c.req.method,
      path: pathAndQuery(c.req.url),
      origin: c.req.header("Origin"),
      requestId,
    };
    const admitted: Admitted = {
      client: c.get("client") ?? edge.clientAddress(incoming),
      key: c.get("key"),
      headers: c.get("rateLimit") ?? {},
      fallback: c.get("limiter") === "local",
      reason: c.get("refusal"),
    };
    const answer = c.get("answer");
    if (answer !== undefined && c.res.status === 200) {
      const cached = answer.keep
        ? cache.put(head.path, answer.body, answer.lifetime, generation)
        : new CachedAnswer(Buffer.from(answer.body), answer.lifetime);
      const reply = edge.replyCached(incoming, head, cached, admitted);
      const body = reply.body instanceof Promise ? await reply.body : reply.body;
      if (body instanceof Readable) {
        recordWhenClosed(body, outgoing, (bytes) =>
          edge.record(head, reply.status, bytes, admitted, started),
        );
        replaceResponse(c, new Response(Readable.toWeb(body) as ReadableStream<Uint8Array>, reply));
        return;
      }
      if (body !== null) reply.headers["Content-Length"] = String(body.length);
      replaceResponse(c, new Response(body === null ? null : new Uint8Array(body), reply));
      edge.record(head, reply.status, body?.length ?? 0, admitted, started);
      return;
    }
    const res = c.res;
    const contentType = res.headers.get("Content-Type");
    const own = edge.headers(head, contentType);
    for (const name in own) {
      if (name === "Vary") res.headers.append("Vary", own[name] as string);
      else res.headers.set(name, own[name] as string);
    }
    if (!res.headers.has("Cache-Control")) res.headers.set("Cache-Control", NO_STORE);
    const length = Number(res.headers.get("Content-Length") ?? Number.NaN);
    const record = (bytes: number) => edge.record(head, res.status, bytes, admitted, started);
    if (
      res.body === null ||
      res.headers.has("Content-Encoding") ||
      !isCompressible(contentType) ||
      length < MIN_COMPRESSED_BYTES
    ) {
      record(Number.isNaN(length) ? 0 : length);
      return;
    }
    res.headers.append("Vary", "Accept-Encoding");
    const coding = negotiateCoding(c.req.header("Accept-Encoding"));
    const body = Buffer.from(await res.arrayBuffer());
    const headers = new Headers(res.headers);
    if (coding === "identity" || body.length < MIN_COMPRESSED_BYTES) {
      headers.set("Content-Length", String(body.length));
      replaceResponse(c, new Response(new Uint8Array(body), { status: res.status, headers }));
      record(body.length);
      return;
    }
    headers.set("Content-Encoding", coding);
    if (body.length <= COMPRESS_NOW_BYTES) {
      const compressed = compressNow(body, coding);
      headers.set("Content-Length", String(compressed.length));
      replaceResponse(c, new Response(new Uint8Array(compressed), { status: res.status, headers }));
      record(compressed.length);
      return;
    }
    headers.delete("Content-Length");
    const stream = compressingStream(body, coding);
    recordWhenClosed(stream, outgoing, record);
    replaceResponse(
      c,
      new Response(Readable.toWeb(stream) as ReadableStream<Uint8Array>, {
        status: res.status,
        headers,
      }),
    );
  };
}
