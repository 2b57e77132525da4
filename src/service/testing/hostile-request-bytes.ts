// A hostile request kept as data (what the fuzz generates, what a failure prints) and the bytes it is turned
// into at the last moment, for a service on a given port.

/** Stands for the service's port in a Host header, filled in when the bytes are made. */
export const PORT = "{port}";

export type Framing = "length" | "chunked" | "broken-chunk" | "bad-length" | "length-and-chunked";
export type Mangle =
  | "none"
  | "non-ascii-in-line"
  | "huge-header"
  | "control-in-header"
  | "header-without-colon"
  | "bare-lf"
  | "cut-short"
  | "half-closed";

export interface HostileRequest {
  method: string;
  target: string;
  version: "HTTP/1.1" | "HTTP/1.0";
  headers: [string, string][];
  /** The body as latin1 text (any bytes); empty: none. */
  body: string;
  framing: Framing;
  mangle: Mangle;
  /** Where a cut-short request ends, as a fraction of its bytes. */
  cut: number;
  /** Move the service's wall clock a minute on first, so the fair-usage window frees. */
  advanceClock: boolean;
}

/** The request's bytes for a service on `port`. */
export function requestBytes(request: HostileRequest, port: number): Buffer {
  const { method, version, body, framing, mangle } = request;
  let target = request.target;
  if (mangle === "non-ascii-in-line") target = `${target.slice(0, 4)}\u00e9\u00ff${target.slice(4)}`;
  const headers = request.headers.map(([n, v]) => [n, v.replaceAll(PORT, String(port))]);
  if (body !== "" || framing !== "length") {
    if (framing === "length") headers.push(["Content-Length", String(body.length)]);
    if (framing === "bad-length") headers.push(["Content-Length", `${body.length}abc`]);
    if (framing !== "length" && framing !== "bad-length") headers.push(["Transfer-Encoding", "chunked"]);
    if (framing === "length-and-chunked") headers.push(["Content-Length", String(body.length)]);
  }
  if (mangle === "huge-header") headers.push(["X-Padding", "p".repeat(17_000)]);
  if (mangle === "control-in-header") headers.push(["X-Control", "a\u0001b"]);
  const eol = mangle === "bare-lf" ? "\n" : "\r\n";
  const lines = [`${method} ${target} ${version}`, ...headers.map(([n, v]) => `${n}: ${v}`)];
  if (mangle === "header-without-colon") lines.push("X-No-Colon");
  let payload = body;
  if (framing === "chunked" || framing === "length-and-chunked") {
    payload = `${body === "" ? "" : `${body.length.toString(16)}\r\n${body}\r\n`}0\r\n\r\n`;
  } else if (framing === "broken-chunk") {
    payload = `zz\r\n${body}\r\n0\r\n\r\n`;
  }
  const bytes = Buffer.from(`${lines.join(eol)}${eol}${eol}${payload}`, "latin1");
  return mangle === "cut-short"
    ? bytes.subarray(0, Math.max(1, Math.floor(bytes.length * request.cut)))
    : bytes;
}
