import { describe, expect, it } from "vitest";
import { zoneOffsetMs } from "./zone-offset.ts";

const HOUR = 3_600_000;
const at = (iso: string) => Date.parse(iso);

describe("zoneOffsetMs", () => {
  it("is nothing for UTC, at any time of year", () => {
    expect(zoneOffsetMs(at("2026-01-15T12:00:00Z"), "UTC")).toBe(0);
    expect(zoneOffsetMs(at("2026-07-15T12:00:00Z"), "UTC")).toBe(0);
    expect(zoneOffsetMs(0, "Etc/UTC")).toBe(0);
  });

  it("follows Europe/Berlin's summer time, changing at 01:00 UTC on the last Sundays of March and October", () => {
    expect(zoneOffsetMs(at("2026-03-29T00:59:59Z"), "Europe/Berlin")).toBe(HOUR);
    expect(zoneOffsetMs(at("2026-03-29T01:00:00Z"), "Europe/Berlin")).toBe(2 * HOUR);
    expect(zoneOffsetMs(at("2026-10-25T00:59:59Z"), "Europe/Berlin")).toBe(2 * HOUR);
    expect(zoneOffsetMs(at("2026-10-25T01:00:00Z"), "Europe/Berlin")).toBe(HOUR);
  });

  it("follows America/New_York's summer time, changing at 2 a.m. local on its Sundays in March and November", () => {
    expect(zoneOffsetMs(at("2026-03-08T06:59:59Z"), "America/New_York")).toBe(-5 * HOUR);
    expect(zoneOffsetMs(at("2026-03-08T07:00:00Z"), "America/New_York")).toBe(-4 * HOUR);
    expect(zoneOffsetMs(at("2026-11-01T05:59:59Z"), "America/New_York")).toBe(-4 * HOUR);
    expect(zoneOffsetMs(at("2026-11-01T06:00:00Z"), "America/New_York")).toBe(-5 * HOUR);
  });

  it("keeps a half-hour offset whole: Asia/Kolkata is 5 h 30 ahead all year", () => {
    expect(zoneOffsetMs(at("2026-01-15T12:00:00Z"), "Asia/Kolkata")).toBe(5.5 * HOUR);
    expect(zoneOffsetMs(at("2026-07-15T12:00:00Z"), "Asia/Kolkata")).toBe(5.5 * HOUR);
  });

  it("takes the instant to its second, before and after 1970 alike", () => {
    expect(zoneOffsetMs(at("2026-03-29T00:59:59Z") + 999, "Europe/Berlin")).toBe(HOUR);
    expect(zoneOffsetMs(at("2026-01-15T12:00:00Z") + 500, "America/New_York")).toBe(-5 * HOUR);
    expect(zoneOffsetMs(-500, "Asia/Kolkata")).toBe(5.5 * HOUR);
  });

  it("throws for a zone Intl does not know", () => {
    expect(() => zoneOffsetMs(0, "Mars/Olympus_Mons")).toThrow(RangeError);
  });
});
