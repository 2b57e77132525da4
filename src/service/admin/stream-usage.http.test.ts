// The live streams in the usage review, through the real service and its store: a key and a keyless
// address open streams; the review shows who holds them now and for how long (a fourth refused, no
// stream); once they end, how many, their total and longest time, events and bytes, equal to what the
// readers received and to the request log's lines; the hour forgets them when the day keeps them, a
// restart keeps them, and `npm run usage` prints the same (not knowing the open ones).
import { execFile } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ClientUsage, IssuedKey, UsageReview } from "../../interface/admin.ts";
import { MAX_STREAMS_PER_CLIENT } from "../http/routes/stream.ts";
import { readRequestLog } from "../ops/request-log.ts";
import { adminJson, issueKey } from "../testing/admin-requests.ts";
import { openStream, type StreamReader } from "../testing/sse-client.ts";
import { startTestService, TEST_NOW, type TestService } from "../testing/test-service.ts";

const CLI = fileURLToPath(new URL("../usage-cli.ts", import.meta.url));
const dataDir = mkdtempSync(join(tmpdir(), "stream-usage-"));
const FLAGS = ["--market-coins", "BTC,ETH", "--rate-limit", "10"];

let service: TestService;
let app: IssuedKey;
const readers: StreamReader[] = [];

beforeAll(async () => {
  service = await startTestService(FLAGS, { dataDir });
  app = await issueKey(service, { name: "Streaming app", limit: 100 });
});
afterAll(async () => {
  for (const reader of readers) reader.close();
  await service?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

const review = (period = "hour") => adminJson<UsageReview>(service, "GET", `/admin/usage?period=${period}`);
const keyClient = () => `key:${app.key.fingerprint}`;
const of = (r: UsageReview, client: string) => r.clients.find((c) => c.client === client);
/** The keyless client: the test's own address, whichever loopback it came from. */
const keyless = (r: UsageReview) => r.clients.find((c) => c.keyId === null);

async function stream(query: string, key: IssuedKey | null): Promise<StreamReader> {
  const reader = await openStream(service.port, query, key === null ? {} : { "X-Api-Key": key.secret });
  readers.push(reader);
  return reader;
}

async function opened(query: string, key: IssuedKey | null): Promise<StreamReader> {
  const reader = await stream(query, key);
  expect(reader.status, reader.refusal).toBe(200);
  await reader.next((e) => e.event === "open");
  return reader;
}

/** Moves the market on by `ms` in steps the simulator's 100 ms tick can follow, so prices are sent. */
async function trade(ms: number): Promise<void> {
  for (let moved = 0; moved < ms; moved += 1_000) {
    service.marketClock.advance(1_000);
    await new Promise((resolve) => setTimeout(resolve, 120));
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The review once `done` holds of it (the service sees a closed stream go within moments). */
async function reviewWhen(done: (r: UsageReview) => boolean, period = "hour"): Promise<UsageReview> {
  const end = performance.now() + 5_000;
  for (;;) {
    const r = await review(period);
    if (done(r) || performance.now() > end) return r;
    await sleep(50);
  }
}

describe("the live streams in the usage review", () => {
  let keyed: StreamReader[] = [];
  let bare: StreamReader;

  it("shows who holds streams open now and for how long; a refused fourth is no stream", async () => {
    keyed = [];
    for (let i = 0; i < MAX_STREAMS_PER_CLIENT; i++) keyed.push(await opened("prices=BTC", app));
    bare = await opened("prices=ETH", null);
    const refused = await stream("prices=BTC", app);
    await refused.ended;
    expect(refused.status).toBe(429);
    await sleep(400);

    const now = await review();
    const held = of(now, keyClient()) as ClientUsage;
    expect(held.streams).toEqual({
      streams: 0,
      seconds: 0,
      longestSeconds: 0,
      events: 0,
      bytes: 0,
      open: MAX_STREAMS_PER_CLIENT,
      openSeconds: expect.any(Number),
    });
    expect(held.streams?.openSeconds).toBeGreaterThanOrEqual(0.4);
    expect(held.streams?.openSeconds).toBeLessThan(30);
    // The refusal is a request (counted at once); the open streams' requests are counted as they end.
    expect(held.endpoints).toEqual([{ endpoint: "GET /v1/stream", admitted: 0, refused: 1 }]);
    expect(keyless(now)?.streams).toMatchObject({ streams: 0, open: 1 });
    expect(keyless(now)?.admitted).toBe(0);
  });

  it("counts each stream as it ends: how many, total and longest time, events and bytes, as read and logged", async () => {
    await trade(5_000);
    for (const reader of [...keyed, bare]) await reader.next((e) => e.event === "price");
    // The market stands still now: nothing more is sent, so what was read is what was sent.
    await sleep(600);
    const sent = (readers: StreamReader[]) => ({
      events: readers.reduce((sum, r) => sum + r.events.length, 0),
      bytes: readers.reduce((sum, r) => sum + r.bytes, 0),
    });
    const keyedSent = sent(keyed);
    const bareSent = sent([bare]);
    // One of the key's ends first, the others a while later.
    keyed[0]?.close();
    await sleep(300);
    for (const reader of [...keyed.slice(1), bare]) reader.close();

    const after = await reviewWhen(
      (r) => of(r, keyClient())?.streams?.open === 0 && keyless(r)?.streams?.open === 0,
    );
    const held = of(after, keyClient()) as ClientUsage;
    // The request log's lines of the streams (written every 25 ms) give each one's duration.
    await sleep(200);
    const lines = (await readRequestLog(`${service.dataDir}/requests.log`)).filter(
      (l) => l.path.startsWith("/v1/stream?") && l.events !== undefined,
    );
    const keyedLines = lines.filter((l) => l.client === keyClient());
    expect(keyedLines).toHaveLength(MAX_STREAMS_PER_CLIENT);
    const durations = keyedLines.map((l) => l.durationMs);
    expect(held.streams).toEqual({
      streams: MAX_STREAMS_PER_CLIENT,
      seconds: expect.closeTo(durations.reduce((a, b) => a + b, 0) / 1000, 2),
      longestSeconds: expect.closeTo(Math.max(...durations) / 1000, 2),
      events: keyedSent.events,
      bytes: keyedSent.bytes,
      open: 0,
      openSeconds: 0,
    });
    expect(keyedLines.reduce((sum, l) => sum + (l.events ?? 0), 0)).toBe(keyedSent.events);
    // Three streams open together, one closed first: the longest is at least a third of their total.
    expect(held.streams?.longestSeconds).toBeGreaterThanOrEqual((held.streams?.seconds ?? 0) / 3);
    // Each stream is a request admitted, its bytes part of the client's.
    expect(held.endpoints).toEqual([{ endpoint: "GET /v1/stream", admitted: 3, refused: 1 }]);
    expect(held.bytes).toBeGreaterThanOrEqual(keyedSent.bytes);
    expect(keyless(after)?.streams).toMatchObject({ streams: 1, open: 0, ...bareSent });
    expect(keyless(after)?.admitted).toBe(1);
  });

  it("leaves out of the hour the streams that ended before it, which the day and a restart keep", async () => {
    const day = await review("day");
    service.wallClock.set(TEST_NOW + 3_600_000 + 60_000);
    expect(of(await review("hour"), keyClient())).toBeUndefined();
    const later = await review("day");
    expect(later.clients).toEqual(day.clients);
    await service.stop();
    service = await startTestService(FLAGS, { dataDir, now: TEST_NOW + 3_600_000 + 60_000 });
    expect((await review("day")).clients).toEqual(day.clients);
  });

  it("is what npm run usage prints, which cannot know the streams open now", async () => {
    const api = await review("day");
    const usage = (json: boolean) =>
      new Promise<{ stdout: string; code: number }>((resolve) => {
        const env = { ...process.env, DATA_DIR: "", DATABASE_URL: "", ROLE: "" };
        const until = new Date(TEST_NOW + 3_600_000 + 60_000).toISOString();
        const args = ["--import", "tsx", CLI, "--since", "day", "--until", until, "--data-dir", dataDir];
        execFile(process.execPath, json ? [...args, "--json"] : args, { env }, (error, out) =>
          resolve({ stdout: out, code: error ? Number(error.code ?? 1) : 0 }),
        );
      });
    const [asJson, asTable] = await Promise.all([usage(true), usage(false)]);
    expect(asJson.code).toBe(0);
    expect((JSON.parse(asJson.stdout) as UsageReview).clients).toEqual(
      api.clients.map((client) => ({
        ...client,
        streams: client.streams && { ...client.streams, open: null, openSeconds: null },
      })),
    );
    // Under the clients' table, the streams': the longest streaming first, the key's three.
    expect(asTable.code).toBe(0);
    const streams = asTable.stdout.split("\n\nLive streams that ended")[1]?.trim().split("\n") ?? [];
    expect(streams[0]).toBe("(each counted as it ends; the console shows those open now)");
    expect(streams[2]?.split(/\s{2,}/)).toEqual([
      "CLIENT",
      "STREAMS",
      "TOTAL TIME",
      "LONGEST",
      "EVENTS",
      "BYTES",
    ]);
    const held = of(api, keyClient())?.streams;
    expect(streams[3]?.split(/\s{2,}/)).toEqual([
      `Streaming app (${keyClient()})`,
      "3",
      `${Math.round(held?.seconds ?? 0)} s`,
      `${Math.round(held?.longestSeconds ?? 0)} s`,
      String(held?.events),
      String(held?.bytes),
    ]);
    expect(streams).toHaveLength(5);
  });
});
