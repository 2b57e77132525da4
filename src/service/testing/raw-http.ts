// A raw HTTP/1.1 client for hostile-input tests: it writes bytes as given (backslashes, bad Host headers,
// non-ASCII, broken framing, which fetch refuses to send) over node:net and reads back every answer.
import net from "node:net";

export interface RawAnswer {
  status: number;
  /** Header names in lower case; a repeated header keeps its last value. */
  headers: Map<string, string>;
  body: Buffer;
}

export interface RawExchange {
  /** Final answers in order (1xx interim answers are skipped). */
  answers: RawAnswer[];
  /** Bytes after the last complete answer (a torn answer), if any. */
  leftover: Buffer;
  /** Why reading stopped early: a timeout or a socket error; undefined when the server closed or one answer came. */
  problem?: string;
}

const HEAD_END = Buffer.from("\r\n\r\n");

/** Parses as many complete answers as `bytes` holds. `bodiless`: the request was HEAD. */
export function parseAnswers(bytes: Buffer, bodiless: boolean, closed: boolean): RawExchange {
  const answers: RawAnswer[] = [];
  let at = 0;
  while (at < bytes.length) {
    const headEnd = bytes.indexOf(HEAD_END, at);
    if (headEnd === -1) break;
    const lines = bytes.subarray(at, headEnd).toString("latin1").split("\r\n");
    const status = Number(/^HTTP\/1\.[01] (\d{3})/.exec(lines[0] ?? "")?.[1] ?? Number.NaN);
    if (Number.isNaN(status)) return { answers, leftover: bytes.subarray(at), problem: "not an HTTP answer" };
    const headers = new Map<string, string>();
    for (const line of lines.slice(1)) {
      const colon = line.indexOf(":");
      if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
    }
    let next = headEnd + 4;
    let body: Buffer = Buffer.alloc(0);
    const noBody = bodiless || status < 200 || status === 204 || status === 304;
    if (!noBody) {
      const length = headers.get("content-length");
      if (headers.get("transfer-encoding")?.toLowerCase() === "chunked") {
        const chunked = readChunked(bytes, next);
        if (!chunked) break;
        [body, next] = chunked;
      } else if (length !== undefined) {
        if (bytes.length < next + Number(length)) break;
        body = bytes.subarray(next, next + Number(length));
        next += Number(length);
      } else {
        if (!closed) break;
        body = bytes.subarray(next);
        next = bytes.length;
      }
    }
    if (status >= 200) answers.push({ status, headers, body });
    at = next;
  }
  return { answers, leftover: bytes.subarray(at) };
}

function readChunked(bytes: Buffer, start: number): [Buffer, number] | null {
  const parts: Buffer[] = [];
  let at = start;
  for (;;) {
    const lineEnd = bytes.indexOf("\r\n", at);
    if (lineEnd === -1) return null;
    const size = Number.parseInt(bytes.subarray(at, lineEnd).toString("latin1"), 16);
    if (Number.isNaN(size)) return null;
    at = lineEnd + 2;
    if (size === 0) {
      const end = bytes.indexOf(HEAD_END.subarray(2), at);
      if (end === -1) return null;
      return [Buffer.concat(parts), end + 2];
    }
    if (bytes.length < at + size + 2) return null;
    parts.push(bytes.subarray(at, at + size));
    at += size + 2;
  }
}

export interface SendOptions {
  /**
   * The request was HEAD: its answers have no body. "either": it began with HEAD but was cut short, so the
   * server may not have read that far (an answer is read with a body if it has one, else without).
   */
  bodiless?: boolean | "either";
  /** Close the sending side after writing (the request ends there, cut short or not). */
  halfClose?: boolean;
  timeoutMs?: number;
}

/**
 * Writes `bytes` on a new connection and reads until the server closes it, or, when the connection stays
 * open, until one complete answer has come and a moment passed without more.
 */
export function sendRaw(port: number, bytes: Buffer, options: SendOptions = {}): Promise<RawExchange> {
  const { bodiless = false, halfClose = false, timeoutMs = 10_000 } = options;
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let settled = false;
    let idle: NodeJS.Timeout | undefined;
    const socket = net.connect(port, "127.0.0.1");
    const finish = (closed: boolean, problem?: string) => {
      if (settled) return;
      settled = true;
      clearTimeout(deadline);
      clearTimeout(idle);
      socket.destroy();
      const bytes = Buffer.concat(chunks);
      let parsed = parseAnswers(bytes, bodiless === true, closed);
      if (bodiless === "either" && (parsed.answers.length === 0 || parsed.leftover.length > 0)) {
        parsed = parseAnswers(bytes, true, closed);
      }
      resolve(problem && parsed.answers.length === 0 ? { ...parsed, problem } : parsed);
    };
    const deadline = setTimeout(() => finish(false, `no answer within ${timeoutMs} ms`), timeoutMs);
    socket.on("connect", () => {
      if (halfClose) socket.end(bytes);
      else socket.write(bytes);
    });
    socket.on("data", (chunk) => {
      chunks.push(chunk);
      clearTimeout(idle);
      // A kept-alive connection is not closed by the server: stop once an answer is whole and nothing
      // more follows for a moment (a second answer to one request would arrive right behind the first).
      const first = parseAnswers(Buffer.concat(chunks), bodiless === true, false).answers[0];
      if (first && first.headers.get("connection")?.toLowerCase() !== "close") {
        idle = setTimeout(() => finish(false), 15);
      }
    });
    // The answer may already be in: a reset after it (a server closing with unread bytes) is not a problem.
    socket.on("error", (error) => finish(true, `socket error: ${error.message}`));
    socket.on("close", () => finish(true));
  });
}
