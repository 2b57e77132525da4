import { afterEach, describe, expect, it, vi } from "vitest";
import {
  bucketsAreUtcDays,
  formatDateTimeIn,
  formatDayIn,
  formatTickIn,
  formatTimeOfDayIn,
  isoInZone,
  sameDayIn,
  timeZoneAbbreviation,
  timeZoneFileTag,
  timeZoneLabel,
  timeZoneOf,
  timeZoneSettingLabel,
  utcOffset,
} from "./time-zone.ts";

// 2024-01-02T00:30:00Z: still January 1st in New York, already 09:30 in Tokyo.
const T = Date.UTC(2024, 0, 2, 0, 30) / 1000;
// 2024-07-01T12:00:00Z: Paris on summer time.
const SUMMER = Date.UTC(2024, 6, 1, 12) / 1000;
const en = { locale: "en-US" };
const clean = (text: string) => text.replace(/\u202f/g, " ");

describe("the setting", () => {
  it("stands for UTC or the browser's zone", () => {
    expect(timeZoneOf("UTC", "Asia/Tokyo")).toBe("UTC");
    expect(timeZoneOf("browser", "Asia/Tokyo")).toBe("Asia/Tokyo");
  });

  it("names the browser's zone by its IANA name", () => {
    expect(timeZoneSettingLabel("browser", "Europe/Paris")).toBe("Browser (Europe/Paris)");
    expect(timeZoneSettingLabel("UTC", "Europe/Paris")).toBe("UTC");
  });
});

describe("offsets and labels", () => {
  it("writes the offset at the moment, daylight saving included", () => {
    expect(utcOffset(T, "Europe/Paris")).toBe("+01:00");
    expect(utcOffset(SUMMER, "Europe/Paris")).toBe("+02:00");
    expect(utcOffset(T, "America/New_York")).toBe("-05:00");
    expect(utcOffset(T, "Asia/Kathmandu")).toBe("+05:45");
    expect(utcOffset(T, "UTC")).toBe("+00:00");
  });

  it("labels a zone by its offset then its name, UTC as UTC", () => {
    expect(timeZoneLabel("Europe/Paris", T)).toBe("UTC+01:00 Europe/Paris");
    expect(timeZoneLabel("Asia/Tokyo", T)).toBe("UTC+09:00 Asia/Tokyo");
    expect(timeZoneLabel("UTC", T)).toBe("UTC");
    expect(timeZoneAbbreviation("Asia/Tokyo", T)).toBe("UTC+09:00");
    expect(timeZoneAbbreviation("Etc/UTC", T)).toBe("UTC");
  });
});

describe("times in a zone", () => {
  it("writes the date and time in the zone, not the machine's", () => {
    expect(clean(formatDateTimeIn(T, "Asia/Tokyo", en))).toBe("Jan 2, 2024, 9:30 AM");
    expect(clean(formatDateTimeIn(T, "America/New_York", en))).toBe("Jan 1, 2024, 7:30 PM");
    expect(clean(formatDateTimeIn(T + 5, "UTC", { ...en, seconds: true }))).toBe("Jan 2, 2024, 12:30:05 AM");
  });

  it("writes the time of day and the day in the zone", () => {
    expect(clean(formatTimeOfDayIn(T, "Asia/Tokyo", en))).toBe("9:30 AM");
    expect(clean(formatTimeOfDayIn(T + 7, "Asia/Tokyo", { ...en, seconds: true }))).toBe("9:30:07 AM");
    expect(formatDayIn(T, "America/New_York", en)).toBe("Jan 1, 2024");
    expect(formatDayIn(T, "UTC", en)).toBe("Jan 2, 2024");
  });

  it("writes a dash for no time", () => {
    expect(formatDateTimeIn(Number.NaN, "UTC", en)).toBe("—");
  });

  it("labels tick marks in the zone", () => {
    expect(formatTickIn(T, "America/New_York", "day", "en-US")).toBe("Jan 1");
    expect(formatTickIn(T, "Asia/Tokyo", "time", "en-GB")).toBe("09:30");
    expect(formatTickIn(T, "America/New_York", "year", "en-US")).toBe("2024");
  });

  it("tells whether two times share a day in the zone", () => {
    expect(sameDayIn(T, T - 3600, "UTC")).toBe(false);
    expect(sameDayIn(T, T - 3600, "Asia/Tokyo")).toBe(true);
  });
});

describe("ISO 8601 with the offset", () => {
  it("writes the wall time and the zone's offset, the same instant", () => {
    expect(isoInZone(T, "Asia/Tokyo")).toBe("2024-01-02T09:30:00+09:00");
    expect(isoInZone(T, "America/New_York")).toBe("2024-01-01T19:30:00-05:00");
    expect(isoInZone(SUMMER, "Europe/Paris")).toBe("2024-07-01T14:00:00+02:00");
    expect(Date.parse(isoInZone(T, "Asia/Kathmandu"))).toBe(T * 1000);
  });

  it("keeps the service's Z for UTC", () => {
    expect(isoInZone(T, "UTC")).toBe("2024-01-02T00:30:00Z");
  });

  it("names the zone for a file", () => {
    expect(timeZoneFileTag("Europe/Paris")).toBe("Europe_Paris");
    expect(timeZoneFileTag("UTC")).toBe("UTC");
  });
});

describe("UTC-day buckets", () => {
  it("are the daily and weekly scales only", () => {
    expect(bucketsAreUtcDays("1d")).toBe(true);
    expect(bucketsAreUtcDays("1w")).toBe(true);
    expect(bucketsAreUtcDays("1h")).toBe(false);
    expect(bucketsAreUtcDays("raw")).toBe(false);
  });
});

describe("the browser's zone", () => {
  // Each test reads the module afresh: the zone is kept once read.
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it("is read from Temporal where the browser has it, once a visit, with no date format made", async () => {
    const timeZoneId = vi.fn(() => "Pacific/Auckland");
    vi.stubGlobal("Temporal", { Now: { timeZoneId } });
    const made = vi.spyOn(Intl, "DateTimeFormat");
    vi.resetModules();
    const { browserTimeZone: read } = await import("./time-zone.ts");
    expect([read(), read()]).toEqual(["Pacific/Auckland", "Pacific/Auckland"]);
    expect(timeZoneId).toHaveBeenCalledTimes(1);
    expect(made).not.toHaveBeenCalled();
  });

  it("is read from Intl where the browser has no Temporal", async () => {
    vi.stubGlobal("Temporal", undefined);
    vi.resetModules();
    const { browserTimeZone: read } = await import("./time-zone.ts");
    expect(read()).toBe(new Intl.DateTimeFormat().resolvedOptions().timeZone);
  });
});
