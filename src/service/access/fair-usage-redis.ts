// One rate-limit window for every replica, in Redis: the in-process sliding log (fair-usage.ts) as one Lua
// script on Redis's clock, so replicas whose clocks differ count the same 60 seconds.
// Redis unreachable: no 503. Each replica falls back to its own window at floor(limit / N) (at least 1) for
// the N replicas alive in the last minute, so together they never allow more than the limit.
import { hostname } from "node:os";
import { Redis } from "ioredis";
import {
  checkLimit,
  type Decision,
  FairUsageLimiter,
  type FairUsageWindow,
  UNLIMITED,
} from "./fair-usage.ts";

/**
 * KEYS[1] = fu:<client>; ARGV = limit, window ms, a member unique to this request (replica:counter).
 * Returns {allowed 0|1, requests counted, ms until one more slot frees}. The slot that frees is the
 * (count - limit)-th oldest, the oldest unless the client's limit was lowered while its window was full.
 */
const TAKE = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local limit, win = tonumber(ARGV[1]), tonumber(ARGV[2])
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now - win)
local n = redis.call('ZCARD', KEYS[1])
local allowed = 0
if n < limit then
  redis.call('ZADD', KEYS[1], now, ARGV[3])
  n = n + 1
  allowed = 1
end
if n == 0 then return {allowed, 0, 0} end
redis.call('PEXPIRE', KEYS[1], win)
local i = math.max(0, n - limit)
local freeing = redis.call('ZRANGE', KEYS[1], i, i, 'WITHSCORES')
return {allowed, n, tonumber(freeing[2]) + win - now}
`;

/** KEYS[1] = the replicas' set; ARGV = this replica, ms a heartbeat counts. Returns the replicas alive. */
const HEARTBEAT = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local alive = tonumber(ARGV[2])
redis.call('ZADD', KEYS[1], now, ARGV[1])
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now - alive)
redis.call('PEXPIRE', KEYS[1], alive)
return redis.call('ZCARD', KEYS[1])
`;

/** Not under "fu:", so no client's name (an address a proxy forwarded, say) can be this key. */
const REPLICAS_KEY = "fu-replicas";

type FairUsageRedis = Redis & {
  fairUsageTake(key: string, limit: number, windowMs: number, member: string): Promise<number[]>;
  fairUsageHeartbeat(key: string, replica: string, aliveMs: number): Promise<number>;
};

export interface RedisFairUsageOptions {
  redisUrl: string;
  /** Length of the window in milliseconds; default 60 000. */
  windowMs?: number;
  /** This process among the replicas (unique): names its requests and its heartbeat in Redis. */
  replicaId?: string;
  /** Where the switches to and from the per-replica fallback are told. */
  log?: (line: string) => void;
  /** The clock of the fallback's window. */
  now?: () => number;
  /** The limit of a client without a key, to state the fallback's share of it in the log. */
  defaultLimit?: number;
  /** How often this replica says it is alive; default 10 s. */
  heartbeatMs?: number;
  /** Wraps the Redis client (the metrics time its commands). */
  instrument?: (redis: Redis) => Redis;
  /** How long a heartbeat counts a replica as alive; default 60 s. */
  aliveMs?: number;
  /** While Redis is unreachable, how often it is asked again; default 1 s. */
  probeMs?: number;
}

function reasonOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

export class RedisFairUsage implements FairUsageWindow {
  private readonly windowMs: number;
  private readonly replicaId: string;
  private readonly log: (line: string) => void;
  private readonly now: () => number;
  private readonly probeMs: number;
  private readonly aliveMs: number;
  private readonly defaultLimit: number | undefined;
  /** This replica's own window, used only while Redis is unreachable. */
  private readonly local: FairUsageLimiter;
  private counter = 0;
  /**
   * The replicas alive when Redis last told; 1 until it has (a replica started while Redis is down is not
   * ready by /readyz, so a balancer sends it nothing until Redis responds).
   */
  private replicas = 1;
  private onRedis = true;
  private lastProbe = Number.NEGATIVE_INFINITY;
  private probing = false;
  private readonly heartbeatTimer: NodeJS.Timeout;

  private constructor(
    private readonly redis: FairUsageRedis,
    options: RedisFairUsageOptions,
  ) {
    this.windowMs = options.windowMs ?? 60_000;
    this.replicaId =
      options.replicaId ?? `${hostname()}:${process.pid}:${Math.random().toString(36).slice(2, 8)}`;
    this.log = options.log ?? ((line) => console.log(line));
    this.now = options.now ?? (() => performance.timeOrigin + performance.now());
    this.probeMs = options.probeMs ?? 1000;
    this.aliveMs = options.aliveMs ?? 60_000;
    this.defaultLimit = options.defaultLimit;
    this.local = new FairUsageLimiter({ windowMs: this.windowMs, now: this.now });
    this.heartbeatTimer = setInterval(() => void this.heartbeat(), options.heartbeatMs ?? 10_000);
    this.heartbeatTimer.unref();
  }

  /** Connects and announces this replica; a Redis down at start means starting on the fallback. */
  static async open(options: RedisFairUsageOptions): Promise<RedisFairUsage> {
    const made = new Redis(options.redisUrl, {
      lazyConnect: true,
      // A request waits at most this long, then this replica decides alone. Not shorter: a replica under a
      // CPU quota freezes for up to a CFS period (100 ms), and a response arriving meanwhile must not count
      // as Redis gone. A Redis that is down fails at once anyway; this bounds only a Redis that hangs.
      commandTimeout: 500,
      connectTimeout: 1000,
      maxRetriesPerRequest: 1,
      // Commands fail at once while disconnected instead of queueing behind a reconnect.
      enableOfflineQueue: false,
      // Reconnects back off to once a second, the pace of the probes.
      retryStrategy: (times) => Math.min(times * 100, 1000),
    });
    const redis = (options.instrument ? options.instrument(made) : made) as FairUsageRedis;
    // State is learnt from the commands' responses; the client's own error events would only repeat it.
    redis.on("error", () => {});
    redis.defineCommand("fairUsageTake", { numberOfKeys: 1, lua: TAKE });
    redis.defineCommand("fairUsageHeartbeat", { numberOfKeys: 1, lua: HEARTBEAT });
    const window = new RedisFairUsage(redis, options);
    try {
      await redis.connect();
    } catch (error) {
      window.lostRedis(error);
      return window;
    }
    await window.heartbeat();
    return window;
  }

  /** Whether the last decision came from Redis (false: this replica is deciding alone). */
  get shared(): boolean {
    return this.onRedis;
  }

  /** The replicas counted for the fallback's share. */
  get replicasAlive(): number {
    return this.replicas;
  }

  take(client: string, limit: number): Decision | Promise<Decision> {
    checkLimit(limit);
    if (limit === 0) return UNLIMITED;
    if (!this.onRedis) {
      this.probeIfDue();
      return this.takeLocally(client, limit);
    }
    this.counter++;
    return this.redis
      .fairUsageTake(`fu:${client}`, limit, this.windowMs, `${this.replicaId}:${this.counter}`)
      .then(
        ([allowed, count, untilFreeMs]) => this.decision(allowed === 1, limit, count ?? 0, untilFreeMs ?? 0),
        (error: unknown) => {
          this.lostRedis(error);
          return this.takeLocally(client, limit);
        },
      );
  }

  async close(): Promise<void> {
    clearInterval(this.heartbeatTimer);
    this.local.clear();
    if (this.redis.status === "ready") {
      // Leaving at once shrinks the others' fallback share no later than their next read.
      await this.redis.zrem(REPLICAS_KEY, this.replicaId).catch(() => {});
      await this.redis.quit().catch(() => {});
    }
    this.redis.disconnect();
  }

  private decision(allowed: boolean, limit: number, count: number, untilFreeMs: number): Decision {
    const untilFree = Math.max(1, Math.ceil(untilFreeMs / 1000));
    return {
      allowed,
      limit,
      remaining: Math.max(0, limit - count),
      resetSeconds: count > 0 ? untilFree : 0,
      retryAfterSeconds: allowed ? 0 : untilFree,
    };
  }

  private share(limit: number): number {
    return Math.max(1, Math.floor(limit / this.replicas));
  }

  private takeLocally(client: string, limit: number): Decision {
    return { ...this.local.take(client, this.share(limit)), fallback: true };
  }

  private lostRedis(error: unknown): void {
    if (!this.onRedis) return;
    this.onRedis = false;
    this.lastProbe = performance.now();
    const n = this.replicas;
    const per = this.windowMs === 60_000 ? "a minute" : `per ${this.windowMs / 1000} s`;
    const share =
      this.defaultLimit === undefined
        ? n === 1
          ? "their own limit"
          : `1/${n} of their limit`
        : `${this.share(this.defaultLimit)} ${per}${n === 1 ? "" : ` (a key to 1/${n} of its limit)`}`;
    this.log(
      `fair usage: Redis unreachable (${reasonOf(error)}), each of ${n} replica${n === 1 ? "" : "s"} limits clients to ${share} until it answers`,
    );
  }

  private backOnRedis(): void {
    if (this.onRedis) return;
    this.onRedis = true;
    // What was counted alone is not in Redis; keeping it would only hold memory until the next outage.
    this.local.clear();
    this.log("fair usage: back on Redis, one limit across the replicas");
  }

  private probeIfDue(): void {
    // Real time, not the window's clock: a test's hand-moved clock must not stop the probes.
    const now = performance.now();
    if (this.probing || now - this.lastProbe < this.probeMs) return;
    this.lastProbe = now;
    this.probing = true;
    void this.heartbeat().finally(() => {
      this.probing = false;
    });
  }

  /** Says this replica is alive and reads how many are; a response while deciding alone ends the fallback. */
  private async heartbeat(): Promise<void> {
    try {
      const alive = await this.redis.fairUsageHeartbeat(REPLICAS_KEY, this.replicaId, this.aliveMs);
      this.replicas = Math.max(1, alive);
      this.backOnRedis();
    } catch (error) {
      this.lostRedis(error);
    }
  }
}
