import {
  chmodSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  statSync,
  utimesSync,
  writeFileSync,
} from "node:fs";
import { readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { gunzipSync } from "node:zlib";
import fc from "fast-check";
import { afterEach, describe, expect, it, vi } from "vitest";
import {
  RequestLog,
  type RequestLogEntry,
  readRequestLog,
  readRotatedRequestLogs,
  rotationHistoryFile,
} from "./request-log.ts";

const dirs: string[] = [];
function tempDir(): string {
  const dir = mkdtempSync(path.join(tmpdir(), "request-log-"));
  dirs.push(dir);
  return dir;
}
afterEach(async () => {
  await Promise.all(dirs.splice(0).map((dir) => rm(dir, { recursive: true, force: true })));
});

function entry(i: number): RequestLogEntry {
  return {
    time: new Date(Date.UTC(2026, 10, 22, 9, 24, i)).toISOString(),
    client: `key:${i % 3}`,
    method: i % 2 ? "GET" : "POST",
    path: `/v1/quotation/BTC?i=${i}&q="x"`,
    status: 200 + i,
    durationMs: i / 7,
    bytes: i * 100,
  };
}

describe("RequestLog", () => {
  it("writes entries as JSON lines, in order, creating the directories", async () => {
    const file = path.join(tempDir(), "nested", "deeper", "requests.jsonl");
    const log = new RequestLog(file);
    const entries = Array.from({ length: 1_000 }, (_, i) => entry(i));
    for (const e of entries) log.append(e);
    await log.close();
    expect(await readRequestLog(file)).toEqual(entries);
    expect(log.dropped).toBe(0);
  });

  it("writes each line as JSON.stringify would, whatever the client and path hold", async () => {
    const file = path.join(tempDir(), "requests.jsonl");
    const log = new RequestLog(file);
    const entries: RequestLogEntry[] = fc.sample(
      fc.record({
        time: fc.constant("2026-11-29T10:00:00.000Z"),
        client: fc.string({ unit: "binary" }),
        method: fc.constantFrom("GET", "POST", 'M"\\X'),
        // No '?': the query's secret-looking values are redacted, which the test below covers.
        path: fc.string({ unit: "binary" }).map((p) => `/${p.replaceAll("?", "")}`),
        status: fc.integer({ min: 100, max: 599 }),
        durationMs: fc.double({ min: 0, max: 1e6, noNaN: true }),
        bytes: fc.nat(),
        requestId: fc.constant("2kj-q8R1SjBv-1"),
      }),
      { numRuns: 500, seed: 20261129 },
    );
    // Lines longer than a batch of lines (64 KiB, at three bytes per character), between shorter ones.
    const long = (entries[0] as RequestLogEntry).path;
    entries.splice(100, 0, { ...(entries[0] as RequestLogEntry), path: `/${"é".repeat(30_000)}${long}` });
    entries.splice(300, 0, { ...(entries[0] as RequestLogEntry), path: `/${"x".repeat(21_000)}` });
    for (const e of entries) log.append(e);
    await log.close();
    const expected = `${entries.map((e) => JSON.stringify(e)).join("\n")}\n`;
    expect(await readFile(file, "utf8")).toBe(expected);
  });

  it("appends when a second RequestLog opens the same file", async () => {
    const file = path.join(tempDir(), "requests.jsonl");
    const first = new RequestLog(file);
    first.append(entry(1));
    first.append(entry(2));
    await first.close();
    const second = new RequestLog(file);
    second.append(entry(3));
    await second.close();
    expect(await readRequestLog(file)).toEqual([entry(1), entry(2), entry(3)]);
  });

  it("keeps only the known fields, one object per line", async () => {
    const file = path.join(tempDir(), "requests.jsonl");
    const log = new RequestLog(file);
    log.append({ ...entry(0), secret: "do-not-log" } as RequestLogEntry);
    await log.close();
    const text = await readFile(file, "utf8");
    expect(text.endsWith("\n")).toBe(true);
    expect(text.split("\n")).toHaveLength(2);
    expect(text).not.toContain("do-not-log");
    expect(Object.keys(JSON.parse(text))).toEqual([
      "time",
      "client",
      "method",
      "path",
      "status",
      "durationMs",
      "bytes",
    ]);
  });

  it("drops entries after close and closes only once", async () => {
    const file = path.join(tempDir(), "requests.jsonl");
    const log = new RequestLog(file);
    log.append(entry(1));
    await Promise.all([log.close(), log.close()]);
    log.append(entry(2));
    await log.close();
    expect(log.dropped).toBe(1);
    expect(await readRequestLog(file)).toEqual([entry(1)]);
  });

  it("survives a file it cannot write", async () => {
    const file = path.join(tempDir(), "requests.log");
    // A directory where the file should be: opening it for append fails asynchronously.
    mkdirSync(file);
    const log = new RequestLog(file);
    const consoleError = vi.spyOn(console, "error").mockImplementation(() => {});
    try {
      log.append(entry(1));
      await log.close();
      log.append(entry(2));
      expect(consoleError).toHaveBeenCalledTimes(1);
    } finally {
      consoleError.mockRestore();
    }
    expect(log.dropped).toBeGreaterThanOrEqual(1);
  });
});

describe("readRequestLog", () => {
  it("reads a missing file as an empty log", async () => {
    expect(await readRequestLog(path.join(tempDir(), "none.jsonl"))).toEqual([]);
  });

  it("skips a torn last line and rejects a bad line in the middle", async () => {
    const file = path.join(tempDir(), "requests.jsonl");
    writeFileSync(file, `${JSON.stringify(entry(1))}\n{"time":"2026-`);
    expect(await readRequestLog(file)).toEqual([entry(1)]);
    writeFileSync(file, `${JSON.stringify(entry(1))}\nnot json\n${JSON.stringify(entry(2))}\n`);
    await expect(readRequestLog(file)).rejects.toThrow(":2:");
    writeFileSync(file, `${JSON.stringify({ time: "x" })}\n`);
    await expect(readRequestLog(file)).rejects.toThrow(":1:");
  });
});

const mode = (file: string) => statSync(file).mode & 0o777;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe("RequestLog keeps secrets out", () => {
  const secret = "wk-Zq81-secret-value_0123456789";

  it("writes no value of a key-like query parameter, whatever its spelling", async () => {
    const file = path.join(tempDir(), "requests.log");
    const log = new RequestLog(file);
    const queries = [
      `key=${secret}`,
      `apikey=${secret}`,
      `API_KEY=${secret}`,
      `x-api-key=${secret}`,
      `WriteKey=${secret}`,
      `access_token=${secret}`,
      `password=${secret}`,
      `Authorization=Bearer%20${secret}`,
      `%6B%65%79=${secret}`,
      `Symbol=ETH&token=${secret}&CirculatingSupply=1`,
    ];
    for (const [i, query] of queries.entries()) log.append({ ...entry(i), path: `/v1/supply?${query}` });
    await log.close();
    const text = await readFile(file, "utf8");
    expect(text).not.toContain(secret);
    const paths = (await readRequestLog(file)).map((e) => e.path);
    expect(paths[0]).toBe("/v1/supply?key=[redacted]");
    expect(paths[9]).toBe("/v1/supply?Symbol=ETH&token=[redacted]&CirculatingSupply=1");
    expect(paths.every((p) => p.includes("[redacted]"))).toBe(true);
  });

  it("creates the directory, the log and its history owner-only, and narrows a wider existing log", async () => {
    const dir = path.join(tempDir(), "data");
    const file = path.join(dir, "requests.log");
    const first = new RequestLog(file);
    first.append(entry(1));
    await first.close();
    expect(mode(dir)).toBe(0o700);
    expect(mode(file)).toBe(0o600);
    expect(mode(rotationHistoryFile(file))).toBe(0o600);

    chmodSync(file, 0o644);
    const second = new RequestLog(file);
    await second.close();
    expect(mode(file)).toBe(0o600);
  });
});

describe("RequestLog rotation", () => {
  /** Appends `batches` × `perBatch` entries, letting each batch reach the file before the next. */
  async function writeBatches(
    log: RequestLog,
    batches: number,
    perBatch: number,
  ): Promise<RequestLogEntry[]> {
    const written: RequestLogEntry[] = [];
    for (let b = 0; b < batches; b++) {
      for (let i = 0; i < perBatch; i++) {
        const e = entry(written.length);
        written.push(e);
        log.append(e);
      }
      await sleep(40);
    }
    await log.close();
    return written;
  }

  const rotatedFiles = (dir: string) => readdirSync(dir).filter((name) => name.endsWith(".gz"));

  it("rotates by size into gzipped files and loses no line across rotations", async () => {
    const dir = tempDir();
    const file = path.join(dir, "requests.log");
    // Each batch of 20 lines (about 3 KB) passes the 2,000-byte limit, so every batch ends a file.
    const written = await writeBatches(new RequestLog(file, { maxBytes: 2_000, keep: 100 }), 8, 20);
    const rotated = rotatedFiles(dir);
    expect(rotated.length).toBeGreaterThanOrEqual(7);
    const today = new Date().toISOString().slice(0, 10);
    for (const name of rotated) {
      expect(name).toMatch(new RegExp(`^requests\\.log\\.${today}\\.\\d+\\.gz$`));
      expect(mode(path.join(dir, name))).toBe(0o600);
      // Real gzip, whole lines, at the fastest level (the header's XFL byte is 4 for it, 0 for the default).
      const gzipped = readFileSync(path.join(dir, name));
      expect(gunzipSync(gzipped).toString("utf8")).toMatch(/^(\{.*\}\n)+$/);
      expect(gzipped[8]).toBe(4);
    }
    expect(await readRotatedRequestLogs(file)).toEqual(written);
  });

  it("keeps only the newest `keep` rotated files", async () => {
    const dir = tempDir();
    const file = path.join(dir, "requests.log");
    const written = await writeBatches(new RequestLog(file, { maxBytes: 2_000, keep: 3 }), 8, 20);
    expect(rotatedFiles(dir)).toHaveLength(3);
    const kept = await readRotatedRequestLogs(file);
    // What is left is the newest lines, none missing in between.
    expect(kept.length).toBeGreaterThanOrEqual(3 * 20);
    expect(kept).toEqual(written.slice(written.length - kept.length));
  });

  it("rotates a log last written on an earlier day at start, named by that day", async () => {
    const dir = tempDir();
    const file = path.join(dir, "requests.log");
    writeFileSync(file, `${JSON.stringify(entry(1))}\n`);
    const twoDaysAgo = new Date(Date.now() - 2 * 86_400_000);
    utimesSync(file, twoDaysAgo, twoDaysAgo);
    const log = new RequestLog(file);
    log.append(entry(2));
    await log.close();
    expect(rotatedFiles(dir)).toEqual([`requests.log.${twoDaysAgo.toISOString().slice(0, 10)}.1.gz`]);
    expect(await readRequestLog(file)).toEqual([entry(2)]);
    expect(await readRotatedRequestLogs(file)).toEqual([entry(1), entry(2)]);
  });
});
