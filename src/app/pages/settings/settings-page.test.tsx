// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act } from "react";
import { createRoot, type Root } from "react-dom/client";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ConnectionProvider } from "../../api/connection-context.tsx";
import { PERSIST_KEY } from "../../queries/query-client.ts";
import { queryKeys } from "../../queries/query-keys.ts";
import { SETTINGS_KEY, SettingsStore } from "../../settings/settings.ts";
import { SettingsProvider } from "../../settings/settings-context.tsx";
import { SettingsPage } from "./settings-page.tsx";

const removed = vi.hoisted(() => [] as string[]);
vi.mock("idb-keyval", () => ({
  del: async (key: string) => {
    removed.push(key);
  },
  get: async () => undefined,
  set: async () => undefined,
}));

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let root: Root;
let container: HTMLDivElement;
let client: QueryClient;
let store: SettingsStore;

beforeEach(async () => {
  localStorage.clear();
  sessionStorage.clear();
  removed.length = 0;
  localStorage.setItem(SETTINGS_KEY, JSON.stringify({ apiKey: "client-7" }));
  store = new SettingsStore(localStorage);
  client = new QueryClient();
  client.setQueryData(queryKeys.coins(), { coins: [] });
  container = document.createElement("div");
  document.body.append(container);
  root = createRoot(container);
  await act(async () => {
    root.render(
      <SettingsProvider store={store}>
        <ConnectionProvider baseUrl="" apiKey="client-7" budgetPerMinute={5}>
          <QueryClientProvider client={client}>
            <SettingsPage />
          </QueryClientProvider>
        </ConnectionProvider>
      </SettingsProvider>,
    );
  });
});

afterEach(() => {
  act(() => root.unmount());
  container.remove();
});

function field(id: string): HTMLInputElement {
  const element = document.getElementById(id);
  if (!(element instanceof HTMLInputElement)) throw new Error(`no input ${id}`);
  return element;
}

function type(element: HTMLInputElement, value: string) {
  const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, "value")?.set;
  act(() => {
    setValue?.call(element, value);
    element.dispatchEvent(new Event("input", { bubbles: true }));
  });
}

async function save() {
  const button = [...container.querySelectorAll("button")].find((b) => b.textContent === "Save settings");
  await act(async () => button?.click());
}

const status = () => container.querySelector(".settings-form output")?.textContent;

describe("SettingsPage", () => {
  it("saves a new service address, clearing the cached data, and keeps the API key", async () => {
    type(field("settings-baseUrl"), " https://other.example/ ");
    type(field("settings-writeKey"), "w-1");
    await save();
    expect(store.get()).toMatchObject({ baseUrl: "https://other.example", apiKey: "client-7" });
    expect(client.getQueryData(queryKeys.coins())).toBeUndefined();
    expect(removed).toEqual([PERSIST_KEY]);
    expect(status()).toMatch(/^Saved\. The service address changed, so the cached data was cleared/);
    expect(field("settings-baseUrl").value).toBe("https://other.example");
    expect(sessionStorage.getItem("cmd.writeKey")).toBe("w-1");
    expect(localStorage.getItem(SETTINGS_KEY)).not.toContain("w-1");
  });

  it("keeps the cache when the address stays", async () => {
    type(field("settings-budgetPerMinute"), "3");
    await save();
    expect(store.get().budgetPerMinute).toBe(3);
    expect(client.getQueryData(queryKeys.coins())).toBeDefined();
    expect(removed).toEqual([]);
    expect(status()).toBe("Saved.");
  });

  it("names an invalid field, keeps what was typed and saves nothing", async () => {
    type(field("settings-baseUrl"), "ftp://x");
    await save();
    const address = field("settings-baseUrl");
    expect(address.getAttribute("aria-invalid")).toBe("true");
    expect(document.getElementById("settings-baseUrl-error")?.textContent).toMatch(/http:\/\/ or https:\/\//);
    expect(document.activeElement).toBe(address);
    expect(address.value).toBe("ftp://x");
    expect(store.get().baseUrl).toBe("");
    expect(status()).toBe("Nothing was saved: one field needs a fix.");
  });

  it("follows a theme changed elsewhere when the field was not touched", async () => {
    act(() => store.update({ theme: "dark" }));
    const dark = container.querySelector<HTMLInputElement>('input[name="theme"][value="dark"]');
    expect(dark?.checked).toBe(true);
  });
});
