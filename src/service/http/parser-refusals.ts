// What never becomes a request: bytes Node's parser refuses ('clientError') and CONNECT ('connect'). Each
// gets the error record through the one writer (response-writer.ts), in its turn on the connection, which
// then closes.
import type { IncomingMessage } from "node:http";
import type { Duplex } from "node:stream";
import type { ErrorStatus } from "../../interface/errors.ts";
import type { RequestHead, ServiceRequest, ServiceResponse } from "./exchange.ts";
import type { Connections } from "./pipeline.ts";
import { requestIdOf } from "./request-id.ts";
import { closeGently, type ResponseWriter } from "./response-writer.ts";

export interface RefusalDeps {
  writer: ResponseWriter;
  connections: Connections;
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
 * The bytes of the refused request itself: Node hands over the whole chunk it was parsing, so requests
 * pipelined before it are skipped by their framing (a chunk that began inside one is read from its start).
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

/**
 * The server's 'clientError' handler: writes the error record on the raw socket where it still takes one,
 * then closes it. When the refused bytes are the body of the request under way, that request's response
 * stands if it has begun, else the refusal replaces it; a refused request pipelined after it is refused
 * once that response is out.
 */
export function refuseClientError(deps: RefusalDeps, error: ParserError, socket: Duplex): void {
  if (!deps.connections.refuseOnce(socket)) return;
  if (error.code === "ECONNRESET" || !socket.writable) {
    socket.destroy();
    return;
  }
  const pending = deps.connections.latestOn(socket);
  if (pending && !pending.req.complete) {
    if (pending.headersSent || pending.writableFinished) {
      if (pending.writableFinished) closeGently(socket);
      else pending.once("close", () => closeGently(socket));
      return;
    }
    const exchange = pending.req.exchange;
    if (exchange !== undefined) exchange.refused = true;
    // Pipelined behind responses still going out, the refusal waits for its turn on the connection (Node
    // hands the socket to this response once the one before it has finished).
    if (pending.socket) writeRefusal(deps, error, socket, pending.req);
    else pending.once("socket", () => writeRefusal(deps, error, socket, pending.req));
    return;
  }
  // After a response that closes the connection (the request said close, or HTTP/1.0), nothing that follows
  // is a request (RFC 9112 §9.6): the connection just closes after that response.
  const refuse = () =>
    pending?.shouldKeepAlive === false ? closeGently(socket) : writeRefusal(deps, error, socket);
  if (pending && !pending.writableFinished) {
    afterResponse(pending, refuse);
    return;
  }
  refuse();
}

function writeRefusal(deps: RefusalDeps, error: ParserError, socket: Duplex, request?: ServiceRequest): void {
  const { status, message } = refusal(error);
  const exchange = request?.exchange;
  const head = exchange?.head ?? requestHead(refusedBytes(error));
  // Without a parsed request there are no headers to believe: the peer is all that is known.
  const client = exchange?.client ?? (socket as Duplex & { remoteAddress?: string }).remoteAddress;
  deps.writer.writeToSocket(socket, status, message, head, client);
}

/**
 * Runs `then` once the response has handed all its bytes to the socket ('prefinish') or closed unfinished.
 * Not at 'close' alone: after a client's half-close, Node ends the socket with that response.
 */
function afterResponse(response: ServiceResponse, then: () => void): void {
  let done = false;
  const once = () => {
    if (done) return;
    done = true;
    then();
  };
  response.once("prefinish", once);
  response.once("close", once);
}

/** 'connect': a CONNECT asks for a tunnel, which this service does not open (Node would drop it silently). */
export function refuseConnect(deps: RefusalDeps, req: IncomingMessage, socket: Duplex): void {
  const refuse = () =>
    deps.writer.writeToSocket(
      socket,
      405,
      "CONNECT is not allowed: this service is not a proxy",
      {
        method: "CONNECT",
        path: req.url ?? "-",
        origin: req.headers.origin,
        requestId: requestIdOf(req.headers["x-request-id"]),
      },
      deps.writer.clientAddress(req),
    );
  // Pipelined behind requests still in progress, the refusal (and the close after it) waits for their
  // responses, which are written in order: the last one's response closes after all of them.
  const pending = deps.connections.latestOn(socket);
  if (pending && !pending.writableFinished) afterResponse(pending, refuse);
  else refuse();
}
