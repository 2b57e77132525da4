// The fair-usage rate limit: at most N requests per client in ANY 60-second window. A true sliding window
// (fixed buckets let 2N through around a bucket boundary; a token bucket refills bursts continuously). A
// refused request is not counted.
import { RATE_LIMIT_WINDOW_SECONDS } from "../../interface/vocabulary.ts";

export interface Decision {
  allowed: boolean;
  /** The limit this decision was taken under; 0 = unlimited (then send no RateLimit headers). */
  limit: number;
  /** Requests still allowed in the window after this one. */
  remaining: number;
  /** Seconds until the oldest counted request leaves the window, i.e. until one more slot frees; 0 if none. */
  resetSeconds: number;
  /** When refused: whole seconds until a request would be allowed, ≥ 1 (for Retry-After); 0 when allowed. */
  retryAfterSeconds: number;
  /**
   * True when the shared window (Redis) could not be asked and this replica decided alone, under its
   * share of the limit: the request log marks such requests.
   */
  fallback?: boolean;
}

/**
 * Where the clients' windows live: this process's memory (one process), or Redis (shared by every replica).
 * The in-process window decides synchronously, sparing cached responses a microtask per request.
 */
export interface FairUsageWindow {
  /** Decides one request of `client` under `limit` requests per window (0 = unlimited). Never rejects. */
  take(client: string, limit: number): Decision | Promise<Decision>;
  /** Lets go of what the window holds open (connections, timers). */
  close(): Promise<void>;
}

export interface FairUsageOptions {
  /** Length of the window in milliseconds; default 60 000. */
  windowMs?: number;
  /**
   * The clock, in milliseconds. Only differences are used, so any origin works. The default is monotonic
   * (performance.timeOrigin + performance.now()), not Date.now, so a wall-clock step back cannot freeze
   * or shorten anyone's window.
   */
  now?: () => number;
  /** Most clients remembered at once; beyond it the least recently seen are forgotten. Default 100 000. */
  maxClients?: number;
}

/**
 * The accepted request times of one client, oldest first, in a ring buffer. It grows by doubling up to the
 * limit, so it holds at most max(limit the client was checked under while it had requests in the window)
 * times: O(limit) memory, and a lowered limit stays exact (nothing is forgotten early).
 */
interface ClientWindow {
  times: Float64Array;
  /** Index of the oldest counted time. */
  head: number;
  count: number;
}

const INITIAL_CAPACITY = 8;

function monotonicNow(): number {
  return performance.timeOrigin + performance.now();
}

/** Checks a limit the way every window does: a whole number ≥ 0. */
export function checkLimit(limit: number): void {
  if (!(Number.isSafeInteger(limit) && limit >= 0)) {
    throw new RangeError(`limit must be a whole number ≥ 0; got ${limit}`);
  }
}

/** The decision under limit 0: always allowed, nothing counted, no RateLimit headers. */
export const UNLIMITED: Decision = Object.freeze({
  allowed: true,
  limit: 0,
  remaining: 0,
  resetSeconds: 0,
  retryAfterSeconds: 0,
});

export class FairUsageLimiter implements FairUsageWindow {
  readonly windowMs: number;
  readonly maxClients: number;
  private readonly now: () => number;
  /** Clients in least-recently-seen-first order (a Map keeps insertion order; a take re-inserts). */
  private readonly clients = new Map<string, ClientWindow>();
  private lastSweep = Number.NEGATIVE_INFINITY;

  constructor(options: FairUsageOptions = {}) {
    this.windowMs = options.windowMs ?? RATE_LIMIT_WINDOW_SECONDS * 1000;
    this.now = options.now ?? monotonicNow;
    this.maxClients = options.maxClients ?? 100_000;
    if (!(this.windowMs > 0)) throw new RangeError(`windowMs must be > 0; got ${this.windowMs}`);
    if (!(Number.isSafeInteger(this.maxClients) && this.maxClients >= 1)) {
      throw new RangeError(`maxClients must be a whole number ≥ 1; got ${this.maxClients}`);
    }
  }

  /** Clients currently remembered. */
  get size(): number {
    return this.clients.size;
  }

  /**
   * Decides one request of `client` under `limit` requests per window (0 = unlimited: always allowed,
   * nothing stored). An allowed request is counted; a refused one is not.
   */
  take(client: string, limit: number): Decision {
    checkLimit(limit);
    const now = this.now();
    const cutoff = now - this.windowMs;
    this.sweep(now, cutoff);

    if (limit === 0) {
      this.clients.delete(client);
      return UNLIMITED;
    }

    let window = this.clients.get(client);
    if (window) {
      this.clients.delete(client);
    } else {
      window = { times: new Float64Array(Math.min(limit, INITIAL_CAPACITY)), head: 0, count: 0 };
      this.evictFor(1);
    }
    this.clients.set(client, window);

    expire(window, cutoff);
    const allowed = window.count < limit;
    if (allowed) push(window, now, limit);
    // One more slot frees when the request `count - limit` places from the oldest leaves: the oldest one,
    // unless the client's limit was lowered while its window held more than the new limit.
    const freeing =
      window.times[(window.head + Math.max(0, window.count - limit)) % window.times.length] ?? now;
    const untilFree = Math.max(1, Math.ceil((freeing + this.windowMs - now) / 1000));
    return {
      allowed,
      limit,
      remaining: Math.max(0, limit - window.count),
      resetSeconds: window.count > 0 ? untilFree : 0,
      retryAfterSeconds: allowed ? 0 : untilFree,
    };
  }

  /** Forgets every client. */
  clear(): void {
    this.clients.clear();
  }

  async close(): Promise<void> {
    this.clear();
  }

  /** Drops clients whose requests have all left the window: a full pass at most once per window. */
  private sweep(now: number, cutoff: number): void {
    if (now - this.lastSweep < this.windowMs) return;
    this.lastSweep = now;
    for (const [client, window] of this.clients) {
      expire(window, cutoff);
      if (window.count === 0) this.clients.delete(client);
    }
  }

  /** Makes room for `extra` new clients by forgetting the least recently seen. */
  private evictFor(extra: number): void {
    for (const client of this.clients.keys()) {
      if (this.clients.size + extra <= this.maxClients) return;
      this.clients.delete(client);
    }
  }
}

/** Drops the times at or before `cutoff`: a request at time s counts while now < s + windowMs. */
function expire(window: ClientWindow, cutoff: number): void {
  const capacity = window.times.length;
  while (window.count > 0 && (window.times[window.head] ?? cutoff) <= cutoff) {
    window.head = (window.head + 1) % capacity;
    window.count--;
  }
}

function push(window: ClientWindow, time: number, limit: number): void {
  if (window.count === window.times.length) {
    resize(window, Math.min(limit, Math.max(INITIAL_CAPACITY, window.times.length * 2)));
  }
  window.times[(window.head + window.count) % window.times.length] = time;
  window.count++;
}

/** Copies the counted times into a buffer of `capacity`, oldest at index 0. */
function resize(window: ClientWindow, capacity: number): void {
  const times = new Float64Array(capacity);
  const old = window.times;
  for (let i = 0; i < window.count; i++) times[i] = old[(window.head + i) % old.length] ?? 0;
  window.times = times;
  window.head = 0;
}

/** RateLimit-Policy header (IETF httpapi RateLimit headers draft, structured-field form). */
export function rateLimitPolicyHeader(
  limit: number,
  windowSeconds: number = RATE_LIMIT_WINDOW_SECONDS,
): string {
  return `"fair-use";q=${limit};w=${windowSeconds}`;
}

/** RateLimit header for one decision: r = remaining, t = seconds until a slot frees. */
export function rateLimitHeader(decision: Decision): string {
  return `"fair-use";r=${decision.remaining};t=${decision.resetSeconds}`;
}
