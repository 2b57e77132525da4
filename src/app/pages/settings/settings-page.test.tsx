// @vitest-environment jsdom
import { act } from "react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { PERSIST_KEY } from "../../queries/query-client.ts";
import { queryKeys } from "../../queries/query-keys.ts";
import { SETTINGS_KEY } from "../../settings/settings.ts";
import { cleanup, type Page, renderPage, testQueryClient, typeInto } from "../../testing/page-harness.tsx";
import { SettingsPage } from "./settings-page.tsx";

const removed = vi.hoisted(() => [] as string[]);
vi.mock("idb-keyval", () => ({
  del: async (key: string) => {
    removed.push(key);
  },
  get: async () => undefined,
  set: async () => undefined,
}));

let page: Page;

beforeEach(async () => {
  removed.length = 0;
  const client = testQueryClient();
  client.setQueryData(queryKeys.coins(), { coins: [] });
  page = await renderPage({
    routes: [{ path: "/settings", Component: SettingsPage }],
    entry: "/settings",
    settings: { apiKey: "client-7" },
    client,
  });
});

afterEach(cleanup);

function field(id: string): HTMLInputElement {
  const element = document.getElementById(id);
  if (!(element instanceof HTMLInputElement)) throw new Error(`no input ${id}`);
  return element;
}

async function save() {
  const button = [...page.container.querySelectorAll("button")].find(
    (b) => b.textContent === "Save settings",
  );
  await act(async () => button?.click());
}

const status = () => page.container.querySelector(".settings-form output")?.textContent;

describe("SettingsPage", () => {
  it("saves a new service address, clearing the cached data, and keeps the API key", async () => {
    typeInto(field("settings-baseUrl"), " https://other.example/ ");
    typeInto(field("settings-writeKey"), "w-1");
    await save();
    expect(page.store.get()).toMatchObject({ baseUrl: "https://other.example", apiKey: "client-7" });
    expect(page.client.getQueryData(queryKeys.coins())).toBeUndefined();
    expect(removed).toEqual([PERSIST_KEY]);
    expect(status()).toMatch(/^Saved\. The service address changed, so the cached data was cleared/);
    expect(field("settings-baseUrl").value).toBe("https://other.example");
    expect(sessionStorage.getItem("cmd.writeKey")).toBe("w-1");
    expect(localStorage.getItem(SETTINGS_KEY)).not.toContain("w-1");
  });

  it("keeps the cache when the address stays", async () => {
    typeInto(field("settings-budgetPerMinute"), "3");
    await save();
    expect(page.store.get().budgetPerMinute).toBe(3);
    expect(page.client.getQueryData(queryKeys.coins())).toBeDefined();
    expect(removed).toEqual([]);
    expect(status()).toBe("Saved.");
  });

  it("names an invalid field, keeps what was typed and saves nothing", async () => {
    typeInto(field("settings-baseUrl"), "ftp://x");
    await save();
    const address = field("settings-baseUrl");
    expect(address.getAttribute("aria-invalid")).toBe("true");
    expect(document.getElementById("settings-baseUrl-error")?.textContent).toMatch(/http:\/\/ or https:\/\//);
    expect(document.activeElement).toBe(address);
    expect(address.value).toBe("ftp://x");
    expect(page.store.get().baseUrl).toBe("");
    expect(status()).toBe("Nothing was saved: one field needs a fix.");
  });

  it("follows a theme changed elsewhere when the field was not touched", async () => {
    act(() => page.store.update({ theme: "dark" }));
    const dark = page.container.querySelector<HTMLInputElement>('input[name="theme"][value="dark"]');
    expect(dark?.checked).toBe(true);
  });
});
