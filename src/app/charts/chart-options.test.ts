import { TickMarkType } from "lightweight-charts";
import { describe, expect, it } from "vitest";
import { localTick } from "./chart-options.ts";

describe("localTick", () => {
  const time = Date.UTC(2026, 10, 22, 9, 24) / 1000;
  const date = new Date(time * 1000);

  it("labels each kind of tick in the reader's time zone, as toLocale*String would", () => {
    expect(localTick(time as never, TickMarkType.Year)).toBe(
      date.toLocaleDateString(undefined, { year: "numeric" }),
    );
    expect(localTick(time as never, TickMarkType.Month)).toBe(
      date.toLocaleDateString(undefined, { month: "short" }),
    );
    expect(localTick(time as never, TickMarkType.DayOfMonth)).toBe(
      date.toLocaleDateString(undefined, { day: "numeric", month: "short" }),
    );
    expect(localTick(time as never, TickMarkType.Time)).toBe(
      date.toLocaleTimeString(undefined, { hour: "2-digit", minute: "2-digit" }),
    );
  });

  it("leaves business-day times to the library", () => {
    expect(localTick({ year: 2026, month: 11, day: 22 }, TickMarkType.DayOfMonth)).toBeNull();
  });
});
