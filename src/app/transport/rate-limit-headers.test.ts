import { describe, expect, it } from "vitest";
import { parseRateLimitPolicy, parseRetryAfter } from "./rate-limit-headers.ts";

describe("parseRateLimitPolicy", () => {
  it("reads the service's own header", () => {
    expect(parseRateLimitPolicy('"fair-use";q=5;w=60')).toEqual({ limit: 5, windowSeconds: 60 });
  });

  it("tolerates spaces, other names, tokens and extra parameters", () => {
    expect(parseRateLimitPolicy('  "burst" ; q=10 ;  w=1 ')).toEqual({ limit: 10, windowSeconds: 1 });
    expect(parseRateLimitPolicy('default;q=100;w=3600;qu="requests"')).toEqual({
      limit: 100,
      windowSeconds: 3600,
    });
    expect(parseRateLimitPolicy('"a;b,c";q=7;w=30')).toEqual({ limit: 7, windowSeconds: 30 });
  });

  it("takes the first of several policies that has both q and w", () => {
    expect(parseRateLimitPolicy('"no-window";q=3, "day";q=1000;w=86400, "min";q=5;w=60')).toEqual({
      limit: 1000,
      windowSeconds: 86400,
    });
  });

  it("reads the older draft form, where the item is the quota", () => {
    expect(parseRateLimitPolicy("5;w=60")).toEqual({ limit: 5, windowSeconds: 60 });
    expect(parseRateLimitPolicy("10, 10;w=1, 50;w=60")).toEqual({ limit: 10, windowSeconds: 1 });
  });

  it("gives null for absent, garbage or unusable policies", () => {
    for (const header of [
      null,
      undefined,
      "",
      "garbage",
      '"fair-use"',
      '"fair-use";q=5',
      '"fair-use";w=60',
      '"fair-use";q=0;w=60',
      '"fair-use";q=-5;w=60',
      '"fair-use";q=5.5;w=60',
      '"fair-use";q=five;w=60',
      '"fair-use";q=5;w=0',
      "{}[];==,,",
    ]) {
      expect(parseRateLimitPolicy(header), String(header)).toBeNull();
    }
  });
});

describe("parseRetryAfter", () => {
  const now = Date.UTC(2026, 0, 15, 12, 0, 0);

  it("reads delta-seconds as milliseconds", () => {
    expect(parseRetryAfter("120", now)).toBe(120_000);
    expect(parseRetryAfter(" 0 ", now)).toBe(0);
  });

  it("reads all three HTTP date forms as the time left until them", () => {
    expect(parseRetryAfter("Thu, 15 Jan 2026 12:00:30 GMT", now)).toBe(30_000);
    expect(parseRetryAfter("Thursday, 15-Jan-26 12:01:00 GMT", now)).toBe(60_000);
    expect(parseRetryAfter("Thu Jan 15 12:00:05 2026", now)).toBe(5_000);
    expect(parseRetryAfter("Thu Jan  5 12:00:00 2026", Date.UTC(2026, 0, 5, 11, 59, 59))).toBe(1_000);
  });

  it("reads a date already past as no wait", () => {
    expect(parseRetryAfter("Wed, 14 Jan 2026 12:00:00 GMT", now)).toBe(0);
  });

  it("gives null for absent or garbage values", () => {
    for (const header of [
      null,
      undefined,
      "",
      "soon",
      "-5",
      "1.5",
      "12abc",
      "99999999999999999999",
      "Thu, 31 Feb 2026 12:00:00 GMT",
      "Thu, 15 Jan 2026 25:00:00 GMT",
      "Thu, 15 Foo 2026 12:00:00 GMT",
      "2026-01-15T12:00:30Z",
    ]) {
      expect(parseRetryAfter(header, now), String(header)).toBeNull();
    }
  });
});
