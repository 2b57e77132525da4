// The page's storage, where it has it: absent outside a browser, and reading it throws where the browser
// forbids storage (blocked cookies, some private modes). The settings, the send log and the cache's stored
// mark live in localStorage; the write and admin keys only in sessionStorage. Each falls back to memory.
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
