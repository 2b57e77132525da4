import { describe, expect, it } from "vitest";
import { addDays, dayOf, daysInRange, isIsoDay, weekdayOf } from "./rate-days.ts";

describe("isIsoDay", () => {
  it("accepts real days in plausible years only", () => {
    expect(isIsoDay("2024-02-29")).toBe(true);
    expect(isIsoDay("2023-02-29")).toBe(false);
    expect(isIsoDay("2024-04-31")).toBe(false);
    expect(isIsoDay("0002-01-01")).toBe(false);
    expect(isIsoDay("1899-12-31")).toBe(false);
    expect(isIsoDay("1900-01-01")).toBe(true);
    expect(isIsoDay("2024-1-1")).toBe(false);
    expect(isIsoDay("2024-01-01T00:00:00Z")).toBe(false);
  });
});

describe("day arithmetic", () => {
  it("adds days across months, years and leap days", () => {
    expect(addDays("2024-02-28", 1)).toBe("2024-02-29");
    expect(addDays("2024-03-01", -1)).toBe("2024-02-29");
    expect(addDays("2023-12-31", 1)).toBe("2024-01-01");
    expect(addDays("2024-03-31", -29)).toBe("2024-03-02");
  });

  it("counts both ends of a range", () => {
    expect(daysInRange("2024-01-01", "2024-01-31")).toBe(31);
    expect(daysInRange("2024-01-01", "2024-01-01")).toBe(1);
    // Across the spring clock change in most zones: the days are UTC, so no hour is lost.
    expect(daysInRange("2024-03-01", "2024-04-30")).toBe(61);
  });

  it("names weekdays in UTC", () => {
    expect(weekdayOf("2024-03-09", "en-US")).toBe("Sat");
    expect(weekdayOf("2024-03-08", "en-US")).toBe("Fri");
  });

  it("takes the day of an RFC 3339 time", () => {
    expect(dayOf("2024-03-08T00:00:00Z")).toBe("2024-03-08");
  });
});
