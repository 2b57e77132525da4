import { describe, expect, it } from "vitest";
import { dateTimeFormat, formatDate } from "./dates.ts";

describe("date formats made once", () => {
  const when = new Date("2026-03-08T14:05:09Z");

  it("writes what toLocaleString writes with the same options and locale", () => {
    const options = { dateStyle: "medium", timeStyle: "medium", timeZone: "UTC" } as const;
    expect(formatDate(when, options, "en-US")).toBe(when.toLocaleString("en-US", options));
    expect(formatDate(when, options, "de-DE")).toBe(when.toLocaleString("de-DE", options));
    expect(formatDate(when, { weekday: "short", timeZone: "UTC" }, "en-US")).toBe("Sun");
  });

  it("keeps one format per locale and options, and tells different options apart", () => {
    const medium = dateTimeFormat({ timeStyle: "medium" }, "en-US");
    expect(dateTimeFormat({ timeStyle: "medium" }, "en-US")).toBe(medium);
    expect(dateTimeFormat({ timeStyle: "short" }, "en-US")).not.toBe(medium);
    expect(dateTimeFormat({ timeStyle: "medium" }, "fr-FR")).not.toBe(medium);
  });
});
