import { describe, expect, it } from "vitest";
import { dayOf, daysInRange, isPlausibleDay, weekdayOf } from "./rate-days.ts";

describe("isPlausibleDay", () => {
  it("accepts real days in plausible years only", () => {
    expect(isPlausibleDay("2024-02-29")).toBe(true);
    expect(isPlausibleDay("2023-02-29")).toBe(false);
    expect(isPlausibleDay("2024-04-31")).toBe(false);
    expect(isPlausibleDay("0002-01-01")).toBe(false);
    expect(isPlausibleDay("1899-12-31")).toBe(false);
    expect(isPlausibleDay("1900-01-01")).toBe(true);
    expect(isPlausibleDay("2024-1-1")).toBe(false);
    expect(isPlausibleDay("2024-01-01T00:00:00Z")).toBe(false);
  });
});

describe("day arithmetic", () => {
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
