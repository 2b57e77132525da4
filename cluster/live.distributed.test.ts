// The live stream on the cluster: a client following GET /v1/stream through HAProxy loses the replica that
// serves it (SIGKILL, then SIGTERM on another), reconnects through HAProxy with Last-Event-ID, lands on
// another replica, and over the cut reads every trades batch and block close exactly once: the same events,
// by id and content, as a client that stayed on a surviving replica over the same span. And HAProxy, as
// `npm run cluster` configures it, passes a stream as it is written, the heartbeat too, with idle timeouts
// the heartbeat outlasts. A stream's subjects change through HAProxy whichever replica each change lands on.
// The market runs 60× real time: a block closes every 2 s, so blocks cross the cuts.
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { UsageReview } from "../src/interface/admin.ts";
import { hashSecret } from "../src/service/access/access-list.ts";
import { compareEventIds } from "../src/service/live/live-event.ts";
import { HEARTBEAT_MS } from "../src/service/live/live-stream.ts";
import { lacksServers } from "../src/service/testing/servers/binaries.ts";
import { haproxyConfig } from "../src/service/testing/servers/haproxy-server.ts";
import {
  followStream,
  openStream,
  type ReadEvent,
  type StreamFollower,
  type StreamReader,
} from "../src/service/testing/sse-client.ts";
import { operatorOn } from "./admin-probes.ts";
import { type Cluster, startCluster } from "./cluster-processes.ts";
import type { ServiceProcess } from "./service-process.ts";

/** A key without limit for each client (a client holds 3 streams at most: each its own key). */
const KEYS = {
  heartbeat: "live-heartbeat-key-0123456789",
  killed: "live-killed-key-0123456789",
  killedPeer: "live-killed-peer-key-0123456789",
  stopped: "live-stopped-key-0123456789",
  stoppedPeer: "live-stopped-peer-key-0123456789",
  moved: "live-moved-key-0123456789",
};
const SETTINGS = {
  MARKET_SOURCE: "simulator",
  HISTORY_DAYS: "1",
  MARKET_COINS: "BTC,ETH",
  MARKET_SPEED: "60",
  RATE_LIMIT: "5",
  // Finding the replica that holds a stream asks each one's usage review, over and over.
  ADMIN_RATE_LIMIT: "10000",
  API_KEYS: Object.values(KEYS)
    .map((key) => `${key}:0`)
    .join(","),
};
/** What the followers follow: BTC's price (so every block close has a series for them) and four trades. */
const SUBJECTS = {
  prices: ["BTC"],
  trades: [
    { symbol: "BTC", exchange: "Binance" },
    { symbol: "BTC", exchange: "Coinbase" },
    { symbol: "ETH", exchange: "Binance" },
    { symbol: "ETH", exchange: "Kraken" },
  ],
  candles: [],
};
const QUERY = `prices=BTC&trades=${SUBJECTS.trades.map((t) => `${t.symbol}:${t.exchange}`).join(",")}`;
const HOST = "127.0.0.1";

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const keyed = (key: string) => ({ "X-Api-Key": key });
/** The events never merged: those with an `id:` line, the points a resume continues from. */
const resumable = <E extends ReadEvent>(events: readonly E[]) => events.filter((e) => e.id !== undefined);
const idMs = (id: string) => Number(id.split("-")[0]);

describe.skipIf(lacksServers("the live stream's distributed tests"))("the live stream on the cluster", () => {
  let cluster: Cluster;
  let admin: ReturnType<typeof operatorOn>;
  const unexpected: string[] = [];
  const readers: { close(): unknown }[] = [];
  /** A stream through HAProxy that follows nothing: only its `open` event and the heartbeat flow. */
  let idle: StreamReader;
  let idleReplica: ServiceProcess;
  /** The followers' first connections, read through HAProxy while the market traded. */
  const throughBalancer: StreamReader[] = [];

  beforeAll(async () => {
    cluster = await startCluster({
      replicas: 3,
      fsync: false,
      env: { all: SETTINGS },
      onUnexpectedExit: (name, how) => unexpected.push(`${name}: ${how}`),
    });
    if (cluster.adminKey === undefined) throw new Error("the cluster made no admin key");
    admin = operatorOn(cluster.adminKey);
    // Opened first, read by the last test: its heartbeat comes 15 s on, while the other tests run.
    idle = await openStream(cluster.haproxy.port, "", keyed(KEYS.heartbeat), { host: HOST });
    readers.push(idle);
    await streamId(idle);
    idleReplica = await servingReplica(KEYS.heartbeat);
  }, 300_000);
  afterAll(async () => {
    for (const reader of readers) await reader.close();
    await cluster?.stop();
  }, 120_000);

  const alive = () => cluster.replicas.filter((replica) => replica.pid() !== undefined);

  /** The `stream` its `open` event names. */
  async function streamId(reader: StreamReader): Promise<string> {
    return (await reader.next((e) => e.event === "open")).data.stream as string;
  }

  /**
   * The replica serving a key's stream (each client here has a key of its own and one stream at a time): the
   * one whose usage review holds a stream of that key's open. A change of subjects cannot tell: every
   * replica takes it. Asked until exactly one does: a stream just closed may not be forgotten yet.
   */
  async function servingReplica(key: string): Promise<ServiceProcess> {
    const client = `key:${hashSecret(key).slice(0, 8)}`;
    let serving: ServiceProcess[] = [];
    await vi.waitFor(
      async () => {
        serving = [];
        for (const replica of alive()) {
          // A replica shutting down may refuse the connection: it serves no stream.
          const review = await admin<UsageReview>(replica, "GET", "/admin/usage?period=hour").catch(
            () => null,
          );
          const open = review?.clients.find((c) => c.client === client)?.streams?.open ?? 0;
          if (open > 0) serving.push(replica);
        }
        expect(
          serving.map((r) => r.name),
          `the replicas serving a stream of ${client}`,
        ).toHaveLength(1);
      },
      { timeout: 5_000, interval: 100 },
    );
    return serving[0] as ServiceProcess;
  }

  /** The changes of subjects each replica has answered 200 (its /metrics), by replica name. */
  async function subjectChangesAnswered(): Promise<Map<string, number>> {
    const answered = new Map<string, number>();
    for (const replica of alive()) {
      const metrics = await (await fetch(`${replica.url}/metrics`)).text();
      const line =
        /^mdqs_http_requests_total\{endpoint="PUT \/v1\/stream",method="PUT",status="200"\} (\d+)$/m;
      answered.set(replica.name, Number(line.exec(metrics)?.[1] ?? 0));
    }
    return answered;
  }

  /**
   * A follower through HAProxy on a replica other than the idle stream's (which must outlive the tests):
   * HAProxy's round robin puts the next attempt on the next replica.
   */
  async function followThroughBalancer(
    key: string,
  ): Promise<{ follower: StreamFollower; on: ServiceProcess }> {
    for (let attempt = 0; attempt < 4; attempt++) {
      const follower = followStream(cluster.haproxy.port, QUERY, keyed(key), {
        host: HOST,
        reconnectMs: 1_000,
      });
      await streamId(await follower.connection(0));
      const on = await servingReplica(key);
      if (on !== idleReplica) {
        readers.push(follower);
        return { follower, on };
      }
      await follower.close();
    }
    throw new Error("HAProxy put every attempt on the idle stream's replica");
  }

  /** A client on a replica directly, that stays connected throughout. */
  async function stayOn(replica: ServiceProcess, key: string): Promise<StreamReader> {
    const reader = await openStream(replica.port, QUERY, keyed(key), { host: HOST });
    readers.push(reader);
    expect(reader.status).toBe(200);
    await streamId(reader);
    return reader;
  }

  type Followed = StreamFollower["events"][number];
  /** Waits until the follower has read an event that matches, on any connection (10 s at most). */
  async function followed(follower: StreamFollower, match: (e: Followed) => boolean): Promise<Followed> {
    const end = Date.now() + 10_000;
    for (;;) {
      const found = follower.events.find(match);
      if (found) return found;
      if (Date.now() > end) throw new Error("no such event within 10 s");
      await sleep(20);
    }
  }

  /**
   * Cuts the follower's replica (`cut`), then checks the resume: on another replica, through HAProxy, and
   * over the span both clients read, the follower's resumable events are the peer's, once each, in order.
   */
  async function resumesWithoutGapOrRepeat(
    keys: { follower: string; peer: string },
    cut: (replica: ServiceProcess) => Promise<void>,
  ): Promise<{ first: StreamReader; second: StreamReader; follower: StreamFollower }> {
    const { follower, on } = await followThroughBalancer(keys.follower);
    const peerReplica = alive().find((replica) => replica !== on) as ServiceProcess;
    const peer = await stayOn(peerReplica, keys.peer);
    const first = await follower.connection(0);
    throughBalancer.push(first);
    // Cut half a second before the next block close is due (the follower resumes a second or more later),
    // so that a block closes while it is away.
    const block = await first.next((e) => e.event === "block");
    const next = await first.next((e) => e.event === "block" && e.id !== block.id);
    const period = idMs(next.id as string) - idMs(block.id as string);
    await sleep(idMs(next.id as string) + period - 500 - Date.now());
    const cutting = cut(on);
    await first.ended;
    const second = await follower.connection(1);
    expect(second.status).toBe(200);
    await streamId(second);
    const secondOn = await servingReplica(keys.follower);
    expect(secondOn).not.toBe(on);
    await cutting;
    // Two more blocks after the resume, read by both.
    const resumedBlocks = () => follower.events.filter((e) => e.connection === 1 && e.event === "block");
    await followed(follower, (e) => e.connection === 1 && e.event === "block");
    const [afterResume] = resumedBlocks();
    await followed(follower, (e) => e.connection === 1 && e.event === "block" && e.id !== afterResume?.id);
    const lastBlock = resumedBlocks().at(-1) as ReadEvent;
    await peer.next((e) => e.id === lastBlock.id);
    await follower.close();
    peer.close();

    // The follower's resumable events, across both connections: no id twice, each after the one before.
    const resumed = resumable(follower.events);
    const ids = resumed.map((e) => e.id as string);
    for (let i = 1; i < ids.length; i++)
      expect(
        compareEventIds(ids[i] as string, ids[i - 1] as string),
        `${ids[i - 1]} then ${ids[i]}`,
      ).toBeGreaterThan(0);
    // Over the span both read (from the later first event to the earlier last), the same events.
    const seen = resumable(peer.events);
    const from = [resumed[0], seen[0]].map((e) => e?.id as string).sort(compareEventIds)[1] as string;
    const to = [resumed.at(-1), seen.at(-1)].map((e) => e?.id as string).sort(compareEventIds)[0] as string;
    const within = (events: ReadEvent[]) =>
      events
        .filter((e) => compareEventIds(e.id as string, from) >= 0 && compareEventIds(e.id as string, to) <= 0)
        .map(({ id, event, data }) => ({ id, event, data }));
    const followerSpan = within(resumed);
    const peerSpan = within(seen);
    expect(followerSpan.map((e) => e.id)).toEqual(peerSpan.map((e) => e.id));
    expect(followerSpan).toEqual(peerSpan);
    // The cut was real: what was made while the follower was away came in the resume's replay, among them
    // trades batches and a block close.
    const away = (e: Followed) =>
      e.connection === 1 &&
      idMs(e.id as string) > (first.endedAt as number) &&
      idMs(e.id as string) < second.requestedAt;
    const missed = resumed.filter(away);
    expect(missed.filter((e) => e.event === "trades").length).toBeGreaterThan(0);
    expect(missed.filter((e) => e.event === "block").length).toBeGreaterThan(0);
    expect(followerSpan.filter((e) => e.event === "block").length).toBeGreaterThanOrEqual(3);
    expect(followerSpan.filter((e) => e.event === "trades").length).toBeGreaterThan(20);
    return { first, second, follower };
  }

  it("writes a HAProxy configuration whose timeouts a stream's heartbeat outlasts", () => {
    const config = haproxyConfig({
      bind: "127.0.0.1:8080",
      backends: [{ name: "api-1", port: 8081 }],
      healthPath: "/readyz",
      statsSocket: "/tmp/stats.sock",
    });
    const timeout = (name: string) => {
      const value = new RegExp(`^\\s*timeout ${name} (\\d+)(ms|s|m)?$`, "m").exec(config);
      if (!value) return undefined;
      return Number(value[1]) * { ms: 1, s: 1_000, m: 60_000 }[(value[2] ?? "ms") as "ms" | "s" | "m"];
    };
    // HAProxy cuts a connection idle for `timeout client` or `timeout server` (the heartbeat restarts
    // both); `timeout tunnel`, where set, replaces them on a connection that became a tunnel.
    for (const name of ["client", "server"])
      expect(timeout(name), name).toBeGreaterThanOrEqual(3 * HEARTBEAT_MS);
    const tunnel = timeout("tunnel");
    if (tunnel !== undefined) expect(tunnel).toBeGreaterThanOrEqual(3 * HEARTBEAT_MS);
    // Nothing that holds a response back to gather it.
    expect(config).not.toMatch(/^\s*(compression|filter compression|option http-buffer)/m);
  });

  it("changes a stream's subjects through HAProxy, whichever replica each change lands on", async () => {
    const reader = await openStream(cluster.haproxy.port, "prices=BTC", keyed(KEYS.moved), { host: HOST });
    readers.push(reader);
    expect(reader.status).toBe(200);
    const id = await streamId(reader);
    const holder = await servingReplica(KEYS.moved);
    const before = await subjectChangesAnswered();
    const CHANGES = 6;
    for (let i = 0; i < CHANGES; i++) {
      // BTC, ETH, BTC, …: each change to ETH brings ETH's newest price at once, whoever answered it.
      const symbol = i % 2 ? "ETH" : "BTC";
      const from = reader.events.length;
      const response = await fetch(`http://${HOST}:${cluster.haproxy.port}/v1/stream/${id}/subjects`, {
        method: "PUT",
        headers: { ...keyed(KEYS.moved), "Content-Type": "application/json" },
        body: JSON.stringify({ prices: [symbol], trades: [], candles: [] }),
      });
      expect(response.status, `change ${i + 1}: ${await response.clone().text()}`).toBe(200);
      expect(await response.json()).toEqual({ prices: [symbol], trades: [], candles: [] });
      if (symbol === "ETH") {
        await vi.waitFor(
          () =>
            expect(
              reader.events.slice(from).some((e) => e.event === "price" && e.data.symbol === "ETH"),
              `ETH's price after change ${i + 1}`,
            ).toBe(true),
          { timeout: 5_000, interval: 20 },
        );
      }
    }
    // Round robin spread them: replicas that do not hold the stream answered some, relayed to its holder.
    const after = await subjectChangesAnswered();
    const answered = [...after].map(([name, n]) => [name, n - (before.get(name) ?? 0)] as const);
    expect(answered.reduce((sum, [, n]) => sum + n, 0)).toBe(CHANGES);
    const byOthers = answered.filter(([name, n]) => name !== holder.name && n > 0);
    expect(byOthers.length, JSON.stringify(answered)).toBeGreaterThan(0);
    // Still the one stream, on its replica: no change reopened it.
    expect(await servingReplica(KEYS.moved)).toBe(holder);
    expect(reader.endedAt).toBeNull();
    reader.close();
  });

  it("resumes a stream through HAProxy on another replica after its replica is killed, missing and repeating no trades batch or block close", async () => {
    const { first } = await resumesWithoutGapOrRepeat(
      { follower: KEYS.killed, peer: KEYS.killedPeer },
      (replica) => replica.kill("SIGKILL"),
    );
    // Killed, it could say nothing: the response was cut short.
    expect(first.cut).toBe(true);
    expect(first.retry).toBeNull();
  });

  it("resumes a stream on another replica after its replica is stopped (SIGTERM), told to reconnect in a second", async () => {
    const { first } = await resumesWithoutGapOrRepeat(
      { follower: KEYS.stopped, peer: KEYS.stoppedPeer },
      (replica) => replica.kill("SIGTERM"),
    );
    // Stopped, it ended the stream itself: a whole response, its last line the retry hint.
    expect(first.cut).toBe(false);
    expect(first.retry).toBe(1_000);
  });

  it("passes a stream through HAProxy as it is written: its first event at once, trades batches within moments, the heartbeat as sent", async () => {
    // Not held back to fill a buffer: the few hundred bytes of the idle stream's `open` came at once...
    expect(idle.status).toBe(200);
    expect((idle.arrivals[0] as number) - idle.requestedAt).toBeLessThan(1_000);
    // ... each trades batch a moment after the ingest made it (its id's time) ...
    const delays = throughBalancer.flatMap((reader) =>
      reader.events.flatMap((e, i) =>
        e.event === "trades" ? [(reader.arrivals[i] as number) - idMs(e.id as string)] : [],
      ),
    );
    delays.sort((a, b) => a - b);
    expect(delays.length).toBeGreaterThan(20);
    expect(delays[Math.floor(delays.length / 2)], `delays ${delays.join(", ")} ms`).toBeLessThan(500);
    // ... and its heartbeat within a second of when the replica wrote it, the stream still open.
    const waited = Math.max(0, idle.requestedAt + HEARTBEAT_MS + 2_000 - Date.now());
    await sleep(waited);
    expect(idle.comments.length).toBeGreaterThanOrEqual(1);
    expect((idle.comments[0]?.at as number) - idle.requestedAt).toBeLessThan(HEARTBEAT_MS + 1_500);
    expect(idle.endedAt).toBeNull();
    expect(idleReplica.pid()).toBeDefined();
    expect(unexpected).toEqual([]);
  });
});
