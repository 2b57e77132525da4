import { describe, expect, it } from "vitest";
import { DEFAULT_SETTINGS, type Settings } from "../store/settings.ts";
import {
  changedSettings,
  checkSettingsDraft,
  draftOf,
  followSettings,
  type SettingsDraft,
} from "./settings-draft.ts";

const SETTINGS: Settings = { ...DEFAULT_SETTINGS, apiKey: "client-1", favourites: ["BTC"] };
const draft = (change: Partial<SettingsDraft> = {}): SettingsDraft => ({
  ...draftOf(SETTINGS, ""),
  ...change,
});

describe("checkSettingsDraft", () => {
  it("gives the values to save, normalised", () => {
    const checked = checkSettingsDraft(
      draft({
        baseUrl: " https://md.example/ ",
        apiKey: " k1 ",
        writeKey: "w",
        budgetPerMinute: " 12 ",
        theme: "dark",
      }),
    );
    expect(checked).toEqual({
      ok: true,
      values: {
        settings: {
          baseUrl: "https://md.example",
          apiKey: "k1",
          budgetPerMinute: 12,
          theme: "dark",
          currency: "USD",
          timeZone: "browser",
        },
        writeKey: "w",
      },
    });
  });

  it("accepts an empty address (this site) and no keys", () => {
    const checked = checkSettingsDraft(draft({ baseUrl: "", apiKey: "" }));
    expect(checked.ok).toBe(true);
  });

  it("names a wrong scheme", () => {
    const checked = checkSettingsDraft(draft({ baseUrl: "ftp://x" }));
    expect(checked).toEqual({
      ok: false,
      errors: { baseUrl: "The service address must start with http:// or https://; got ftp:." },
    });
  });

  it("says when the address is not a web address at all", () => {
    const checked = checkSettingsDraft(draft({ baseUrl: "market data" }));
    expect(checked.ok).toBe(false);
    if (!checked.ok) expect(checked.errors.baseUrl).toMatch(/“market data” is not a web address/);
  });

  it.each(["0", "abc", "1.5", "-3", "10001", ""])("refuses %j as a budget", (budgetPerMinute) => {
    const checked = checkSettingsDraft(draft({ budgetPerMinute }));
    expect(checked.ok).toBe(false);
    if (!checked.ok) expect(checked.errors.budgetPerMinute).toMatch(/whole number of requests per minute/);
  });

  it("refuses keys with spaces inside, every problem at once", () => {
    const checked = checkSettingsDraft(draft({ apiKey: "a b", writeKey: "c\td", budgetPerMinute: "x" }));
    expect(checked.ok).toBe(false);
    if (checked.ok) return;
    expect(Object.keys(checked.errors)).toEqual(["apiKey", "writeKey", "budgetPerMinute"]);
  });
});

describe("changedSettings", () => {
  it("holds only the fields that differ", () => {
    const next = {
      baseUrl: "",
      apiKey: "client-1",
      budgetPerMinute: 5,
      theme: "dark" as const,
      currency: "EUR" as const,
      timeZone: "UTC" as const,
    };
    expect(changedSettings(SETTINGS, next)).toEqual({ theme: "dark", currency: "EUR", timeZone: "UTC" });
  });
});

describe("followSettings", () => {
  it("moves untouched fields to the new settings and keeps what was typed", () => {
    const before = draftOf(SETTINGS, "");
    const after = draftOf({ ...SETTINGS, theme: "dark", budgetPerMinute: 9 }, "");
    const typed = { ...before, budgetPerMinute: "7", baseUrl: "http://x" };
    expect(followSettings(typed, before, after)).toEqual({ ...typed, theme: "dark" });
  });
});
