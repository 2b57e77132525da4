// The operator's admin key. Kept in session storage only, like the write key: it lasts while the tab is
// open, never lands in localStorage, the URL, the query cache or the bundle. Readers subscribe, so the
// main navigation shows the console's link the moment a key is accepted and hides it when forgotten
// (session storage sends no event to the tab that wrote it).
import { useSyncExternalStore } from "react";
import { sessionStorageOrNull } from "./browser-storage.ts";

const ADMIN_KEY = "cmd.adminKey";
const listeners = new Set<() => void>();

export function loadAdminKey(storage: Storage | null = sessionStorageOrNull()): string {
  try {
    return storage?.getItem(ADMIN_KEY) ?? "";
  } catch {
    return "";
  }
}

/** Keeps `key` for this tab; "" forgets it. */
export function saveAdminKey(key: string, storage: Storage | null = sessionStorageOrNull()): void {
  try {
    if (key === "") storage?.removeItem(ADMIN_KEY);
    else storage?.setItem(ADMIN_KEY, key);
  } catch {
    // Session storage disabled: the console works until the page is left, then asks again.
  }
  for (const listener of [...listeners]) listener();
}

export function forgetAdminKey(storage: Storage | null = sessionStorageOrNull()): void {
  saveAdminKey("", storage);
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The admin key of this tab ("" when none), re-read whenever the console keeps or forgets one. */
export function useAdminKey(): string {
  return useSyncExternalStore(
    subscribe,
    () => loadAdminKey(),
    () => "",
  );
}
