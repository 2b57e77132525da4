// The AccessStore contract on usage (counts added per client, endpoint and minute, live streams per client
// and minute, and the review's sums over [from, to)) and on the beats of the processes alive.
import { describe, expect, it } from "vitest";
import type { AccessStore, StreamCount, UsageCount } from "../access-store.ts";
import { type AccessFixtures, MINUTE, NOW_MS, usage } from "./access-store-contract-fixtures.ts";

/** The start of the minute `i` minutes after MINUTE, in seconds. */
const m = (i: number) => MINUTE + 60 * i;
const A = "key:aaaaaaaa";
const B = "198.51.100.7";

/**
 * A's busiest minute by the sum over endpoints (minute 0: 5 + 4) is not the minute of its busiest single
 * row (minute 1: 7); around the span [m(0), m(3)) lie minutes that must not count.
 */
const REVIEWED: UsageCount[] = [
  usage(A, "/v1/coins", -1, 50),
  usage(A, "/v1/coins", 0, 3, 2, 1, 300),
  usage(A, "/v1/pairs", 0, 4, 0, 0, 40),
  usage(A, "/v1/coins", 1, 7),
  usage(B, "/v1/coins", 2, 1, 6, 0, 10),
  usage(B, "/v1/coins", 3, 100),
];

/** Streams of one client that ended in minute `i`: `n` of them, each `ms` long, 10 events and 1000 bytes a stream. */
function ended(client: string, i: number, n: number, ms: number): StreamCount {
  return {
    client,
    minute: m(i),
    streams: n,
    durationMs: n * ms,
    longestMs: ms,
    events: 10 * n,
    bytes: 1_000 * n,
  };
}

async function reviewed(fixtures: AccessFixtures): Promise<AccessStore> {
  const store = await fixtures.store();
  await store.addUsage(REVIEWED);
  return store;
}

export function describeUsageContract(fixtures: AccessFixtures): void {
  describe("usage", () => {
    it("adds counts to those stored for the same client, endpoint and minute", async () => {
      const store = await fixtures.store();
      await store.addUsage([usage(A, "/v1/coins", 0, 2, 1, 1, 20), usage(A, "/v1/coins", 0, 1, 0, 0, 5)]);
      await store.addUsage([usage(A, "/v1/coins", 0, 10, 3, 2, 1000), usage(A, "/v1/pairs", 0, 1)]);
      await store.addUsage([]);
      expect(await store.usageTotals(m(0), m(1))).toEqual([
        {
          client: A,
          endpoint: "/v1/coins",
          admitted: 13,
          refused: 4,
          errors: 3,
          bytes: 1025,
          firstMinute: m(0),
          lastMinute: m(0),
        },
        {
          client: A,
          endpoint: "/v1/pairs",
          admitted: 1,
          refused: 0,
          errors: 0,
          bytes: 100,
          firstMinute: m(0),
          lastMinute: m(0),
        },
      ]);
    });

    it("added by two stores at once loses no count", async () => {
      const database = await fixtures.database();
      const [one, two] = [await database.open(), await database.open()];
      const batch = [0, 1, 2, 3].flatMap((i) => [
        usage(A, "/v1/coins", i, 1, 1),
        usage(B, "/v1/pairs", i, 2),
      ]);
      await Promise.all(
        Array.from({ length: 10 }, (_, i) =>
          i % 2 === 0 ? one.addUsage(batch) : two.addUsage([...batch].reverse()),
        ),
      );
      expect(await one.usageMinutes(m(0), m(4), A)).toEqual(
        [0, 1, 2, 3].map((i) => ({ minute: m(i), admitted: 10, refused: 10 })),
      );
      expect(await two.usageMinutes(m(0), m(4), B)).toEqual(
        [0, 1, 2, 3].map((i) => ({ minute: m(i), admitted: 20, refused: 0 })),
      );
    });

    it("totals each client and endpoint over the minutes from ≤ minute < to", async () => {
      const store = await reviewed(fixtures);
      const totals = await store.usageTotals(m(0), m(3));
      expect(
        totals.sort((a, b) => `${a.client}${a.endpoint}`.localeCompare(`${b.client}${b.endpoint}`)),
      ).toEqual([
        {
          client: B,
          endpoint: "/v1/coins",
          admitted: 1,
          refused: 6,
          errors: 0,
          bytes: 10,
          firstMinute: m(2),
          lastMinute: m(2),
        },
        {
          client: A,
          endpoint: "/v1/coins",
          admitted: 10,
          refused: 2,
          errors: 1,
          bytes: 1000,
          firstMinute: m(0),
          lastMinute: m(1),
        },
        {
          client: A,
          endpoint: "/v1/pairs",
          admitted: 4,
          refused: 0,
          errors: 0,
          bytes: 40,
          firstMinute: m(0),
          lastMinute: m(0),
        },
      ]);
      expect(await store.usageTotals(m(4), m(10))).toEqual([]);
      expect((await store.usageTotals(m(-1), m(0))).map((t) => t.admitted)).toEqual([50]);
    });

    it("peaks each client at its busiest minute, summed over endpoints, within [from, to)", async () => {
      const store = await reviewed(fixtures);
      expect(await store.usagePeaks(m(0), m(3))).toEqual(
        new Map([
          [A, 9],
          [B, 7],
        ]),
      );
      expect(await store.usagePeaks(m(1), m(4))).toEqual(
        new Map([
          [A, 7],
          [B, 100],
        ]),
      );
      expect(await store.usagePeaks(m(5), m(9))).toEqual(new Map());
    });

    it("answers requests per minute, oldest first, summed over endpoints, of everyone or one client", async () => {
      const store = await reviewed(fixtures);
      expect(await store.usageMinutes(m(0), m(3), null)).toEqual([
        { minute: m(0), admitted: 7, refused: 2 },
        { minute: m(1), admitted: 7, refused: 0 },
        { minute: m(2), admitted: 1, refused: 6 },
      ]);
      expect(await store.usageMinutes(m(-1), m(2), A)).toEqual([
        { minute: m(-1), admitted: 50, refused: 0 },
        { minute: m(0), admitted: 7, refused: 2 },
        { minute: m(1), admitted: 7, refused: 0 },
      ]);
      expect(await store.usageMinutes(m(0), m(4), B)).toEqual([
        { minute: m(2), admitted: 1, refused: 6 },
        { minute: m(3), admitted: 100, refused: 0 },
      ]);
      expect(await store.usageMinutes(m(0), m(4), "203.0.113.1")).toEqual([]);
    });

    it("adds live streams per client and minute with the requests, keeping the longest, totalled over [from, to)", async () => {
      const store = await fixtures.store();
      // An hour-long stream of A before the span; then within it, in two writes and one with two of a key.
      await store.addUsage([], [ended(A, -1, 1, 3_600_000)]);
      await store.addUsage(
        [usage(A, "GET /v1/stream", 0, 2)],
        [ended(A, 0, 2, 60_000), ended(B, 2, 1, 5_000)],
      );
      await store.addUsage([], [ended(A, 0, 1, 600_000), ended(A, 1, 1, 1_000), ended(A, 1, 1, 2_000)]);
      // By client (B's address before A's key); A's longest is the span's, the hour before it left out.
      expect(await store.streamTotals(m(0), m(3))).toEqual([
        { client: B, streams: 1, durationMs: 5_000, longestMs: 5_000, events: 10, bytes: 1_000 },
        { client: A, streams: 5, durationMs: 723_000, longestMs: 600_000, events: 50, bytes: 5_000 },
      ]);
      expect(await store.streamTotals(m(-1), m(0))).toEqual([
        { client: A, streams: 1, durationMs: 3_600_000, longestMs: 3_600_000, events: 10, bytes: 1_000 },
      ]);
      expect(await store.streamTotals(m(3), m(9))).toEqual([]);
      // The requests written beside them.
      expect((await store.usageTotals(m(0), m(1))).map((t) => [t.endpoint, t.admitted])).toEqual([
        ["GET /v1/stream", 2],
      ]);
    });

    it("forgets the minutes before the one given, and only those", async () => {
      const store = await reviewed(fixtures);
      await store.addUsage([], [ended(A, 0, 1, 1_000), ended(A, 1, 1, 2_000)]);
      await store.deleteUsageBefore(m(1));
      expect(await store.streamTotals(m(-10), m(10))).toEqual([
        { client: A, streams: 1, durationMs: 2_000, longestMs: 2_000, events: 10, bytes: 1_000 },
      ]);
      expect((await store.usageMinutes(m(-10), m(10), null)).map((u) => u.minute)).toEqual([
        m(1),
        m(2),
        m(3),
      ]);
      expect((await store.usageTotals(m(-10), m(10))).map((t) => [t.client, t.firstMinute])).toEqual(
        expect.arrayContaining([[A, m(1)]]),
      );
    });
  });

  describe("replica beats", () => {
    it("keep each process once with its latest beat, answer those seen since a time, and forget those a day gone", async () => {
      const store = await fixtures.store();
      const beat = (id: string, seenMs: number, role = "api") => ({
        id,
        role,
        startedMs: NOW_MS - 100_000,
        seenMs,
      });
      await store.beat(beat("fresh", NOW_MS));
      await store.beat(beat("stale", NOW_MS - 30_000));
      await store.beat(beat("yesterday", NOW_MS - 20 * 3_600_000));
      await store.beat(beat("gone", NOW_MS - 2 * 86_400_000));
      expect(await store.replicasSeenSince(NOW_MS - 10_000)).toEqual([beat("fresh", NOW_MS)]);
      await store.beat(beat("stale", NOW_MS + 1_000, "ingest"));
      const seen = await store.replicasSeenSince(NOW_MS - 10_000);
      expect(seen.sort((a, b) => a.id.localeCompare(b.id))).toEqual([
        beat("fresh", NOW_MS),
        beat("stale", NOW_MS + 1_000, "ingest"),
      ]);
      // Not seen for more than a day before the time asked about: forgotten; less than a day: kept.
      expect((await store.replicasSeenSince(0)).map((r) => r.id).sort()).toEqual([
        "fresh",
        "stale",
        "yesterday",
      ]);
    });
  });
}
