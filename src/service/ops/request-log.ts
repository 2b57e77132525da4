// The request log: one JSON object per line, gathered for a few milliseconds and written together, so the
// request path never waits on the disk (one write per request was the largest cost under load). Rotated by
// size and UTC day into gzipped files by rotating-file-stream, a plain Writable that gzips and counts
// rotated files (pino-roll does neither, and pino would add a worker thread).
import fs from "node:fs";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { constants, createGzip, gunzipSync } from "node:zlib";
import { createStream, type RotatingFileStream } from "rotating-file-stream";
import { z } from "zod";
import { keepPrivate, makePrivateDir, PRIVATE_FILE_MODE } from "../private-files.ts";
import { redactSecrets } from "./log-redaction.ts";

export const RequestLogEntrySchema = z.object({
  /** RFC 3339 time the request arrived. */
  time: z.string(),
  /** Who asked: pass a key fingerprint or an address, never a raw API key. */
  client: z.string(),
  method: z.string(),
  /** Path with the query string; the values of secret-looking parameters are written as "[redacted]". */
  path: z.string(),
  status: z.number().int(),
  durationMs: z.number(),
  bytes: z.number(),
  /** "local": decided by this replica alone, under its share of the limit, while Redis was unreachable. */
  limiter: z.literal("local").optional(),
  /** The id the response carried (X-Request-Id); absent in lines written before it was logged. */
  requestId: z.string().optional(),
  /** A live stream's: the events it sent (its duration and bytes are the line's own). */
  events: z.number().int().optional(),
});
export type RequestLogEntry = z.infer<typeof RequestLogEntrySchema>;

export interface LogRotation {
  /** The current file is rotated once it holds this many bytes (and at every UTC midnight). */
  maxBytes: number;
  /** Rotated (gzipped) files kept; the oldest beyond this are deleted. */
  keep: number;
}

export const DEFAULT_ROTATION: LogRotation = { maxBytes: 100 * 2 ** 20, keep: 14 };

/** Above this many bytes waiting for the disk, entries are dropped (and counted) rather than buffered. */
const MAX_PENDING_BYTES = 16 * 1024 * 1024;
/** How long lines gather before they are written. */
const FLUSH_AFTER_MS = 25;
/** The bytes of lines gathered before a write; a full batch is written at once. */
const BATCH_BYTES = 64 * 1024;

/** The list of rotated files, oldest first, that rotating-file-stream keeps beside the log. */
export function rotationHistoryFile(filePath: string): string {
  return `${filePath}.history`;
}

/** Printable ASCII but '"' and '\\': a JSON string holds it as it is (addresses, methods, most paths). */
const PLAIN = /^[\x20\x21\x23-\x5b\x5d-\x7e]*$/;

/** The JSON string of a value; JSON.stringify only where something needs escaping, cheaper per request. */
function jsonString(value: string): string {
  return PLAIN.test(value) ? `"${value}"` : JSON.stringify(value);
}

/**
 * Rotated files are gzipped at the fastest level: at the default level the compression cost a request about
 * a microsecond of CPU under load, three times the fastest's, for a sixth fewer bytes (BENCHMARKS.md).
 * rotating-file-stream takes no level, and its other way (a shell command) would need a gzip binary: its
 * compressor factory, a private field, is replaced; request-log.test.ts checks the level of a rotated file.
 */
function fastestGzip(stream: RotatingFileStream): void {
  const internals = stream as unknown as { createGzip?: typeof createGzip };
  if (typeof internals.createGzip === "function") {
    internals.createGzip = () => createGzip({ level: constants.Z_BEST_SPEED });
  }
}

export class RequestLog {
  readonly filePath: string;
  private droppedCount = 0;
  private readonly stream: RotatingFileStream;
  private failure: Error | null = null;
  private closing: Promise<void> | null = null;
  /**
   * Lines gathered since the last write, encoded as each comes: a long string of them all, encoded at the
   * write, cost the cached responses a microsecond each (bench:service's profile).
   */
  private batch = Buffer.allocUnsafe(BATCH_BYTES);
  private batchLength = 0;
  private flushTimer: NodeJS.Timeout | null = null;

  constructor(filePath: string, rotation: LogRotation = DEFAULT_ROTATION) {
    this.filePath = filePath;
    const name = path.basename(filePath);
    const history = rotationHistoryFile(filePath);
    // Runs once at start-up, never on the request path. A log written by an older version may be wider.
    makePrivateDir(path.dirname(filePath));
    keepPrivate(filePath);
    fs.closeSync(fs.openSync(history, "a", PRIVATE_FILE_MODE));
    keepPrivate(history);
    this.stream = createStream(
      (time, index) =>
        // Called without a time for the current file's name; rotated files are named by the UTC day they
        // cover and a counter within it ("requests.log.2026-11-22.1.gz").
        time ? `${name}.${new Date(time).toISOString().slice(0, 10)}.${index ?? 1}.gz` : name,
      {
        path: path.dirname(filePath),
        size: `${rotation.maxBytes}B`,
        interval: "1d",
        intervalBoundary: true,
        intervalUTC: true,
        // A service stopped yesterday rotates yesterday's lines at start instead of adding today's to them.
        initialRotation: true,
        compress: "gzip",
        maxFiles: rotation.keep,
        history: path.basename(history),
        mode: PRIVATE_FILE_MODE,
      },
    );
    fastestGzip(this.stream);
    // Without a listener a write error would crash the process; a broken log must not take the service down.
    this.stream.on("error", (error) => {
      if (this.failure) return;
      this.failure = error;
      console.error(`request log ${filePath}: ${error.message}; requests are no longer logged`);
    });
    this.stream.on("warning", (error) => console.error(`request log ${filePath}: ${error.message}`));
  }

  /** Entries dropped because the disk fell far behind, the file could not be written, or the log was closed. */
  get dropped(): number {
    return this.droppedCount;
  }

  append(entry: RequestLogEntry): void {
    if (this.failure || this.closing || this.stream.writableLength > MAX_PENDING_BYTES) {
      this.droppedCount++;
      return;
    }
    // The same JSON as JSON.stringify of the fields in this order, built directly: this runs once per
    // request, and only the strings a client controls need escaping.
    const e = entry;
    const line =
      `{"time":"${e.time}","client":${jsonString(e.client)},"method":${jsonString(e.method)},` +
      `"path":${jsonString(redactSecrets(e.path))},"status":${e.status},"durationMs":${e.durationMs},` +
      `"bytes":${e.bytes}${e.limiter === undefined ? "" : `,"limiter":"${e.limiter}"`}` +
      // An id is a UUID or a well-formed one a balancer sent (request-id.ts): nothing in it needs escaping.
      `${e.requestId === undefined ? "" : `,"requestId":"${e.requestId}"`}` +
      `${e.events === undefined ? "" : `,"events":${e.events}`}}\n`;
    // At most three bytes per UTF-16 unit: a line that might not fit goes after what came before it.
    if (this.batchLength + line.length * 3 > BATCH_BYTES) this.flush();
    if (line.length * 3 > BATCH_BYTES) this.stream.write(line);
    else this.batchLength += this.batch.write(line, this.batchLength);
    // Best effort by design: SIGKILL loses the last few milliseconds' lines. An accepted supply post is not
    // lost with them: its stored row, committed before the response, is the ledger.
    this.flushTimer ??= setTimeout(() => this.flush(), FLUSH_AFTER_MS);
  }

  private flush(): void {
    if (this.flushTimer) clearTimeout(this.flushTimer);
    this.flushTimer = null;
    if (this.batchLength === 0) return;
    // The stream keeps the written buffer until the disk has it: the next batch gets a new one.
    this.stream.write(this.batch.subarray(0, this.batchLength));
    this.batch = Buffer.allocUnsafe(BATCH_BYTES);
    this.batchLength = 0;
  }

  /** Flushes what is buffered and closes the file. Safe to call more than once. */
  close(): Promise<void> {
    this.closing ??= new Promise<void>((resolve) => {
      if (this.stream.closed || this.stream.destroyed) {
        resolve();
        return;
      }
      this.flush();
      this.stream.once("close", () => resolve());
      this.stream.end();
    });
    return this.closing;
  }
}

/**
 * Reads a request log back, oldest first. A missing file is an empty log; a torn last line (the process
 * stopped mid-write) is skipped; any other bad line throws with its line number.
 */
export async function readRequestLog(filePath: string): Promise<RequestLogEntry[]> {
  let text: string;
  try {
    text = await readFile(filePath, "utf8");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return [];
    throw error;
  }
  return parseRequestLog(text, filePath);
}

/** The rotated files that are kept, then the current one: every line still on disk, oldest first. */
export async function readRotatedRequestLogs(filePath: string): Promise<RequestLogEntry[]> {
  let listed: string[] = [];
  try {
    listed = (await readFile(rotationHistoryFile(filePath), "utf8")).split("\n").filter((l) => l !== "");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
  }
  const entries: RequestLogEntry[] = [];
  for (const rotated of listed) {
    // The history names each file by the path the log was opened with.
    const file = path.resolve(path.dirname(filePath), path.basename(rotated));
    entries.push(...parseRequestLog(gunzipSync(await readFile(file)).toString("utf8"), file));
  }
  entries.push(...(await readRequestLog(filePath)));
  return entries;
}

function parseRequestLog(text: string, filePath: string): RequestLogEntry[] {
  const lines = text.split("\n");
  const entries: RequestLogEntry[] = [];
  lines.forEach((line, index) => {
    if (line.trim() === "") return;
    const isLast = index === lines.length - 1;
    let parsed: unknown;
    try {
      parsed = JSON.parse(line);
    } catch {
      if (isLast) return;
      throw new Error(`${filePath}:${index + 1}: not a JSON line`);
    }
    const result = RequestLogEntrySchema.safeParse(parsed);
    if (!result.success) {
      throw new Error(
        `${filePath}:${index + 1}: not a request log entry: ${result.error.issues[0]?.message}`,
      );
    }
    entries.push(result.data);
  });
  return entries;
}
