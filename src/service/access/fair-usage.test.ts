import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { type Decision, FairUsageLimiter, rateLimitHeader, rateLimitPolicyHeader } from "./fair-usage.ts";

const WINDOW = 60_000;

function fakeClock(start = 0) {
  let t = start;
  return {
    now: () => t,
    set: (ms: number) => {
      t = ms;
    },
    advance: (ms: number) => {
      t += ms;
    },
  };
}

describe("FairUsageLimiter", () => {
  it("lets exactly N through and refuses the next with the right Retry-After", () => {
    const clock = fakeClock();
    const limiter = new FairUsageLimiter({ now: clock.now });
    const decisions: Decision[] = [];
    for (let i = 0; i < 5; i++) {
      clock.set(i * 1000);
      decisions.push(limiter.take("a", 5));
    }
    expect(decisions.map((d) => d.allowed)).toEqual([true, true, true, true, true]);
    expect(decisions.map((d) => d.remaining)).toEqual([4, 3, 2, 1, 0]);
    expect(decisions[0]).toEqual({
      allowed: true,
      limit: 5,
      remaining: 4,
      resetSeconds: 60,
      retryAfterSeconds: 0,
    });
    // The oldest (t=0) leaves at 60 s, which is 55.5 s after 4.5 s: ceil → 56.
    clock.set(4_500);
    expect(limiter.take("a", 5)).toEqual({
      allowed: false,
      limit: 5,
      remaining: 0,
      resetSeconds: 56,
      retryAfterSeconds: 56,
    });
    clock.set(4_500 + 56_000);
    expect(limiter.take("a", 5).allowed).toBe(true);
  });

  it("slides: the window holds the last 60 seconds, not a fixed bucket", () => {
    const clock = fakeClock();
    const limiter = new FairUsageLimiter({ now: clock.now });
    for (const t of [0, 10_000, 20_000, 30_000, 40_000]) {
      clock.set(t);
      expect(limiter.take("a", 5).allowed).toBe(true);
    }
    clock.set(59_999);
    const refused = limiter.take("a", 5);
    expect(refused.allowed).toBe(false);
    expect(refused.retryAfterSeconds).toBe(1);
    clock.set(60_000);
    expect(limiter.take("a", 5)).toMatchObject({ allowed: true, remaining: 0, resetSeconds: 10 });
    expect(limiter.take("a", 5).allowed).toBe(false);
    clock.set(69_999);
    expect(limiter.take("a", 5).allowed).toBe(false);
    clock.set(70_000);
    expect(limiter.take("a", 5).allowed).toBe(true);
  });

  it("does not count refused requests", () => {
    const clock = fakeClock();
    const limiter = new FairUsageLimiter({ now: clock.now });
    limiter.take("a", 1);
    for (let t = 1_000; t < 60_000; t += 1_000) {
      clock.set(t);
      expect(limiter.take("a", 1).allowed).toBe(false);
    }
    clock.set(60_000);
    expect(limiter.take("a", 1).allowed).toBe(true);
  });

  it("keeps clients independent", () => {
    const clock = fakeClock();
    const limiter = new FairUsageLimiter({ now: clock.now });
    for (let i = 0; i < 2; i++) limiter.take("a", 2);
    expect(limiter.take("a", 2).allowed).toBe(false);
    expect(limiter.take("b", 2)).toMatchObject({ allowed: true, remaining: 1 });
    expect(limiter.take("b", 2).allowed).toBe(true);
    expect(limiter.take("b", 2).allowed).toBe(false);
  });

  it("treats limit 0 as unlimited and stores nothing", () => {
    const clock = fakeClock();
    const limiter = new FairUsageLimiter({ now: clock.now });
    for (let i = 0; i < 1_000; i++) {
      expect(limiter.take("a", 0)).toEqual({
        allowed: true,
        limit: 0,
        remaining: 0,
        resetSeconds: 0,
        retryAfterSeconds: 0,
      });
    }
    expect(limiter.size).toBe(0);
  });

  it("takes the limit per call: a key with its own limit", () => {
    const clock = fakeClock();
    const limiter = new FairUsageLimiter({ now: clock.now });
    let allowedKey = 0;
    let allowedAnon = 0;
    for (let i = 0; i < 100; i++) {
      clock.set(i * 100);
      if (limiter.take("key:alpha", 60).allowed) allowedKey++;
      if (limiter.take("ip:1.2.3.4", 5).allowed) allowedAnon++;
    }
    expect(allowedKey).toBe(60);
    expect(allowedAnon).toBe(5);
  });

  it("applies a changed limit exactly, forgetting nothing", () => {
    const clock = fakeClock();
    const limiter = new FairUsageLimiter({ now: clock.now });
    for (let i = 0; i < 20; i++) {
      clock.set(i * 1_000);
      expect(limiter.take("a", 20).allowed).toBe(true);
    }
    // Lowered to 3: the window holds 20 (at 0 s..19 s); a slot frees once only 2 are left, i.e. when the
    // one at 17 s leaves at 77 s.
    clock.set(20_000);
    expect(limiter.take("a", 3)).toEqual({
      allowed: false,
      limit: 3,
      remaining: 0,
      resetSeconds: 57,
      retryAfterSeconds: 57,
    });
    // Raised back: still 20 in the window until the one at 0 s leaves.
    clock.set(59_999);
    expect(limiter.take("a", 20)).toMatchObject({ allowed: false, retryAfterSeconds: 1 });
    clock.set(76_999);
    expect(limiter.take("a", 3).allowed).toBe(false);
    clock.set(77_000);
    expect(limiter.take("a", 3)).toMatchObject({ allowed: true, remaining: 0, resetSeconds: 1 });
    // 18 s, 19 s and 77 s are counted: room for 17 more under 20.
    let allowed = 0;
    for (let i = 0; i < 30; i++) if (limiter.take("a", 20).allowed) allowed++;
    expect(allowed).toBe(17);
  });

  it("rejects a limit that is not a whole number ≥ 0", () => {
    const limiter = new FairUsageLimiter();
    expect(() => limiter.take("a", -1)).toThrow(RangeError);
    expect(() => limiter.take("a", 1.5)).toThrow(RangeError);
    expect(() => limiter.take("a", Number.NaN)).toThrow(RangeError);
  });

  it("drops clients whose requests have all left the window", () => {
    const clock = fakeClock();
    const limiter = new FairUsageLimiter({ now: clock.now });
    for (let i = 0; i < 1_000; i++) limiter.take(`c${i}`, 5);
    expect(limiter.size).toBe(1_000);
    clock.advance(WINDOW);
    limiter.take("late", 5);
    expect(limiter.size).toBe(1);
  });

  it("evicts the least recently seen beyond maxClients", () => {
    const clock = fakeClock();
    const limiter = new FairUsageLimiter({ now: clock.now, maxClients: 100 });
    limiter.take("keep", 1);
    for (let i = 0; i < 10_000; i++) {
      clock.set(i);
      limiter.take(`c${i}`, 5);
      // "keep" is seen again and again, so it is never the least recently seen.
      if (i % 50 === 0) expect(limiter.take("keep", 1).allowed).toBe(false);
      expect(limiter.size).toBeLessThanOrEqual(100);
    }
    expect(limiter.size).toBe(100);
  });

  it("uses a real clock by default", () => {
    const limiter = new FairUsageLimiter();
    expect(limiter.take("a", 1)).toMatchObject({ allowed: true, resetSeconds: 60 });
    expect(limiter.take("a", 1)).toMatchObject({ allowed: false, retryAfterSeconds: 60 });
  });

  it("never lets more than N into any window, and refuses only when the window is full", () => {
    const stream = fc.record({
      // Limits past the ring's first 8 slots, so that it grows (from 8 up to the limit) and wraps.
      limit: fc.integer({ min: 1, max: 12 }),
      // Request times in ms, many at the same or nearly the same time, some far apart (size "max":
      // fast-check otherwise keeps arrays to about ten, too few to fill a window past 8 and wrap).
      times: fc
        .array(fc.oneof(fc.integer({ min: 0, max: 300_000 }), fc.integer({ min: 0, max: 3_000 })), {
          maxLength: 300,
          size: "max",
        })
        .map((ts) => ts.sort((a, b) => a - b)),
    });
    fc.assert(
      fc.property(stream, ({ limit, times }) => {
        const clock = fakeClock();
        const limiter = new FairUsageLimiter({ now: clock.now });
        const accepted: number[] = [];
        for (const t of times) {
          clock.set(t);
          const decision = limiter.take("client", limit);
          const inWindow = accepted.filter((s) => s > t - WINDOW);
          // Refused exactly when the 60 s before it already hold `limit` accepted requests.
          expect(decision.allowed).toBe(inWindow.length < limit);
          if (decision.allowed) {
            accepted.push(t);
            expect(decision.remaining).toBe(limit - inWindow.length - 1);
            expect(decision.retryAfterSeconds).toBe(0);
          } else {
            const oldest = inWindow[0] ?? 0;
            expect(decision.remaining).toBe(0);
            expect(decision.retryAfterSeconds).toBe(Math.ceil((oldest + WINDOW - t) / 1000));
            expect(decision.retryAfterSeconds).toBeGreaterThanOrEqual(1);
          }
        }
        // No window [s, s + 60 s) holds more than `limit` accepted requests.
        for (let i = 0; i < accepted.length; i++) {
          const start = accepted[i] ?? 0;
          expect(accepted.filter((s) => s >= start && s < start + WINDOW).length).toBeLessThanOrEqual(limit);
        }
      }),
      // Fewer runs than the 300 of up to ten requests each: at up to 300 requests a run, 300 runs took 3 s.
      // Shrinking 300 requests can take minutes: a failure reports what it has shrunk to by then.
      { numRuns: 100, interruptAfterTimeLimit: 10_000 },
    );
  });

  it("keeps per-call limits exact for random streams of several clients and changing limits", () => {
    const request = fc.record({
      gap: fc.integer({ min: 0, max: 20_000 }),
      client: fc.constantFrom("a", "b", "c"),
      limit: fc.integer({ min: 0, max: 6 }),
    });
    fc.assert(
      // size "max": about ten requests (fast-check's default) left each client's ring short of wrapping
      // before a raised limit grows it.
      fc.property(fc.array(request, { maxLength: 200, size: "max" }), (requests) => {
        const clock = fakeClock();
        const limiter = new FairUsageLimiter({ now: clock.now });
        const accepted = new Map<string, number[]>();
        for (const { gap, client, limit } of requests) {
          clock.advance(gap);
          const t = clock.now();
          const decision = limiter.take(client, limit);
          if (limit === 0) {
            // Unlimited forgets the client's history.
            expect(decision.allowed).toBe(true);
            accepted.set(client, []);
            continue;
          }
          const inWindow = (accepted.get(client) ?? []).filter((s) => s > t - WINDOW);
          expect(decision.allowed).toBe(inWindow.length < limit);
          if (decision.allowed) {
            inWindow.push(t);
          } else {
            // A slot frees when all but limit - 1 of the counted requests have left.
            const freeing = inWindow[inWindow.length - limit] ?? 0;
            expect(decision.retryAfterSeconds).toBe(Math.ceil((freeing + WINDOW - t) / 1000));
          }
          accepted.set(client, inWindow);
        }
      }),
      { numRuns: 300 },
    );
  });
});

describe("RateLimit headers", () => {
  it("follow the IETF draft's structured-field form", () => {
    expect(rateLimitPolicyHeader(5, 60)).toBe('"fair-use";q=5;w=60');
    expect(rateLimitPolicyHeader(5)).toBe('"fair-use";q=5;w=60');
    expect(
      rateLimitHeader({ allowed: true, limit: 5, remaining: 3, resetSeconds: 42, retryAfterSeconds: 0 }),
    ).toBe('"fair-use";r=3;t=42');
  });
});
