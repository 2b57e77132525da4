// A strict reader of the bytes a server sends back on one connection: status lines, header fields and
// message framing exactly as RFC 9112 writes them, interim (1xx) answers kept apart from the final answer
// they precede. It is the test's judge of framing, so it forgives nothing a client could misread: a header
// line without a colon, a Content-Length that is not digits (or two of them, or one beside chunking), a
// chunk size that is not hex, bytes left over. (http-parser-js, the one response parser on npm outside
// Node, is lenient by design: it skips a malformed header line, reads "12abc" as a length and takes bare
// LF, which would hide the defects this is for; Node's llhttp is reachable only through internals.)

export interface Answer {
  status: number;
  /** Header names in lower case; a repeated header keeps its values joined by ", ". */
  headers: Map<string, string>;
  body: Buffer;
  /** The statuses of the interim answers that came before this one (and after the previous final one). */
  interims: number[];
  /** The answer says `Connection: close`: nothing may follow it, and the server closes the connection. */
  closes: boolean;
}

export interface ReadAnswers {
  answers: Answer[];
  /** Interim answers after the last final answer (its final answer has not come yet). */
  pendingInterims: number[];
  /** The bytes after the last whole answer: an answer still arriving, or (once the server closed) torn. */
  rest: Buffer;
  /** What in the bytes breaks HTTP/1.1, if anything: then `rest` starts at the offending answer. */
  problem?: string;
}

/** How the answer to the request at an index is framed: no body (HEAD), a body, or either (not known). */
export type Bodiless = (index: number) => boolean | "either";

const STATUS_LINE = /^HTTP\/1\.1 ([1-5]\d\d) [\t -~\x80-\xff]*$/;
const FIELD_LINE = /^([!#$%&'*+.^_`|~0-9A-Za-z-]+):[ \t]*([\t -~\x80-\xff]*?)[ \t]*$/;
const CHUNK_SIZE_LINE = /^([0-9A-Fa-f]{1,16})(?:[ \t]*;[\t -~]*)?$/;

class Incomplete {}
const INCOMPLETE = new Incomplete();

class Reader {
  at: number;
  constructor(
    readonly bytes: Buffer,
    start: number,
  ) {
    this.at = start;
  }

  /** One line ended by CRLF (a bare LF or CR is a problem), or INCOMPLETE. */
  line(): string | Incomplete {
    const end = this.bytes.indexOf("\n", this.at);
    if (end === -1) return INCOMPLETE;
    if (end === this.at || this.bytes[end - 1] !== 0x0d) throw new Error("a line ended by a bare LF");
    const text = this.bytes.subarray(this.at, end - 1).toString("latin1");
    if (text.includes("\r")) throw new Error("a bare CR inside a line");
    this.at = end + 1;
    return text;
  }

  take(count: number): Buffer | Incomplete {
    if (this.bytes.length < this.at + count) return INCOMPLETE;
    const taken = this.bytes.subarray(this.at, this.at + count);
    this.at += count;
    return taken;
  }
}

/** The head of one answer: status and fields, or INCOMPLETE. Throws on a malformed head. */
function readHead(
  reader: Reader,
): { status: number; headers: Map<string, string>; counts: Map<string, number> } | Incomplete {
  const statusLine = reader.line();
  if (statusLine instanceof Incomplete) return INCOMPLETE;
  const status = STATUS_LINE.exec(statusLine);
  if (!status) throw new Error(`not an HTTP/1.1 status line: ${JSON.stringify(statusLine.slice(0, 80))}`);
  const headers = new Map<string, string>();
  const counts = new Map<string, number>();
  for (;;) {
    const line = reader.line();
    if (line instanceof Incomplete) return INCOMPLETE;
    if (line === "") break;
    const field = FIELD_LINE.exec(line);
    if (!field) throw new Error(`a malformed header line: ${JSON.stringify(line.slice(0, 80))}`);
    const name = (field[1] as string).toLowerCase();
    const value = field[2] as string;
    headers.set(name, headers.has(name) ? `${headers.get(name)}, ${value}` : value);
    counts.set(name, (counts.get(name) ?? 0) + 1);
  }
  return { status: Number(status[1]), headers, counts };
}

function readChunked(reader: Reader): Buffer | Incomplete {
  const parts: Buffer[] = [];
  for (;;) {
    const sizeLine = reader.line();
    if (sizeLine instanceof Incomplete) return INCOMPLETE;
    const size = CHUNK_SIZE_LINE.exec(sizeLine);
    if (!size) throw new Error(`a malformed chunk size line: ${JSON.stringify(sizeLine.slice(0, 40))}`);
    const length = Number.parseInt(size[1] as string, 16);
    if (length === 0) {
      // Trailer fields, then the empty line.
      for (;;) {
        const trailer = reader.line();
        if (trailer instanceof Incomplete) return INCOMPLETE;
        if (trailer === "") return Buffer.concat(parts);
        if (!FIELD_LINE.test(trailer))
          throw new Error(`a malformed trailer line: ${JSON.stringify(trailer)}`);
      }
    }
    const data = reader.take(length);
    if (data instanceof Incomplete) return INCOMPLETE;
    parts.push(data);
    const end = reader.take(2);
    if (end instanceof Incomplete) return INCOMPLETE;
    if (end.toString("latin1") !== "\r\n") throw new Error("a chunk's data is not followed by CRLF");
  }
}

/** The body of an answer whose head was read, by RFC 9112 §6.3's rules, or INCOMPLETE. */
function readBody(
  reader: Reader,
  head: { status: number; headers: Map<string, string>; counts: Map<string, number> },
  bodiless: boolean,
  closed: boolean,
): Buffer | Incomplete {
  const { status, headers, counts } = head;
  const length = headers.get("content-length");
  const coding = headers.get("transfer-encoding");
  if ((counts.get("content-length") ?? 0) > 1)
    throw new Error(`Content-Length sent more than once: ${length}`);
  if (length !== undefined && coding !== undefined)
    throw new Error("both Content-Length and Transfer-Encoding");
  if (length !== undefined && !/^\d{1,15}$/.test(length))
    throw new Error(`Content-Length is not digits: ${length}`);
  if (status < 200 && (length !== undefined || coding !== undefined)) {
    throw new Error(`an interim ${status} with framing headers`);
  }
  if (bodiless || status < 200 || status === 204 || status === 304) return Buffer.alloc(0);
  if (coding !== undefined) {
    if (coding.toLowerCase() !== "chunked")
      throw new Error(`a Transfer-Encoding other than chunked: ${coding}`);
    return readChunked(reader);
  }
  if (length !== undefined) return reader.take(Number(length));
  // Delimited by the close alone: only an answer that says so, once the server has closed.
  if (!closed) return INCOMPLETE;
  return reader.take(reader.bytes.length - reader.at);
}

/**
 * Reads every whole answer in `bytes`, in order; `bodiless(i)` says whether the answer to request i (the
 * i-th final answer) has no body (HEAD). `closed`: the server has closed, so nothing more will come.
 */
export function readAnswers(bytes: Buffer, bodiless: Bodiless, closed: boolean): ReadAnswers {
  const answers: Answer[] = [];
  let interims: number[] = [];
  let at = 0;
  while (at < bytes.length) {
    const index = answers.length;
    const kind = bodiless(index);
    let read: { answer: Answer; end: number } | Incomplete | Error = INCOMPLETE;
    for (const noBody of kind === "either" ? [false, true] : [kind]) {
      read = readOne(bytes, at, noBody, closed, interims);
      // Taken as having a body, the answer may run into the next one: then read it as bodiless.
      if (!(read instanceof Error) && !(read instanceof Incomplete)) {
        if (kind !== "either" || noBody || nextLooksLikeAnswer(bytes, read.end)) break;
      }
    }
    if (read instanceof Incomplete) break;
    if (read instanceof Error) {
      return { answers, pendingInterims: interims, rest: bytes.subarray(at), problem: read.message };
    }
    at = read.end;
    if (read.answer.status < 200) {
      interims.push(read.answer.status);
      continue;
    }
    answers.push({ ...read.answer, interims });
    interims = [];
  }
  return { answers, pendingInterims: interims, rest: bytes.subarray(at) };
}

function nextLooksLikeAnswer(bytes: Buffer, at: number): boolean {
  return at === bytes.length || bytes.subarray(at, at + 9).toString("latin1") === "HTTP/1.1 ";
}

function readOne(
  bytes: Buffer,
  start: number,
  bodiless: boolean,
  closed: boolean,
  interims: number[],
): { answer: Answer; end: number } | Incomplete | Error {
  const reader = new Reader(bytes, start);
  try {
    const head = readHead(reader);
    if (head instanceof Incomplete) return INCOMPLETE;
    const closes = /(?:^|,)\s*close\s*(?:,|$)/i.test(head.headers.get("connection") ?? "");
    const body = readBody(reader, head, bodiless, closed && closes);
    if (body instanceof Incomplete) return INCOMPLETE;
    return {
      answer: { status: head.status, headers: head.headers, body, interims, closes },
      end: reader.at,
    };
  } catch (error) {
    return error as Error;
  }
}
