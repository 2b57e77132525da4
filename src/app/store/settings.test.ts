import { describe, expect, it } from "vitest";
import { DEFAULT_SETTINGS, readSettings, SETTINGS_KEY, SettingsStore } from "./settings.ts";

function memoryStorage(): Storage {
  const items = new Map<string, string>();
  return {
    get length() {
      return items.size;
    },
    clear: () => items.clear(),
    getItem: (key) => items.get(key) ?? null,
    key: (index) => [...items.keys()][index] ?? null,
    removeItem: (key) => items.delete(key),
    setItem: (key, value) => items.set(key, value),
  };
}

describe("the time zone setting", () => {
  it("defaults to the browser's zone", () => {
    expect(readSettings(null).timeZone).toBe("browser");
    expect(DEFAULT_SETTINGS.timeZone).toBe("browser");
  });

  it("reads a stored UTC back", () => {
    expect(readSettings(JSON.stringify({ timeZone: "UTC" })).timeZone).toBe("UTC");
  });

  it("falls back alone when unreadable, keeping the other fields", () => {
    const settings = readSettings(JSON.stringify({ timeZone: "Mars/Olympus", theme: "dark" }));
    expect(settings.timeZone).toBe("browser");
    expect(settings.theme).toBe("dark");
  });

  it("is kept in storage and read by the next page", () => {
    const storage = memoryStorage();
    new SettingsStore(storage).update({ timeZone: "UTC" });
    expect(JSON.parse(storage.getItem(SETTINGS_KEY) ?? "{}").timeZone).toBe("UTC");
    expect(new SettingsStore(storage).get().timeZone).toBe("UTC");
  });
});
