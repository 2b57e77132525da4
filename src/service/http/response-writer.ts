// The one response writer: every response leaves through here, whether a route computed it
// (writer-middleware.ts), the response cache had it, a pipeline step refused the request or Node's parser did
// (parser-refusals.ts). So headers, coding and the record of each response are decided in one place.
import { type IncomingMessage, type ServerResponse, STATUS_CODES } from "node:http";
import { type Duplex, Readable } from "node:stream";
import type { Context } from "hono";
import type { Clock } from "../clock.ts";
import type { Config } from "../config/settings.ts";
import type { ResponseRecorder } from "../ops/response-recorder.ts";
import { corsHeaderValues } from "./cors.ts";
import { type Coding, negotiateCoding } from "./encoding.ts";
import { endpointLabel } from "./endpoint-label.ts";
import { errorBody } from "./errors.ts";
import { type Admitted, admittedOf, type Exchange, type RequestHead } from "./exchange.ts";
import { cacheControl, NO_STORE } from "./lifetime.ts";
import { MARKET_SOURCE_HEADER } from "./market-source.ts";
import { REQUEST_ID_HEADER } from "./request-id.ts";
import type { CachedResponse } from "./response-cache.ts";
import { HSTS } from "./security-headers.ts";
import type { ServiceEnv } from "./service-env.ts";
import { matchesNoneMatch } from "./validators.ts";
import { JSON_TYPE } from "./wire.ts";

export interface ResponseWriterDeps {
  config: Pick<Config, "corsOrigins" | "https" | "marketSpeed">;
  /** Where every response is recorded. */
  recorder: ResponseRecorder;
  /** Real time, in ms. */
  now: () => number;
  /** Market time: when the next block ends, and so how long a market response lasts. */
  marketClock: Clock;
  /** The X-Market-Source header's value (market-source.ts). */
  marketSource: () => string;
  /** The client's address (TRUST_PROXY applied), for a request no admission named. */
  clientAddress: (req: IncomingMessage) => string;
}

/** The length of a coded response's body once decoded (the dashboard's download progress reads it). */
export const DECODED_LENGTH_HEADER = "X-Decoded-Length";

/** A reply to a GET or HEAD of a cached response: its body is kept, being compressed, or streamed. */
export interface CachedReply {
  status: 200 | 304;
  headers: Record<string, string>;
  body: Buffer | Promise<Buffer> | Readable | null;
}

/**
 * Replaces the app's response with another that carries all its own headers. Hono's setter would copy the
 * old response's headers over the new one's (its Content-Length among them, wrong once the body is coded).
 */
export function replaceResponse(c: Context<ServiceEnv>, response: Response): void {
  for (const name of [...c.res.headers.keys()]) c.res.headers.delete(name);
  c.res = response;
}

/** Adds a token to a header record's Vary. */
function vary(headers: Record<string, string>, token: string): void {
  const current = headers.Vary;
  headers.Vary = current === undefined || current === "" ? token : `${current}, ${token}`;
}

export class ResponseWriter {
  constructor(private readonly deps: ResponseWriterDeps) {}

  /**
   * The headers every response carries: CORS, the request id, nosniff (and HSTS over HTTPS), the market
   * source on /v1. A page's policy is the app's (security-headers.ts); the response's own, the caller's.
   */
  headers(head: RequestHead): Record<string, string> {
    const headers = corsHeaderValues(this.deps.config.corsOrigins, head.origin);
    headers[REQUEST_ID_HEADER] = head.requestId;
    headers["X-Content-Type-Options"] = "nosniff";
    if (this.deps.config.https) headers["Strict-Transport-Security"] = HSTS;
    if (head.path.startsWith("/v1/")) headers[MARKET_SOURCE_HEADER] = this.deps.marketSource();
    return headers;
  }

  /** The headers of a cached response in a coding: the validator, its lifetime, its coding. */
  private cachedHeaders(head: RequestHead, cached: CachedResponse, coding: Coding, admitted: Admitted) {
    const headers = this.headers(head);
    for (const name in admitted.headers) headers[name] = admitted.headers[name] as string;
    headers["Content-Type"] = JSON_TYPE;
    headers.ETag = cached.etag(coding);
    headers["Cache-Control"] = cacheControl(
      cached.lifetime,
      this.deps.marketClock,
      this.deps.config.marketSpeed,
    );
    vary(headers, "Accept-Encoding");
    if (coding !== "identity") {
      headers["Content-Encoding"] = coding;
      // What a browser's fetch will hand over once decoded: a download's progress counts those bytes, and
      // Content-Length counts the coded ones.
      headers[DECODED_LENGTH_HEADER] = String(cached.body.length);
    }
    return headers;
  }

  /**
   * The reply to a GET or HEAD of a cached response (or one the app has just computed): 304 when the client
   * has it already, else its body in the coding the client prefers. Decided here for the cache step and
   * the app alike, so a cached response and a fresh one cannot differ by a header.
   */
  replyCached(
    req: IncomingMessage,
    head: RequestHead,
    cached: CachedResponse,
    admitted: Admitted,
  ): CachedReply {
    const accept = req.headers["accept-encoding"];
    const coding = cached.codingFor(negotiateCoding(Array.isArray(accept) ? accept.join(",") : accept));
    const headers = this.cachedHeaders(head, cached, coding, admitted);
    if (matchesNoneMatch(req.headers["if-none-match"], cached.tag)) {
      delete headers["Content-Encoding"];
      return { status: 304, headers, body: null };
    }
    // A HEAD gets the headers only: nothing is compressed for it (a stream begun for nobody would stall).
    const body = head.method === "HEAD" ? (cached.kept(coding) ?? null) : cached.take(coding);
    return { status: 200, headers, body };
  }

  /** Sends a cached response straight to node:http (the pipeline's cache step). */
  sendCached(req: IncomingMessage, res: ServerResponse, exchange: Exchange, cached: CachedResponse): void {
    const { head, started } = exchange;
    const admitted = admittedOf(exchange);
    const { status, headers, body } = this.replyCached(req, head, cached, admitted);
    if (body === null) {
      res.writeHead(status, headers);
      res.end();
      this.record(head, status, 0, admitted, started);
      return;
    }
    if (body instanceof Readable) {
      res.writeHead(status, headers);
      if (head.method === "HEAD") {
        res.end();
        this.record(head, status, 0, admitted, started);
        return;
      }
      recordWhenClosed(body, res, (bytes) => this.record(head, status, bytes, admitted, started));
      body.pipe(res);
      return;
    }
    if (body instanceof Promise) {
      body.then(
        (bytes) => {
          // Refused by the parser while it was being compressed (its body broke the parser).
          if (!exchange.refused) this.sendBody(res, head, status, headers, bytes, admitted, started);
        },
        () => res.destroy(),
      );
    } else this.sendBody(res, head, status, headers, body, admitted, started);
  }

  /** A method rather than a closure made per response: under tsx every closure made is also named. */
  private sendBody(
    res: ServerResponse,
    head: RequestHead,
    status: number,
    headers: Record<string, string>,
    bytes: Buffer,
    admitted: Admitted,
    started: number,
  ): void {
    headers["Content-Length"] = String(bytes.length);
    res.writeHead(status, headers);
    res.end(head.method === "HEAD" ? undefined : bytes);
    this.record(head, status, bytes.length, admitted, started);
  }

  /** Sends the error record of a request the pipeline refused; its own headers (Retry-After) are in `own`. */
  sendError(
    res: ServerResponse,
    exchange: Exchange,
    status: number,
    message: string,
    own: Readonly<Record<string, string>> = {},
  ): void {
    const { head } = exchange;
    const { headers, body } = this.errorRecord(head, status, message, own);
    res.writeHead(status, headers);
    res.end(head.method === "HEAD" ? undefined : body);
    this.record(head, status, Buffer.byteLength(body), admittedOf(exchange), exchange.started);
  }

  /**
   * Writes the error record straight to a socket that carries no request object (what Node's parser
   * refused, CONNECT), then closes the connection gently.
   */
  writeToSocket(
    socket: Duplex,
    status: number,
    message: string,
    head: RequestHead,
    client: string | undefined,
  ): void {
    if (!socket.writable) {
      socket.destroy();
      return;
    }
    const started = performance.now();
    const { headers, body } = this.errorRecord(head, status, message, { Connection: "close" });
    const lines = Object.entries(headers).map(([name, value]) => `${name}: ${value}\r\n`);
    // A response to HEAD has no body, even when the rest of the request could not be read.
    const payload = head.method === "HEAD" ? "" : body;
    socket.write(`HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\n${lines.join("")}\r\n${payload}`);
    this.record(head, status, Buffer.byteLength(body), { client: client ?? "unknown", headers: {} }, started);
    closeGently(socket);
  }

  /** An error record's headers and body; the response's own headers (Retry-After, Connection) are in `own`. */
  private errorRecord(
    head: RequestHead,
    status: number,
    message: string,
    own: Readonly<Record<string, string>> = {},
  ): { headers: Record<string, string>; body: string } {
    const body = errorBody(status, message);
    const headers = this.headers(head);
    for (const name in own) headers[name] = own[name] as string;
    headers["Content-Type"] = JSON_TYPE;
    headers["Content-Length"] = String(Buffer.byteLength(body));
    headers["Cache-Control"] = NO_STORE;
    return { headers, body };
  }

  /** The client's address as the service names it (through trusted proxies when configured). */
  clientAddress(req: IncomingMessage): string {
    return this.deps.clientAddress(req);
  }

  /** Records a response once: the request log, the usage review, the metrics, the key's last use. */
  record(
    head: RequestHead,
    status: number,
    bytes: number,
    admitted: Admitted,
    started: number,
    events?: number,
  ): void {
    this.deps.recorder.record({
      ...(events === undefined ? {} : { events }),
      timeMs: this.deps.now(),
      endpoint: endpointLabel(head.method, head.path),
      client: admitted.client,
      method: head.method,
      path: head.path,
      status,
      durationMs: performance.now() - started,
      bytes,
      requestId: head.requestId,
      fallback: admitted.fallback === true,
      key: admitted.key ?? null,
      refusal: admitted.reason ?? null,
    });
  }
}

/** Counts a streamed body's bytes as they go, and records the response once its connection has closed. */
export function recordWhenClosed(
  body: Readable,
  connection: Pick<ServerResponse, "once">,
  record: (bytes: number) => void,
): void {
  let bytes = 0;
  body.on("data", (chunk: Buffer) => {
    bytes += chunk.length;
  });
  connection.once("close", () => record(bytes));
}

/**
 * Ends the connection after what was written, reading and dropping what the client still sends for a
 * moment: closing with unread bytes would reset the connection, and the client could lose the response.
 */
export function closeGently(socket: Duplex): void {
  socket.end();
  socket.resume();
  const timer = setTimeout(() => socket.destroy(), 2000);
  timer.unref();
  socket.once("close", () => clearTimeout(timer));
}
