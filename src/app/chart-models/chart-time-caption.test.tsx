// @vitest-environment jsdom
import { describe, expect, it } from "vitest";
import { timeAxisCaption } from "./chart-time-caption.tsx";

const winter = Date.UTC(2026, 0, 15) / 1000;

describe("timeAxisCaption", () => {
  it("names the zone, or says the times are UTC days", () => {
    expect(timeAxisCaption("Asia/Tokyo", false, winter)).toBe("Times in UTC+09:00 Asia/Tokyo");
    expect(timeAxisCaption("Europe/Paris", false, winter)).toBe("Times in UTC+01:00 Europe/Paris");
    expect(timeAxisCaption("UTC", false, winter)).toBe("Times in UTC");
    expect(timeAxisCaption("Asia/Tokyo", true, winter)).toBe("UTC days");
  });
});
