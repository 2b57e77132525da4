// The writer's side in the Hono app (response-writer.ts), outermost of its middleware: every response a route
// computes leaves through here, with the same headers, coding and record as the pipeline's own.
import { Readable } from "node:stream";
import type { MiddlewareHandler } from "hono";
import {
  COMPRESS_NOW_BYTES,
  compressingStream,
  compressNow,
  isCompressible,
  MIN_COMPRESSED_BYTES,
  negotiateCoding,
} from "./encoding.ts";
import type { Admitted } from "./exchange.ts";
import { NO_STORE } from "./lifetime.ts";
import { CachedResponse, type ResponseCache } from "./response-cache.ts";
import { type ResponseWriter, recordWhenClosed, replaceResponse } from "./response-writer.ts";
import type { ServiceEnv } from "./service-env.ts";

/** The header of @hono/node-server's RESPONSE_ALREADY_SENT: the handler wrote the response to the socket. */
const ALREADY_SENT = "x-hono-already-sent";

/**
 * Lets the route respond, then sends its response through the same decisions as the pipeline's: respond()'s
 * as a cached one (and cached when it may be), any other with the same headers, compressed unless the route
 * chose its coding, no-store unless it set a lifetime. `skip`: paths neither changed nor recorded.
 */
export function writerMiddleware(
  writer: ResponseWriter,
  cache: ResponseCache,
  skip: (path: string) => boolean,
): MiddlewareHandler<ServiceEnv> {
  return async (c, next) => {
    if (skip(c.req.path)) return next();
    const generation = cache.generation;
    await next();
    const { incoming, outgoing } = c.env;
    // A stream the route writes itself (routes/stream.ts): its head, its events and its record are its own.
    if (outgoing.headersSent && c.res.headers.has(ALREADY_SENT)) return;
    const exchange = incoming.exchange;
    // The parser refused this request's body and that refusal is its response: nothing to send here.
    if (exchange === undefined || exchange.refused) return;
    const { head, started } = exchange;
    // The operator's API admits its requests itself (admin-auth.ts) and says who it admitted.
    const admitted: Admitted = exchange.admission ?? {
      client: c.get("client") ?? exchange.client,
      headers: {},
      reason: c.get("refusal"),
    };
    const computed = c.get("response");
    if (computed !== undefined && c.res.status === 200) {
      const cached = computed.keep
        ? cache.put(head.path, computed.body, computed.lifetime, generation)
        : new CachedResponse(Buffer.from(computed.body), computed.lifetime);
      const reply = writer.replyCached(incoming, head, cached, admitted);
      const body = reply.body instanceof Promise ? await reply.body : reply.body;
      if (body instanceof Readable) {
        recordWhenClosed(body, outgoing, (bytes) =>
          writer.record(head, reply.status, bytes, admitted, started),
        );
        replaceResponse(c, new Response(Readable.toWeb(body) as ReadableStream<Uint8Array>, reply));
        return;
      }
      if (body !== null) reply.headers["Content-Length"] = String(body.length);
      replaceResponse(c, new Response(body === null ? null : new Uint8Array(body), reply));
      writer.record(head, reply.status, body?.length ?? 0, admitted, started);
      return;
    }
    const res = c.res;
    const contentType = res.headers.get("Content-Type");
    const own = { ...writer.headers(head), ...exchange.admission?.headers };
    for (const name in own) {
      if (name === "Vary") res.headers.append("Vary", own[name] as string);
      else res.headers.set(name, own[name] as string);
    }
    if (!res.headers.has("Cache-Control")) res.headers.set("Cache-Control", NO_STORE);
    const length = Number(res.headers.get("Content-Length") ?? Number.NaN);
    const record = (bytes: number) => writer.record(head, res.status, bytes, admitted, started);
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
