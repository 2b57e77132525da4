import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { FaultLog } from "./fault-log.ts";
import { createLogger } from "./logger.ts";

beforeEach(() => {
  vi.useFakeTimers({ now: Date.UTC(2026, 10, 22, 12, 0, 0) });
});
afterEach(() => {
  vi.useRealTimers();
});

/** Errors thrown from one place: the same kind every time. */
function failAt(message: string): Error {
  return new TypeError(message);
}
function failElsewhere(message: string): Error {
  return new TypeError(message);
}

function faultLog(options: { maxKinds?: number } = {}) {
  const lines: string[] = [];
  const log = new FaultLog({ periodMs: 60_000, print: (text) => lines.push(text), ...options });
  return { log, lines };
}

describe("FaultLog", () => {
  it("prints a fault's stack once and its repeats as one count at the end of the period", () => {
    const { log, lines } = faultLog();
    for (let i = 0; i < 500; i++) log.report(failAt("x is undefined"), "GET /v1/coins");
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^fault in GET \/v1\/coins: TypeError: x is undefined\n\s+at failAt /);

    vi.advanceTimersByTime(59_999);
    expect(lines).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(lines).toHaveLength(2);
    expect(lines[1]).toBe("fault repeated 499 more times in the last 60 s: TypeError: x is undefined");
  });

  it("keeps counting a fault that goes on, and prints its stack again after a quiet period", () => {
    const { log, lines } = faultLog();
    log.report(failAt("boom"));
    vi.advanceTimersByTime(30_000);
    log.report(failAt("boom"));
    vi.advanceTimersByTime(30_000);
    expect(lines.at(-1)).toBe("fault repeated 1 more time in the last 60 s: TypeError: boom");
    for (let i = 0; i < 3; i++) log.report(failAt("boom"));
    vi.advanceTimersByTime(60_000);
    expect(lines.at(-1)).toBe("fault repeated 3 more times in the last 60 s: TypeError: boom");
    expect(lines.filter((line) => line.includes("at failAt"))).toHaveLength(1);

    // A period without it: forgotten, so its next occurrence shows the stack again.
    vi.advanceTimersByTime(60_000);
    expect(lines).toHaveLength(3);
    log.report(failAt("boom"));
    expect(lines).toHaveLength(4);
    expect(lines[3]).toContain("at failAt");
    // Nothing repeated: no count line follows.
    vi.advanceTimersByTime(120_000);
    expect(lines).toHaveLength(4);
  });

  it("tells faults apart by message and by where they were thrown", () => {
    const { log, lines } = faultLog();
    log.report(failAt("one"));
    log.report(failAt("two"));
    log.report(failElsewhere("one"));
    log.report(failAt("one"));
    log.report("a thrown string");
    log.report("a thrown string");
    expect(lines).toHaveLength(4);
    expect(lines[2]).toContain("at failElsewhere");
    expect(lines[3]).toBe("fault: thrown a thrown string");
    vi.advanceTimersByTime(60_000);
    expect(lines.slice(4).sort()).toEqual([
      "fault repeated 1 more time in the last 60 s: TypeError: one",
      "fault repeated 1 more time in the last 60 s: thrown a thrown string",
    ]);
  });

  it("tracks a bounded number of kinds and counts the others together", () => {
    const { log, lines } = faultLog({ maxKinds: 2 });
    for (let i = 0; i < 10; i++) log.report(failAt(`fault #${i}`));
    expect(lines).toHaveLength(2);
    vi.advanceTimersByTime(60_000);
    expect(lines.at(-1)).toBe("8 more faults of other kinds (over 2 kinds at once)");
  });

  it("prints what it counted when flushed at shutdown", () => {
    const { log, lines } = faultLog();
    log.report(failAt("late"));
    vi.advanceTimersByTime(12_000);
    log.report(failAt("late"));
    log.flush();
    expect(lines.at(-1)).toBe("fault repeated 1 more time in the last 12 s: TypeError: late");
    vi.advanceTimersByTime(120_000);
    expect(lines).toHaveLength(2);
  });
});

describe("FaultLog in the service's log", () => {
  it("writes a fault as an error record with its stack, where and request id, and its repeats as a count", () => {
    const written: string[] = [];
    const logger = createLogger({ destination: { write: (text) => written.push(text) } });
    const log = new FaultLog({ periodMs: 60_000, logger });
    log.report(failAt("x is undefined"), "GET /v1/coins", "req-41");
    log.report(failAt("x is undefined"), "GET /v1/coins", "req-42");
    log.report("a thrown string", "POST /v1/supply");
    vi.advanceTimersByTime(60_000);
    const records = written.map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(records).toHaveLength(3);
    expect(records[0]).toMatchObject({
      level: "error",
      time: "2026-11-22T12:00:00.000Z",
      msg: "fault in GET /v1/coins: TypeError: x is undefined",
      where: "GET /v1/coins",
      requestId: "req-41",
      err: { type: "TypeError", message: "x is undefined" },
    });
    expect(JSON.stringify(records[0]?.err)).toMatch(/\\n\s+at failAt /);
    expect(records[1]).toMatchObject({ level: "error", thrown: "a thrown string", where: "POST /v1/supply" });
    expect(records[2]).toMatchObject({
      level: "error",
      msg: "fault repeated 1 more time in the last 60 s: TypeError: x is undefined",
      fault: "TypeError: x is undefined",
      repeats: 1,
    });
  });
});
