// The edge: every answer the service gives leaves through here, whether the app computed it (through
// edge-middleware.ts), the response cache held it (fast-path.ts) or the front door refused the request
// before anyone read it. Its headers are decided once, in `headers()` (CORS, security, the request id, the
// market source) and `cachedHeaders()` (validators, lifetime, coding), its body is compressed as the client
// accepts, and it is recorded once (the request log, the usage review, the metrics, the key's last use).
import type { IncomingMessage, ServerResponse } from "node:http";
import { Readable } from "node:stream";
import type { Context } from "hono";
import type { StoredKey } from "../access/access-store.ts";
import type { RefusalReason } from "../access/admission.ts";
import type { Clock } from "../clock.ts";
import type { Config } from "../config/settings.ts";
import type { AnsweredRequests } from "../ops/answered-requests.ts";
import { corsHeaderValues } from "./cors.ts";
import { type Coding, negotiateCoding } from "./encoding.ts";
import { endpointLabel } from "./endpoint-label.ts";
import { errorBody } from "./errors.ts";
import { cacheControl, NO_STORE } from "./lifetime.ts";
import { MARKET_SOURCE_HEADER } from "./market-source.ts";
import { REQUEST_ID_HEADER } from "./request-id.ts";
import type { CachedAnswer } from "./response-cache.ts";
import { HSTS, isPage, pageSecurityHeaders } from "./security-headers.ts";
import type { ServiceEnv } from "./service-env.ts";
import { etagHeader, matchesNoneMatch } from "./validators.ts";
import { JSON_TYPE } from "./wire.ts";

export interface EdgeDeps {
  config: Pick<Config, "corsOrigins" | "https" | "marketSpeed">;
  /** Where every answer is recorded. */
  answered: AnsweredRequests;
  /** Real time, in ms. */
  now: () => number;
  /** Market time: when the next block ends, and so how long a market answer lasts. */
  marketClock: Clock;
  /** The X-Market-Source header's value (market-source.ts). */
  marketSource: () => string;
  /** The client's address (TRUST_PROXY applied), for a request no admission named. */
  clientAddress: (req: IncomingMessage) => string;
}

/** What is known of a request when its answer is decided. */
export interface RequestHead {
  method: string;
  /** The path with its query, as the client sent it. */
  path: string;
  origin: string | undefined;
  requestId: string;
}

/** Who the request was admitted as (access/admission.ts), for the record and the RateLimit headers. */
export interface Admitted {
  client: string;
  key?: StoredKey | null | undefined;
  headers: Readonly<Record<string, string>>;
  fallback?: boolean | undefined;
  reason?: RefusalReason | "admin-auth" | null | undefined;
}

/**
 * Requests the front door answered (and recorded) itself because their body broke the parser: the app,
 * still reading that body, then answers nobody and records nothing.
 */
export const refusedByFrontDoor = new WeakSet<IncomingMessage>();

/** The length of a coded answer's body once decoded (the dashboard's download progress reads it). */
export const DECODED_LENGTH_HEADER = "X-Decoded-Length";

/** A reply to a GET or HEAD of a cached answer: its body is kept, being compressed, or streamed as it is. */
export interface CachedReply {
  status: 200 | 304;
  headers: Record<string, string>;
  body: Buffer | Promise<Buffer> | Readable | null;
}

/**
 * Replaces the app's answer with another that carries all its own headers. Hono's setter would copy the
 * old answer's headers over the new one's (its Content-Length among them, wrong once the body is coded).
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

export class Edge {
  private readonly page: Record<string, string>;

  constructor(private readonly deps: EdgeDeps) {
    this.page = pageSecurityHeaders(deps.config.https);
  }

  /**
   * The headers every answer carries, for a body of `contentType`: CORS for the request's origin, the
   * request id, nosniff (and HSTS when served over HTTPS), a page's security policy, the market source on
   * /v1. The answer's own headers (RateLimit, Retry-After, Allow, its validators) are added by the caller.
   */
  headers(head: RequestHead, contentType: string | null): Record<string, string> {
    const headers = corsHeaderValues(this.deps.config.corsOrigins, head.origin);
    headers[REQUEST_ID_HEADER] = head.requestId;
    if (isPage(contentType)) Object.assign(headers, this.page);
    else {
      headers["X-Content-Type-Options"] = "nosniff";
      if (this.deps.config.https) headers["Strict-Transport-Security"] = HSTS;
    }
    if (head.path.startsWith("/v1/")) headers[MARKET_SOURCE_HEADER] = this.deps.marketSource();
    return headers;
  }

  /** The headers of an answer from the cache in a coding: the validator, its lifetime, its coding. */
  private cachedHeaders(head: RequestHead, answer: CachedAnswer, coding: Coding, admitted: Admitted) {
    const headers = this.headers(head, JSON_TYPE);
    for (const name in admitted.headers) headers[name] = admitted.headers[name] as string;
    headers["Content-Type"] = JSON_TYPE;
    headers.ETag = etagHeader(answer.tag, coding);
    headers["Cache-Control"] = cacheControl(
      answer.lifetime,
      this.deps.marketClock,
      this.deps.config.marketSpeed,
    );
    vary(headers, "Accept-Encoding");
    if (coding !== "identity") {
      headers["Content-Encoding"] = coding;
      // What a browser's fetch will hand over once decoded: a download's progress counts those bytes, and
      // Content-Length counts the coded ones (a 6 MB chart travels as 1.3 MB).
      headers[DECODED_LENGTH_HEADER] = String(answer.body.length);
    }
    return headers;
  }

  /**
   * The reply to a GET or HEAD of an answer the cache holds (or the app has just computed): 304 when the
   * client holds it already, else its body in the coding the client prefers. Decided here for the fast
   * path and the app alike, so a cached answer and a fresh one cannot differ by a header.
   */
  replyCached(
    req: IncomingMessage,
    head: RequestHead,
    answer: CachedAnswer,
    admitted: Admitted,
  ): CachedReply {
    const accept = req.headers["accept-encoding"];
    const coding = answer.codingFor(negotiateCoding(Array.isArray(accept) ? accept.join(",") : accept));
    const headers = this.cachedHeaders(head, answer, coding, admitted);
    if (matchesNoneMatch(req.headers["if-none-match"], answer.tag)) {
      delete headers["Content-Encoding"];
      return { status: 304, headers, body: null };
    }
    // A HEAD gets the headers only: nothing is compressed for it (a stream begun for nobody would stall).
    const body = head.method === "HEAD" ? (answer.kept(coding) ?? null) : answer.take(coding);
    return { status: 200, headers, body };
  }

  /** The fast path's writer of a cached answer, straight to node:http. */
  sendCached(
    req: IncomingMessage,
    res: ServerResponse,
    head: RequestHead,
    answer: CachedAnswer,
    admitted: Admitted,
    started: number,
  ): void {
    const { status, headers, body } = this.replyCached(req, head, answer, admitted);
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
          // Refused by the front door while it was being compressed (its body broke the parser).
          if (!refusedByFrontDoor.has(req))
            this.sendBody(res, head, status, headers, bytes, admitted, started);
        },
        () => res.destroy(),
      );
    } else this.sendBody(res, head, status, headers, body, admitted, started);
  }

  /**
   * A method rather than a closure made per answer: under tsx every closure made is also named through
   * Object.defineProperty, which showed in a CPU profile of the fast path (measured: fast-path.ts, send).
   */
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

  /**
   * An error record: its headers and body, for a writer that has no app behind it (the fast path's
   * refusals, the front door's). The answer's own headers (Retry-After, Connection) are in `own`.
   */
  errorAnswer(
    head: RequestHead,
    status: number,
    message: string,
    own: Readonly<Record<string, string>> = {},
  ): { headers: Record<string, string>; body: string } {
    const body = errorBody(status, message);
    const headers = this.headers(head, JSON_TYPE);
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

  /** Records an answer once: the request log, the usage review, the metrics, the key's last use. */
  record(head: RequestHead, status: number, bytes: number, admitted: Admitted, started: number): void {
    this.deps.answered.record({
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

/** Counts a streamed body's bytes as they go, and records the answer once its connection has closed. */
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

/** The path with its query, as the client sent it (cheaper than parsing a URL per request). */
export function pathAndQuery(url: string): string {
  return url.slice(url.indexOf("/", url.indexOf("//") + 2));
}
