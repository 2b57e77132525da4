// The usage tally on a real SQLite access store: what it counts per (client, endpoint, minute), and that a
// flush the store refuses loses nothing.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { AccessStore } from "./access-store.ts";
import { SqliteAccessStore } from "./sqlite-access-store.ts";
import { isRefusal, UsageTally } from "./usage-tally.ts";

/** 2026-11-20T12:00:00Z, in ms: the start of a minute. */
const T0 = Date.UTC(2026, 10, 20, 12, 0, 0);
const M0 = T0 / 1000;

let dir: string;
let store: SqliteAccessStore;
let logged: string[];
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), "usage-tally-"));
  store = SqliteAccessStore.open(dir);
  logged = [];
});
afterEach(async () => {
  await store.close();
  rmSync(dir, { recursive: true, force: true });
});

describe("isRefusal", () => {
  it("is over the limit (429) or a blocked address (403), nothing else", () => {
    expect([429, 403, 401, 404, 400, 500, 200].filter(isRefusal)).toEqual([429, 403]);
  });
});

describe("UsageTally", () => {
  it("counts admitted, refused, errors and bytes per client and endpoint", async () => {
    const tally = new UsageTally(store, (line) => logged.push(line));
    const answers: [string, string, number, number][] = [
      ["key:aaaa0001", "GET /v1/coins", 200, 1000],
      ["key:aaaa0001", "GET /v1/coins", 200, 1000],
      ["key:aaaa0001", "GET /v1/coins", 429, 80],
      ["key:aaaa0001", "GET /v1/quotation/{symbol}", 404, 60],
      ["198.51.100.7", "GET /v1/coins", 403, 90],
      ["198.51.100.7", "GET /v1/coins", 500, 50],
      ["198.51.100.7", "GET /v1/coins", 401, 70],
    ];
    for (const [client, endpoint, status, bytes] of answers)
      tally.add(client, endpoint, T0 + 5_000, status, bytes);
    await tally.flush();
    const totals = await store.usageTotals(M0, M0 + 60);
    const of = (client: string, endpoint: string) =>
      totals.find((t) => t.client === client && t.endpoint === endpoint);
    expect(of("key:aaaa0001", "GET /v1/coins")).toMatchObject({
      admitted: 2,
      refused: 1,
      errors: 0,
      bytes: 2080,
    });
    // A 404 is admitted (it spent the budget) and an error.
    expect(of("key:aaaa0001", "GET /v1/quotation/{symbol}")).toMatchObject({
      admitted: 1,
      refused: 0,
      errors: 1,
      bytes: 60,
    });
    // 403 refused; 500 and 401 errors.
    expect(of("198.51.100.7", "GET /v1/coins")).toMatchObject({
      admitted: 2,
      refused: 1,
      errors: 2,
      bytes: 210,
    });
    expect(totals).toHaveLength(3);
    expect(logged).toEqual([]);
  });

  it("puts each request in the minute it was answered in", async () => {
    const tally = new UsageTally(store, () => undefined);
    for (const ms of [T0, T0 + 59_999, T0 + 60_000, T0 + 119_999, T0 + 180_000])
      tally.add("key:aaaa0001", "GET /v1/coins", ms, 200, 10);
    tally.add("key:aaaa0001", "GET /v1/coins", T0 + 60_001, 429, 10);
    await tally.flush();
    expect(await store.usageMinutes(M0, M0 + 240, null)).toEqual([
      { minute: M0, admitted: 2, refused: 0 },
      { minute: M0 + 60, admitted: 2, refused: 1 },
      { minute: M0 + 180, admitted: 1, refused: 0 },
    ]);
  });

  it("adds each flush to what is stored, and sends nothing twice", async () => {
    const tally = new UsageTally(store, () => undefined);
    tally.add("a", "GET /v1/coins", T0, 200, 10);
    await Promise.all([tally.flush(), tally.flush()]);
    tally.add("a", "GET /v1/coins", T0, 200, 10);
    await tally.close();
    expect(await store.usageMinutes(M0, M0 + 60, "a")).toEqual([{ minute: M0, admitted: 2, refused: 0 }]);
  });

  it("counts each live stream in the minute it ended: how many, total and longest time, events, bytes", async () => {
    const tally = new UsageTally(store, () => undefined);
    tally.addStream("key:aaaa0001", T0 + 1_000, 59_000.4, 120, 48_000);
    tally.addStream("key:aaaa0001", T0 + 59_999, 3_600_000, 5_000, 2_000_000);
    tally.addStream("key:aaaa0001", T0 + 60_000, 10, 1, 400);
    tally.addStream("198.51.100.7", T0, 2_500.6, 3, 900);
    await tally.flush();
    expect(await store.streamTotals(M0, M0 + 60)).toEqual([
      { client: "198.51.100.7", streams: 1, durationMs: 2_501, longestMs: 2_501, events: 3, bytes: 900 },
      {
        client: "key:aaaa0001",
        streams: 2,
        durationMs: 3_659_000,
        longestMs: 3_600_000,
        events: 5_120,
        bytes: 2_048_000,
      },
    ]);
    expect((await store.streamTotals(M0 + 60, M0 + 120)).map((t) => [t.client, t.streams])).toEqual([
      ["key:aaaa0001", 1],
    ]);
  });

  it("keeps the streams of a flush the store refuses, and stores them with the next", async () => {
    let failures = 1;
    const flaky = new Proxy(store, {
      get(target, name, receiver) {
        if (name === "addUsage" && failures > 0) {
          return async () => {
            failures--;
            throw new Error("database is locked");
          };
        }
        const value = Reflect.get(target, name, receiver);
        return typeof value === "function" ? value.bind(target) : value;
      },
    }) as AccessStore;
    const tally = new UsageTally(flaky, (line) => logged.push(line));
    tally.addStream("a", T0, 5_000, 10, 100);
    await tally.flush();
    expect(await store.streamTotals(M0, M0 + 60)).toEqual([]);
    tally.addStream("a", T0 + 1_000, 9_000, 1, 50);
    await tally.flush();
    expect(await store.streamTotals(M0, M0 + 60)).toEqual([
      { client: "a", streams: 2, durationMs: 14_000, longestMs: 9_000, events: 11, bytes: 150 },
    ]);
    expect(logged).toEqual([
      "usage: 1 counts not stored yet (Error: database is locked); retrying at the next flush",
    ]);
  });

  it("keeps the counts of a flush the store refuses, and stores them with the next", async () => {
    let failures = 1;
    // The real store, refusing one write as a locked or unreachable database would.
    const flaky = new Proxy(store, {
      get(target, name, receiver) {
        if (name === "addUsage" && failures > 0) {
          return async () => {
            failures--;
            throw new Error("database is locked");
          };
        }
        const value = Reflect.get(target, name, receiver);
        return typeof value === "function" ? value.bind(target) : value;
      },
    }) as AccessStore;
    const tally = new UsageTally(flaky, (line) => logged.push(line));
    tally.add("a", "GET /v1/coins", T0, 200, 10);
    tally.add("a", "GET /v1/coins", T0, 429, 10);
    tally.add("b", "GET /v1/pairs", T0 + 60_000, 200, 10);
    await tally.flush();
    expect(await store.usageTotals(M0, M0 + 120)).toEqual([]);
    expect(logged).toEqual([
      "usage: 2 counts not stored yet (Error: database is locked); retrying at the next flush",
    ]);
    // Counted meanwhile, for a count already waiting and a new one.
    tally.add("a", "GET /v1/coins", T0 + 1_000, 200, 10);
    tally.add("c", "GET /v1/coins", T0, 200, 10);
    await tally.flush();
    expect(await store.usageMinutes(M0, M0 + 120, "a")).toEqual([{ minute: M0, admitted: 2, refused: 1 }]);
    expect(await store.usageMinutes(M0, M0 + 120, "b")).toEqual([
      { minute: M0 + 60, admitted: 1, refused: 0 },
    ]);
    expect(await store.usageMinutes(M0, M0 + 120, "c")).toEqual([{ minute: M0, admitted: 1, refused: 0 }]);
    const [a] = (await store.usageTotals(M0, M0 + 120)).filter((t) => t.client === "a");
    expect(a?.bytes).toBe(30);
    expect(logged).toHaveLength(1);
  });
});
