// @vitest-environment jsdom
import { act, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { PERSIST_KEY } from "../queries/query-client.ts";
import { queryKeys } from "../queries/query-keys.ts";
import { SETTINGS_KEY } from "../store/settings.ts";
import { type Page, renderPage, resetPage, testQueryClient } from "../testing/page-harness.tsx";
import { SettingsPage } from "./settings-page.tsx";

const removed = vi.hoisted(() => [] as string[]);
vi.mock("idb-keyval", () => ({
  del: async (key: string) => {
    removed.push(key);
  },
  get: async () => undefined,
  set: async () => undefined,
}));

// The browser's zone, fixed: the machine's own must not decide what the page says.
vi.mock("../format/time-zone.ts", async (importOriginal) => ({
  ...(await importOriginal<typeof import("../format/time-zone.ts")>()),
  browserTimeZone: () => "Asia/Tokyo",
}));

let page: Page;

beforeEach(() => {
  removed.length = 0;
  const client = testQueryClient();
  client.setQueryData(queryKeys.coins(), { coins: [] });
  page = renderPage({
    routes: [{ path: "/settings", Component: SettingsPage }],
    entry: "/settings",
    settings: { apiKey: "client-7" },
    client,
  });
});

afterEach(resetPage);

/** Replaces what the field labelled `label` holds, as a person types it. */
async function fill(label: string, text: string) {
  const field = screen.getByLabelText(label);
  await page.user.clear(field);
  await page.user.type(field, text);
}

const save = () => page.user.click(screen.getByRole("button", { name: "Save settings" }));
const status = () => within(screen.getByRole("form", { name: "Settings" })).getByRole("status");

describe("SettingsPage", () => {
  it("saves a new service address, clearing the cached data, and keeps the API key", async () => {
    await fill("Service address", " https://other.example/ ");
    await fill("Write key", "w-1");
    await save();
    await waitFor(() =>
      expect(status()).toHaveTextContent(
        /^Saved\. The service address changed, so the cached data was cleared/,
      ),
    );
    expect(page.store.get()).toMatchObject({ baseUrl: "https://other.example", apiKey: "client-7" });
    expect(page.client.getQueryData(queryKeys.coins())).toBeUndefined();
    expect(removed).toEqual([PERSIST_KEY]);
    expect(screen.getByLabelText("Service address")).toHaveValue("https://other.example");
    expect(sessionStorage.getItem("cmd.writeKey")).toBe("w-1");
    expect(localStorage.getItem(SETTINGS_KEY)).not.toContain("w-1");
  });

  it("keeps the cache when the address stays", async () => {
    await fill("Requests per minute", "3");
    await save();
    await waitFor(() => expect(status()).toHaveTextContent(/^Saved\.$/));
    expect(page.store.get().budgetPerMinute).toBe(3);
    expect(page.client.getQueryData(queryKeys.coins())).toBeDefined();
    expect(removed).toEqual([]);
  });

  it("names an invalid field, keeps what was typed and saves nothing", async () => {
    await fill("Service address", "ftp://x");
    await save();
    const address = screen.getByLabelText("Service address");
    expect(address).toBeInvalid();
    expect(address).toHaveAccessibleDescription(/http:\/\/ or https:\/\//);
    expect(address).toHaveFocus();
    expect(address).toHaveValue("ftp://x");
    expect(page.store.get().baseUrl).toBe("");
    expect(status()).toHaveTextContent(/^Nothing was saved: one field needs a fix\.$/);
  });

  it("focuses the first invalid field in the form's order, each described by its problem", async () => {
    await fill("Requests per minute", "x");
    await fill("Write key", "c d");
    await fill("API key", "a b");
    await save();
    const apiKey = screen.getByLabelText("API key");
    expect(apiKey).toHaveFocus();
    expect(apiKey).toBeInvalid();
    expect(apiKey).toHaveAccessibleDescription(/^An API key has no spaces/);
    expect(screen.getByLabelText("Write key")).toHaveAccessibleDescription(/^A write key has no spaces/);
    expect(screen.getByLabelText("Requests per minute")).toBeInvalid();
    expect(status()).toHaveTextContent(/^Nothing was saved: 3 fields need a fix\.$/);
  });

  it("follows a theme changed elsewhere when the field was not touched", () => {
    expect(screen.getByRole("radio", { name: "Dark" })).not.toBeChecked();
    act(() => page.store.update({ theme: "dark" }));
    expect(screen.getByRole("radio", { name: "Dark" })).toBeChecked();
  });

  it("offers UTC or the browser's zone by name, and saves the choice", async () => {
    const zones = screen.getByRole("group", { name: "Time zone" });
    const browser = within(zones).getByRole("radio", { name: "Browser (Asia/Tokyo)" });
    expect(browser).toBeChecked();
    expect(zones).toHaveAccessibleDescription(/written in UTC\+09:00 Asia\/Tokyo\./);
    await page.user.click(within(zones).getByRole("radio", { name: "UTC" }));
    expect(zones).toHaveAccessibleDescription(
      /written in UTC\. Daily and weekly chart buckets stay UTC days/,
    );
    expect(page.store.get().timeZone).toBe("browser");
    await save();
    await waitFor(() => expect(status()).toHaveTextContent(/^Saved\.$/));
    expect(page.store.get().timeZone).toBe("UTC");
    expect(JSON.parse(localStorage.getItem(SETTINGS_KEY) ?? "{}").timeZone).toBe("UTC");
  });
});
