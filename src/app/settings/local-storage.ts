// The page's localStorage, where it has one: absent outside a browser, and reading it throws where the
// browser forbids storage (blocked cookies, some private modes). The settings, the send log and the cache's
// stored mark all live there, and all fall back to memory without it.
export function localStorageOrNull(): Storage | null {
  try {
    return typeof localStorage === "undefined" ? null : localStorage;
  } catch {
    return null;
  }
}
