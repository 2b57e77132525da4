// The operator's admin key, in session storage only like the write key. Readers subscribe because session
// storage sends no event to the tab that wrote it, and the navigation shows the console's link by it.
import { useSyncExternalStore } from "react";
import { readStored, sessionStorageOrNull, writeStored } from "./browser-storage.ts";

const ADMIN_KEY = "cmd.adminKey";
const listeners = new Set<() => void>();

export function loadAdminKey(storage: Storage | null = sessionStorageOrNull()): string {
  return readStored(ADMIN_KEY, storage);
}

/** Keeps `key` for this tab; "" forgets it. */
export function saveAdminKey(key: string, storage: Storage | null = sessionStorageOrNull()): void {
  writeStored(ADMIN_KEY, key, storage);
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
