import { TickMarkType, type UTCTimestamp } from "lightweight-charts";
import { describe, expect, it } from "vitest";
import { crosshairTime, tickMark } from "./chart-time.ts";

// 31 Dec 2026, 20:00 UTC: already 1 Jan 2027, 05:00 in Tokyo; still 31 Dec in UTC.
const time = (Date.UTC(2026, 11, 31, 20, 0) / 1000) as UTCTimestamp;
const tokyo = { zone: "Asia/Tokyo", utcDays: false };
const utc = { zone: "UTC", utcDays: false };
const days = { zone: "Asia/Tokyo", utcDays: true };
const clean = (text: string | null) => text?.replace(/\u202f/g, " ");

describe("tick marks", () => {
  it("label each kind of tick in the chosen zone", () => {
    expect(tickMark(time, TickMarkType.Year, tokyo, "en-US")).toBe("2027");
    expect(tickMark(time, TickMarkType.Month, tokyo, "en-US")).toBe("Jan");
    expect(tickMark(time, TickMarkType.DayOfMonth, tokyo, "en-US")).toBe("Jan 1");
    expect(clean(tickMark(time, TickMarkType.Time, tokyo, "en-US"))).toBe("05:00 AM");
    expect(clean(tickMark(time, TickMarkType.Time, utc, "en-US"))).toBe("08:00 PM");
    expect(tickMark(time, TickMarkType.Year, utc, "en-US")).toBe("2026");
  });

  it("label UTC days by their UTC date whatever the zone", () => {
    expect(tickMark(time, TickMarkType.DayOfMonth, days, "en-US")).toBe("Dec 31");
    expect(tickMark(time, TickMarkType.Time, days, "en-US")).toBe("Dec 31");
  });

  it("leave business-day times to the library", () => {
    expect(tickMark({ year: 2026, month: 11, day: 22 }, TickMarkType.DayOfMonth, tokyo)).toBeNull();
  });
});

describe("the crosshair's time", () => {
  it("is written in the zone and names it", () => {
    expect(clean(crosshairTime(time, tokyo, "en-US"))).toBe("Jan 1, 2027, 5:00 AM UTC+09:00");
    expect(clean(crosshairTime(time, utc, "en-US"))).toBe("Dec 31, 2026, 8:00 PM UTC");
  });

  it("is the UTC date for UTC days", () => {
    expect(crosshairTime(time, days, "en-US")).toBe("Dec 31, 2026 (UTC day)");
  });
});
