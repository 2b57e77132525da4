// @vitest-environment jsdom
// A connection in a browser: its budget shares the send log and 429 pauses with the other tabs while it is
// linked, and only then (React links it in an effect, and StrictMode links, unlinks and links again).
// Real timers: BroadcastChannel delivers on the event loop, which fake timers do not drive.
import { afterEach, describe, expect, it, vi } from "vitest";
import { browserTabs } from "../budget/cross-tab.ts";
import { createConnection, sendLogKeyOf } from "./connection.ts";

const SETTINGS = { baseUrl: "https://cmd.test", apiKey: "", budgetPerMinute: 5 };
const KEY = sendLogKeyOf(SETTINGS.baseUrl, SETTINGS.apiKey);

const cleanups: (() => void)[] = [];
afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup();
  localStorage.clear();
});

/** What the browser fires in the other tabs when one writes `key`. */
function storageEvent(key: string): StorageEvent {
  return new StorageEvent("storage", { key, storageArea: localStorage });
}

describe("sendLogKeyOf", () => {
  it("gives each service and API key a log of its own, without writing the key into its name", () => {
    const keyed = sendLogKeyOf(SETTINGS.baseUrl, "secret-client-key");
    expect(keyed).not.toContain("secret-client-key");
    expect(
      new Set([KEY, keyed, sendLogKeyOf(SETTINGS.baseUrl, "other-key"), sendLogKeyOf("", "")]).size,
    ).toBe(4);
    expect(sendLogKeyOf(SETTINGS.baseUrl, "secret-client-key")).toBe(keyed);
  });
});

describe("createConnection in a browser", () => {
  it("links the connection to the other tabs while linked, and again after an unlink", async () => {
    expect(browserTabs(localStorage)).not.toBeNull();
    const connection = createConnection(SETTINGS);
    expect(connection.sendLogKey).toBe(KEY);
    const refresh = vi.spyOn(connection.budget, "refresh");
    window.dispatchEvent(storageEvent(KEY));
    expect(refresh).not.toHaveBeenCalled();
    // As React's StrictMode does with the effect: link, unlink, link again.
    connection.linkTabs()();
    const unlink = connection.linkTabs();
    cleanups.push(unlink);
    window.dispatchEvent(storageEvent(KEY));
    expect(refresh).toHaveBeenCalledTimes(1);

    // Another tab of the same service, paused by a 429.
    const other = createConnection(SETTINGS);
    cleanups.push(other.linkTabs());
    const until = Date.now() + 20_000;
    other.budget.pauseUntil(until);
    await vi.waitFor(() => expect(connection.budget.snapshot().pausedUntil).toBe(until));

    unlink();
    window.dispatchEvent(storageEvent(KEY));
    expect(refresh).toHaveBeenCalledTimes(1);
  });

  it("stays this page alone outside a browser: no shared log, no storage events, no shared pauses", async () => {
    const alone = createConnection(SETTINGS, null, null);
    const refresh = vi.spyOn(alone.budget, "refresh");
    cleanups.push(alone.linkTabs());
    // Two browser tabs of the same service, linked: the second tells when the first's pause has been passed on.
    const tab = createConnection(SETTINGS);
    cleanups.push(tab.linkTabs());
    const witness = createConnection(SETTINGS);
    cleanups.push(witness.linkTabs());

    // Its sends stay in its own memory: counted by it alone, nothing written to the browser's storage.
    await alone.budget.schedule(async () => "sent", { priority: "visible" });
    expect(alone.budget.snapshot().used).toBe(1);
    expect(localStorage.getItem(KEY)).toBeNull();
    expect(tab.budget.snapshot().used).toBe(0);

    // A write of the shared log in another tab does not wake it.
    window.dispatchEvent(storageEvent(KEY));
    expect(refresh).not.toHaveBeenCalled();

    // Another tab's 429 pause reaches the linked tabs, not it.
    const until = Date.now() + 20_000;
    tab.budget.pauseUntil(until);
    await vi.waitFor(() => expect(witness.budget.snapshot().pausedUntil).toBe(until));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(alone.budget.snapshot().pausedUntil).toBeNull();

    // And its own pause reaches no tab.
    alone.budget.pauseUntil(until + 10_000);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(alone.budget.snapshot().pausedUntil).toBe(until + 10_000);
    expect(witness.budget.snapshot().pausedUntil).toBe(until);
  });
});
