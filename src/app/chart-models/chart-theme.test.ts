import { describe, expect, it } from "vitest";
import { valueWriter } from "./chart-theme.ts";

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
