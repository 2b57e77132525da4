// The page's storage, where it has it: absent outside a browser, and reading it throws where the browser
// forbids storage (blocked cookies, some private modes). Each caller falls back to memory.
export function localStorageOrNull(): Storage | null {
  try {
    return typeof localStorage === "undefined" ? null : localStorage;
  } catch {
    return null;
  }
}

export function sessionStorageOrNull(): Storage | null {
  try {
    return typeof sessionStorage === "undefined" ? null : sessionStorage;
  } catch {
    return null;
  }
}

/** The value kept under `key`; "" when none, or when storage cannot be read. */
export function readStored(key: string, storage: Storage | null): string {
  try {
    return storage?.getItem(key) ?? "";
  } catch {
    return "";
  }
}

/** Keeps `value` under `key`, "" removing it; where storage refuses, the value lasts only in the page. */
export function writeStored(key: string, value: string, storage: Storage | null): void {
  try {
    if (value === "") storage?.removeItem(key);
    else storage?.setItem(key, value);
  } catch {
    // Storage disabled or full: nothing more to do.
  }
}
