import { mkdtempSync, writeFileSync } from "node:fs";
import { readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import { RequestLog, type RequestLogEntry, readRequestLog } from "./request-log.ts";

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
    const dir = tempDir();
    // A directory where the file should be: opening it for append fails asynchronously.
    const log = new RequestLog(dir);
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
