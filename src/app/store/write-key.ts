// The write key for posting supply, in session storage only, so it never outlives the tab nor lands in
// localStorage, the URL, the query cache or the bundle.
import { readStored, sessionStorageOrNull, writeStored } from "./browser-storage.ts";

const WRITE_KEY = "cmd.writeKey";

export function loadWriteKey(storage: Storage | null = sessionStorageOrNull()): string {
  return readStored(WRITE_KEY, storage);
}

export function saveWriteKey(key: string, storage: Storage | null = sessionStorageOrNull()): void {
  writeStored(WRITE_KEY, key, storage);
}
