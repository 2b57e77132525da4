// The write key for posting supply. Kept in session storage only: it lasts while the tab is open, never
// lands in localStorage, the URL, the query cache or the bundle.
import { sessionStorageOrNull } from "./browser-storage.ts";

const WRITE_KEY = "cmd.writeKey";

export function loadWriteKey(storage: Storage | null = sessionStorageOrNull()): string {
  try {
    return storage?.getItem(WRITE_KEY) ?? "";
  } catch {
    return "";
  }
}

export function saveWriteKey(key: string, storage: Storage | null = sessionStorageOrNull()): void {
  try {
    if (key === "") storage?.removeItem(WRITE_KEY);
    else storage?.setItem(WRITE_KEY, key);
  } catch {
    // Session storage disabled: the key is only kept in the form.
  }
}
