// The request log: one JSON object per line, appended through a buffered write stream so the request path
// never waits on the disk. Lines are gathered for a few milliseconds and written together: one write per
// request was the service's largest cost under load. `readRequestLog` reads it back for tests and tooling.
import fs from "node:fs";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { z } from "zod";

export const RequestLogEntrySchema = z.object({
  /** RFC 3339 time the request arrived. */
  time: z.string(),
  /** Who asked: pass a key fingerprint or an address, never a raw API key. */
  client: z.string(),
  method: z.string(),
  /** Path with the query string. */
  path: z.string(),
  status: z.number().int(),
  durationMs: z.number(),
  bytes: z.number(),
});
export type RequestLogEntry = z.infer<typeof RequestLogEntrySchema>;

/** Above this many bytes waiting for the disk, entries are dropped (and counted) rather than buffered. */
const MAX_PENDING_BYTES = 16 * 1024 * 1024;
/** How long lines gather before they are written. */
const FLUSH_AFTER_MS = 25;

export class RequestLog {
  readonly filePath: string;
  private droppedCount = 0;
  private readonly stream: fs.WriteStream;
  private failure: Error | null = null;
  private closing: Promise<void> | null = null;
  private batch: string[] = [];
  private flushTimer: NodeJS.Timeout | null = null;

  constructor(filePath: string) {
    this.filePath = filePath;
    // Runs once at start-up, never on the request path.
    fs.mkdirSync(path.dirname(filePath), { recursive: true });
    this.stream = fs.createWriteStream(filePath, { flags: "a", encoding: "utf8" });
    // Without a listener a write error would crash the process; a broken log must not take the service down.
    this.stream.on("error", (error) => {
      if (this.failure) return;
      this.failure = error;
      console.error(`request log ${filePath}: ${error.message}; requests are no longer logged`);
    });
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
    // The same JSON as JSON.stringify of the seven fields in this order, built directly: this runs once per
    // request, and only the strings a client controls need escaping.
    const e = entry;
    this.batch.push(
      `{"time":"${e.time}","client":${JSON.stringify(e.client)},"method":${JSON.stringify(e.method)},` +
        `"path":${JSON.stringify(e.path)},"status":${e.status},"durationMs":${e.durationMs},"bytes":${e.bytes}}\n`,
    );
    this.flushTimer ??= setTimeout(() => this.flush(), FLUSH_AFTER_MS);
  }

  private flush(): void {
    if (this.flushTimer) clearTimeout(this.flushTimer);
    this.flushTimer = null;
    if (this.batch.length === 0) return;
    this.stream.write(this.batch.join(""));
    this.batch = [];
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
