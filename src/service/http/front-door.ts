// The front door of the HTTP server: every request passes here before the cached-answer fast path and the
// app, and every request Node's parser refuses ('clientError') is answered here. Whatever is refused gets
// the error record with CORS headers and a request-log line, as the app's own errors do.
import { type IncomingMessage, type ServerResponse, STATUS_CODES } from "node:http";
import type { Duplex } from "node:stream";
import type { ErrorStatus } from "../../interface/errors.ts";
import { clientAddress } from "./client-address.ts";
import { corsHeaderValues } from "./cors.ts";
import { errorBody } from "./errors.ts";
import { REQUEST_ID_HEADER, requestIdOf } from "./request-id.ts";
import { requestTargetProblem } from "./request-target.ts";
import { JSON_TYPE } from "./respond.ts";
import { type FastPathDeps, serveFromCache } from "./response-cache.ts";

type Listener = (req: IncomingMessage, res: ServerResponse) => unknown;

/** The response under way on each connection, so a refusal of the next request waits for it. */
const inFlight = new WeakMap<Duplex, ServerResponse>();

/** The node:http request handler: the request target checked once, then the cache, then the app. */
export function frontDoor(deps: FastPathDeps, app: Listener): Listener {
  return (req, res) => {
    inFlight.set(req.socket, res);
    const problem = requestTargetProblem(req);
    if (problem !== null) answerMalformed(deps, req, res, problem);
    else if (!serveFromCache(deps, req, res)) void app(req, res);
  };
}

function answerMalformed(
  deps: FastPathDeps,
  req: IncomingMessage,
  res: ServerResponse,
  message: string,
): void {
  const client = clientAddress(deps.config.trustProxy, req);
  answerErrorRecord(deps, client, headOf(req), 400, message, (headers, body) => {
    res.writeHead(400, headers);
    res.end(body);
  });
}

interface RequestHead {
  method: string;
  path: string;
  origin: string | undefined;
  requestId?: string | undefined;
}

function headOf(req: IncomingMessage): RequestHead {
  return {
    method: req.method ?? "-",
    path: req.url ?? "-",
    origin: req.headers.origin,
    requestId: req.headers["x-request-id"] as string | undefined,
  };
}

/**
 * The error record with CORS for the request's origin, handed to `write`, then logged as the answer to the
 * request: the one shape of every answer the front door gives instead of the app.
 */
function answerErrorRecord(
  deps: FastPathDeps,
  client: string | undefined,
  head: RequestHead,
  status: ErrorStatus,
  message: string,
  write: (headers: Record<string, string>, body: string) => void,
): void {
  const started = performance.now();
  const body = errorBody(status, message);
  const bytes = Buffer.byteLength(body);
  const headers = corsHeaderValues(deps.config.corsOrigins, head.origin);
  headers["Content-Type"] = JSON_TYPE;
  headers["Content-Length"] = String(bytes);
  const requestId = requestIdOf(head.requestId);
  headers[REQUEST_ID_HEADER] = requestId;
  write(headers, body);
  deps.answered.record({
    timeMs: deps.now(),
    client: client ?? "unknown",
    method: head.method,
    path: head.path,
    status,
    durationMs: performance.now() - started,
    bytes,
    requestId,
  });
}

/** An error of Node's HTTP parser, with the bytes it was reading when it failed. */
export interface ParserError extends Error {
  code?: string;
  reason?: string;
  rawPacket?: Buffer;
}

function refusal(error: ParserError): { status: ErrorStatus; message: string } {
  switch (error.code) {
    case "HPE_HEADER_OVERFLOW":
      return { status: 431, message: "the request's headers are larger than 16 KiB" };
    case "ERR_HTTP_REQUEST_TIMEOUT":
      return { status: 408, message: "the request did not arrive in time" };
    case "HPE_CHUNK_EXTENSIONS_OVERFLOW":
      return { status: 413, message: "the body's chunk extensions are too large" };
    default: {
      const reason = error.reason ?? error.message.replace(/^Parse Error: /, "");
      return {
        status: 400,
        message: `the request is not valid HTTP/1.1: ${reason} (${error.code ?? "parse error"})`,
      };
    }
  }
}

/** Method, target and Origin from the first bytes of a refused request, as far as they can be read. */
function requestHead(raw: Buffer | undefined): RequestHead {
  const text = raw === undefined ? "" : new TextDecoder().decode(raw.subarray(0, 32 * 1024));
  const line = /^([A-Za-z-]{1,20}) (\S*)/.exec(text);
  const origin = /\r?\n[Oo][Rr][Ii][Gg][Ii][Nn]:[ \t]*([^\r\n]*)/.exec(text)?.[1]?.trim();
  return { method: line?.[1] ?? "-", path: line?.[2] || "-", origin };
}

const answered = new WeakSet<Duplex>();
const refusedRequests = new WeakSet<IncomingMessage>();

/**
 * Whether the front door answered (and logged) this request itself because its body broke the parser: the
 * app, still reading that body, then answers nobody and must not log the request a second time.
 */
export function refusedByFrontDoor(incoming: IncomingMessage | undefined): boolean {
  return incoming !== undefined && refusedRequests.has(incoming);
}

/**
 * The server's 'clientError' handler: answers the error record on the raw socket where it still takes
 * one, then closes it. When the refused bytes are the body of the request under way, that request's answer
 * stands if it has begun, else the refusal replaces it; a refused request after it (pipelined) is answered
 * once that answer is out.
 */
export function answerRefusedRequest(deps: FastPathDeps, error: ParserError, socket: Duplex): void {
  if (answered.has(socket)) return;
  answered.add(socket);
  if (error.code === "ECONNRESET" || !socket.writable) {
    socket.destroy();
    return;
  }
  const pending = inFlight.get(socket);
  if (pending && !pending.req.complete) {
    if (pending.headersSent || pending.writableFinished) {
      if (pending.writableFinished) closeGently(socket);
      else pending.once("close", () => closeGently(socket));
      return;
    }
    refusedRequests.add(pending.req);
    writeRefusal(deps, error, socket, pending.req);
    return;
  }
  if (pending && !pending.writableFinished) {
    pending.once("close", () => writeRefusal(deps, error, socket));
    return;
  }
  writeRefusal(deps, error, socket);
}

function writeRefusal(
  deps: FastPathDeps,
  error: ParserError,
  socket: Duplex,
  request?: IncomingMessage,
): void {
  const { status, message } = refusal(error);
  const head = request ? headOf(request) : requestHead(error.rawPacket);
  // Without a parsed request there are no headers to believe: the peer is all that is known.
  const client = request ? clientAddress(deps.config.trustProxy, request) : peerOf(socket);
  writeErrorRecord(deps, socket, status, message, head, client);
}

/** 'connect': a CONNECT asks for a tunnel, which this service does not open (Node would drop it unanswered). */
export function answerConnect(deps: FastPathDeps, req: IncomingMessage, socket: Duplex): void {
  // Node's parser always sets the method of a request it hands over ("CONNECT" here).
  const client = clientAddress(deps.config.trustProxy, req);
  writeErrorRecord(
    deps,
    socket,
    405,
    "CONNECT is not allowed: this service is not a proxy",
    headOf(req),
    client,
  );
}

/** The error record written straight to a socket (no request object to answer through), then closed. */
function writeErrorRecord(
  deps: FastPathDeps,
  socket: Duplex,
  status: ErrorStatus,
  message: string,
  head: RequestHead,
  client: string | undefined,
): void {
  if (!socket.writable) {
    socket.destroy();
    return;
  }
  answerErrorRecord(deps, client, head, status, message, (headers, body) => {
    headers.Connection = "close";
    const lines = Object.entries(headers).map(([name, value]) => `${name}: ${value}\r\n`);
    // An answer to HEAD has no body, even when the rest of the request could not be read.
    const payload = head.method === "HEAD" ? "" : body;
    socket.write(`HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\n${lines.join("")}\r\n${payload}`);
  });
  closeGently(socket);
}

function peerOf(socket: Duplex): string | undefined {
  return (socket as Duplex & { remoteAddress?: string }).remoteAddress;
}

/**
 * Ends the connection after what was written, reading and dropping what the client still sends for a
 * moment: closing with unread bytes would reset the connection, and the client could lose the answer.
 */
function closeGently(socket: Duplex): void {
  socket.end();
  socket.resume();
  const timer = setTimeout(() => socket.destroy(), 2000);
  timer.unref();
  socket.once("close", () => clearTimeout(timer));
}
