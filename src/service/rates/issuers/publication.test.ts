import { describe, expect, it } from "vitest";
import { localHourUtcMs, nextFixingDueMs, publicationMs, rfc3339 } from "./publication.ts";

const ECB = { timeZone: "Europe/Berlin", hour: 8, sameDay: false };
const FED_AVERAGES = { timeZone: "America/New_York", hour: 8, sameDay: true };
const BOE = { timeZone: "Europe/London", hour: 9, sameDay: false };

describe("localHourUtcMs", () => {
  it("follows each zone's summer time", () => {
    expect(rfc3339(localHourUtcMs("2026-01-15", 8, "Europe/Berlin"))).toBe("2026-01-15T07:00:00Z");
    expect(rfc3339(localHourUtcMs("2026-07-15", 8, "Europe/Berlin"))).toBe("2026-07-15T06:00:00Z");
    expect(rfc3339(localHourUtcMs("2026-01-15", 8, "America/New_York"))).toBe("2026-01-15T13:00:00Z");
    expect(rfc3339(localHourUtcMs("2026-07-15", 8, "America/New_York"))).toBe("2026-07-15T12:00:00Z");
    expect(rfc3339(localHourUtcMs("2026-07-15", 9, "Europe/London"))).toBe("2026-07-15T08:00:00Z");
  });

  it("is right on the days the clocks change", () => {
    // Europe: last Sunday of March and of October; New York: second Sunday of March, first of November.
    expect(rfc3339(localHourUtcMs("2026-03-29", 8, "Europe/Berlin"))).toBe("2026-03-29T06:00:00Z");
    expect(rfc3339(localHourUtcMs("2026-10-25", 8, "Europe/Berlin"))).toBe("2026-10-25T07:00:00Z");
    expect(rfc3339(localHourUtcMs("2026-03-08", 8, "America/New_York"))).toBe("2026-03-08T12:00:00Z");
    expect(rfc3339(localHourUtcMs("2026-11-01", 8, "America/New_York"))).toBe("2026-11-01T13:00:00Z");
  });
});

describe("publicationMs", () => {
  it("is the next fixing's day when it is known, else the next business day", () => {
    // Veterans Day: no SOFR on Wednesday 11 November, so the 10th's fixing came out on the 12th.
    const sofr = { timeZone: "America/New_York", hour: 8, sameDay: false };
    expect(rfc3339(publicationMs(sofr, "2026-11-10", "2026-11-12"))).toBe("2026-11-12T13:00:00Z");
    expect(rfc3339(publicationMs(ECB, "2026-11-20"))).toBe("2026-11-23T07:00:00Z"); // Friday → Monday
    expect(rfc3339(publicationMs(BOE, "2025-12-24"))).toBe("2025-12-26T09:00:00Z");
  });

  it("is the effective date itself for the SOFR averages and index", () => {
    expect(rfc3339(publicationMs(FED_AVERAGES, "2026-11-20", "2026-11-23"))).toBe("2026-11-20T13:00:00Z");
  });
});

describe("nextFixingDueMs", () => {
  it("is the publication of the fixing one business day after the newest", () => {
    expect(rfc3339(nextFixingDueMs(ECB, "2026-11-19"))).toBe("2026-11-23T07:00:00Z");
    expect(rfc3339(nextFixingDueMs(FED_AVERAGES, "2026-11-20"))).toBe("2026-11-23T13:00:00Z");
    expect(rfc3339(nextFixingDueMs(BOE, "2026-11-18"))).toBe("2026-11-20T09:00:00Z");
  });
});
