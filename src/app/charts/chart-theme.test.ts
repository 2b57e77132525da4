import { afterAll, describe, expect, it } from "vitest";
import { fixReaderLocale } from "../testing/reader-locale.ts";

// A reader in en-US at UTC+05:30, fixed before the module makes its formats.
afterAll(fixReaderLocale("en-US", "Asia/Kolkata"));
const { formatLocalTime, valueWriter } = await import("./chart-theme.ts");

describe("valueWriter", () => {
  it("writes USD points in dollars: two decimals from 1 up, five significant digits below", () => {
    const write = valueWriter({ currency: "USD", rate: 1, locale: "en-US" });
    expect(write(1234.5678)).toBe("$1,234.57");
    expect(write(1)).toBe("$1.00");
    expect(write(-2.5)).toBe("-$2.50");
    expect(write(0.012345678)).toBe("$0.012346");
    expect(write(-0.5)).toBe("-$0.5");
    expect(write(0)).toBe("$0");
  });

  it("converts to the chosen currency before choosing between the two, in that currency's own digits", () => {
    const euros = valueWriter({ currency: "EUR", rate: 0.9, locale: "en-US" });
    expect(euros(100)).toBe("€90.00");
    // 1 USD is 0.90 EUR: below 1 once converted.
    expect(euros(1)).toBe("€0.9");
    const yen = valueWriter({ currency: "JPY", rate: 150, locale: "en-US" });
    expect(yen(1)).toBe("¥150");
    expect(yen(0.001)).toBe("¥0.15");
  });

  it("writes in the locale it is given", () => {
    expect(valueWriter({ currency: "EUR", rate: 1, locale: "de-DE" })(1234.5)).toBe("1.234,50\u00a0€");
  });

  it("takes a function as the writer itself", () => {
    const percent = (value: number) => `${value}%`;
    expect(valueWriter(percent)).toBe(percent);
  });
});

describe("formatLocalTime", () => {
  it("writes a chart time (UTC seconds) as a date and time in the reader's locale and time zone", () => {
    // 31 Dec 2026, 20:00 UTC: already 1 Jan 2027, 01:30 for the reader.
    const time = Date.UTC(2026, 11, 31, 20, 0) / 1000;
    expect(formatLocalTime(time as never).replace("\u202f", " ")).toBe("Jan 1, 2027, 1:30 AM");
  });

  it("writes a business-day time as given", () => {
    expect(formatLocalTime("2026-12-31")).toBe("2026-12-31");
  });
});
