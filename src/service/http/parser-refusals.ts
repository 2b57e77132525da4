// The front door of the HTTP server: every request passes here before the cached-answer fast path and the
// app, and every request Node's parser refuses ('clientError') is answered here. Whatever is refused gets
// the error record through the edge (edge.ts), with the headers and the record every answer gets.
import { type IncomingMessage, type ServerResponse, STATUS_CODES } from "node:http";
import type { Duplex } from "node:stream";
import type { ErrorStatus } from "../../interface/errors.ts";
import { clientAddress } from "../access/client-address.ts";
import { type RequestHead, refusedByFrontDoor } from "./edge.ts";
import { type FastPathDeps, serveFromCache } from "./fast-path.ts";
import { requestIdOf } from "./request-id.ts";
import { requestTargetProblem } from "./request-target.ts";

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
  const started = performance.now();
  const client = clientAddress(deps.trustProxy, req);
  const head = headOf(req);
  const { headers, body } = deps.edge.errorAnswer(head, 400, message);
  res.writeHead(400, headers);
  res.end(body);
  deps.edge.record(head, 400, Buffer.byteLength(body), { client, headers: {} }, started);
}

function headOf(req: IncomingMessage): RequestHead {
  return {
    method: req.method ?? "-",
    path: req.url ?? "-",
    origin: req.headers.origin,
    requestId: requestIdOf(req.headers["x-request-id"]),
  };
}

/** An error of Node's HTTP parser, with the bytes it was reading when it failed. */
export interface ParserError extends Error {
  code?: string;
  reason?: string;
  rawPacket?: Buffer;
  /** Where in rawPacket the parser failed. */
  bytesParsed?: number;
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

/**
 * The bytes of the refused request itself. Node hands over the whole chunk it was parsing, which may begin
 * with requests pipelined before it (already handed to the app): those are skipped by their framing
 * (Content-Length, or chunks) up to where the parser failed. A chunk that began inside an earlier request
 * cannot be walked so, and is read from its start as before.
 */
function refusedBytes(error: ParserError): Buffer | undefined {
  const raw = error.rawPacket;
  if (raw === undefined) return undefined;
  const failedAt = error.bytesParsed ?? raw.length;
  let at = 0;
  for (;;) {
    const headEnd = raw.indexOf("\r\n\r\n", at);
    if (headEnd === -1 || headEnd + 4 > failedAt) return raw.subarray(at);
    const head = raw.subarray(at, headEnd).toString("latin1");
    let next = headEnd + 4;
    if (/\r\ntransfer-encoding:[^\r]*chunked/i.test(head)) next = endOfChunks(raw, next);
    else next += Number(/\r\ncontent-length:[ \t]*(\d+)/i.exec(head)?.[1] ?? 0);
    if (next === -1 || next > failedAt) return raw.subarray(at);
    at = next;
  }
}

/** Where a chunked body that starts at `at` ends (after its last chunk and trailers), or -1. */
function endOfChunks(raw: Buffer, at: number): number {
  for (;;) {
    const lineEnd = raw.indexOf("\r\n", at);
    if (lineEnd === -1) return -1;
    const size = Number.parseInt(raw.subarray(at, lineEnd).toString("latin1"), 16);
    if (Number.isNaN(size)) return -1;
    if (size === 0) {
      const end = raw.indexOf("\r\n\r\n", lineEnd);
      return end === -1 ? -1 : end + 4;
    }
    at = lineEnd + 2 + size + 2;
  }
}

/** Method, target and Origin from the first bytes of a refused request, as far as they can be read. */
function requestHead(raw: Buffer | undefined): RequestHead {
  const text = raw === undefined ? "" : new TextDecoder().decode(raw.subarray(0, 32 * 1024));
  const line = /^([A-Za-z-]{1,20}) (\S*)/.exec(text);
  const origin = /\r?\n[Oo][Rr][Ii][Gg][Ii][Nn]:[ \t]*([^\r\n]*)/.exec(text)?.[1]?.trim();
  return { method: line?.[1] ?? "-", path: line?.[2] || "-", origin, requestId: requestIdOf(undefined) };
}

const answered = new WeakSet<Duplex>();

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
    refusedByFrontDoor.add(pending.req);
    // Pipelined behind answers still going out, the refusal waits for its turn on the connection (Node
    // hands the socket to this response once the one before it has finished).
    if (pending.socket) writeRefusal(deps, error, socket, pending.req);
    else pending.once("socket", () => writeRefusal(deps, error, socket, pending.req));
    return;
  }
  // After an answer that closes the connection (the request said close, or HTTP/1.0), nothing that follows
  // is a request to answer (RFC 9112 §9.6): the connection just closes after that answer.
  const refuse = () =>
    pending?.shouldKeepAlive === false ? closeGently(socket) : writeRefusal(deps, error, socket);
  if (pending && !pending.writableFinished) {
    afterAnswer(pending, refuse);
    return;
  }
  refuse();
}

function writeRefusal(
  deps: FastPathDeps,
  error: ParserError,
  socket: Duplex,
  request?: IncomingMessage,
): void {
  const { status, message } = refusal(error);
  const head = request ? headOf(request) : requestHead(refusedBytes(error));
  // Without a parsed request there are no headers to believe: the peer is all that is known.
  const client = request ? clientAddress(deps.trustProxy, request) : peerOf(socket);
  writeErrorRecord(deps, socket, status, message, head, client);
}

/**
 * Runs `then` once the response has handed all its bytes to the socket ('prefinish'), so that what is written
 * next follows it; or once it closed without finishing (the client went). Not at 'close' alone: when the
 * client has half-closed, Node ends the socket as that response finishes, and a refusal written after it is
 * lost.
 */
function afterAnswer(response: ServerResponse, then: () => void): void {
  let done = false;
  const once = () => {
    if (done) return;
    done = true;
    then();
  };
  response.once("prefinish", once);
  response.once("close", once);
}

/** 'connect': a CONNECT asks for a tunnel, which this service does not open (Node would drop it unanswered). */
export function answerConnect(deps: FastPathDeps, req: IncomingMessage, socket: Duplex): void {
  // Node's parser always sets the method of a request it hands over ("CONNECT" here).
  const client = clientAddress(deps.trustProxy, req);
  const refuse = () =>
    writeErrorRecord(
      deps,
      socket,
      405,
      "CONNECT is not allowed: this service is not a proxy",
      headOf(req),
      client,
    );
  // Pipelined behind requests still being answered, the refusal (and the close after it) waits for their
  // answers, which are written in order: the last one's response closes after all of them.
  const pending = inFlight.get(socket);
  if (pending && !pending.writableFinished) afterAnswer(pending, refuse);
  else refuse();
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
  const started = performance.now();
  const { headers, body } = deps.edge.errorAnswer(head, status, message, { Connection: "close" });
  const lines = Object.entries(headers).map(([name, value]) => `${name}: ${value}\r\n`);
  // An answer to HEAD has no body, even when the rest of the request could not be read.
  const payload = head.method === "HEAD" ? "" : body;
  socket.write(`HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\n${lines.join("")}\r\n${payload}`);
  deps.edge.record(
    head,
    status,
    Buffer.byteLength(body),
    { client: client ?? "unknown", headers: {} },
    started,
  );
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
