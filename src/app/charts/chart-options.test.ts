import { TickMarkType } from "lightweight-charts";
import { afterAll, describe, expect, it } from "vitest";
import { fixReaderLocale } from "../testing/reader-locale.ts";

// A reader in en-US at UTC+05:30, fixed before the module makes its formats.
afterAll(fixReaderLocale("en-US", "Asia/Kolkata"));
const { localTick } = await import("./chart-options.ts");

describe("localTick", () => {
  // 31 Dec 2026, 20:00 UTC: already 1 Jan 2027, 01:30 for the reader.
  const time = Date.UTC(2026, 11, 31, 20, 0) / 1000;

  it("labels each kind of tick in the reader's locale and time zone", () => {
    expect(localTick(time as never, TickMarkType.Year)).toBe("2027");
    expect(localTick(time as never, TickMarkType.Month)).toBe("Jan");
    expect(localTick(time as never, TickMarkType.DayOfMonth)).toBe("Jan 1");
    expect(localTick(time as never, TickMarkType.Time)?.replace("\u202f", " ")).toBe("01:30 AM");
  });

  it("leaves business-day times to the library", () => {
    expect(localTick({ year: 2026, month: 11, day: 22 }, TickMarkType.DayOfMonth)).toBeNull();
  });
});
