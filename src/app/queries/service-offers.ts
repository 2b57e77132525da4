// Which of our extensions (candles, a block's provenance) the service at an address does not offer, learned
// from its own answer to one of their requests and kept for the tab's session: the public service this
// interface copies has none of them, and a page that knows opens on what the service has without spending
// a request of the budget to find out again.
import { useSyncExternalStore } from "react";
import { readStored, sessionStorageOrNull, writeStored } from "../store/browser-storage.ts";
import { useConnection } from "../transport/connection-context.tsx";
import { ApiRequestError, refusalMessage } from "../transport/transport.ts";

/** Our endpoints beyond the interface that a page can do without. */
export type Extension = "candles" | "provenance";

/**
 * Extensions that came into our service together (in one change): a service lacks all of one group or
 * none, so the answer to one tells of the others and the reader spends no request finding it out again.
 */
const TOGETHER: readonly (readonly Extension[])[] = [["candles", "provenance"]];

/** How our own service words a 404 for a path it has no route for (an older version of it). */
const NO_SUCH_ROUTE = "no such route: ";

/**
 * Whether `error` is the answer to a path the service does not have: a 404 without the service's error
 * record (the public service's `404 page not found`, in plain text), or our own service's "no such route".
 * A 404 with a record about the resource (an unknown symbol) is not: the endpoint is there.
 */
export function answeredUnknownPath(error: unknown): boolean {
  if (!(error instanceof ApiRequestError) || error.status !== 404) return false;
  // The transport words a 404 with no readable record so; a record gives the service's own words.
  return error.message === refusalMessage(404, "") || error.message.startsWith(NO_SUCH_ROUTE);
}

function storageKey(baseUrl: string): string {
  return `cmd.notOffered|${baseUrl}`;
}

/** Where storage is refused, the page's memory: the session is then as long as the page. */
const inMemory = new Map<string, string>();
const listeners = new Set<() => void>();

function read(baseUrl: string, storage: Storage | null): string {
  return storage === null
    ? (inMemory.get(storageKey(baseUrl)) ?? "")
    : readStored(storageKey(baseUrl), storage);
}

function notOffered(baseUrl: string, storage: Storage | null): Extension[] {
  return read(baseUrl, storage)
    .split(",")
    .filter((name): name is Extension => name === "candles" || name === "provenance");
}

/** Whether the service at `baseUrl` is known this session not to offer `extension`. */
export function isNotOffered(
  baseUrl: string,
  extension: Extension,
  storage: Storage | null = sessionStorageOrNull(),
): boolean {
  return notOffered(baseUrl, storage).includes(extension);
}

/**
 * Keeps that the service at `baseUrl` does not offer `extension` (nor what came with it), and tells the
 * pages reading it.
 */
export function markNotOffered(
  baseUrl: string,
  extension: Extension,
  storage: Storage | null = sessionStorageOrNull(),
): void {
  const known = notOffered(baseUrl, storage);
  const lacking = TOGETHER.find((group) => group.includes(extension)) ?? [extension];
  if (lacking.every((name) => known.includes(name))) return;
  const value = [...new Set([...known, ...lacking])].sort().join(",");
  if (storage === null) inMemory.set(storageKey(baseUrl), value);
  else writeStored(storageKey(baseUrl), value, storage);
  for (const listener of [...listeners]) listener();
}

/**
 * `request`, noting on the way that the service does not offer `extension` when it answers as for a path
 * it does not have; the failure still reaches the caller.
 */
export async function notingUnknownPath<T>(
  baseUrl: string,
  extension: Extension,
  request: Promise<T>,
): Promise<T> {
  try {
    return await request;
  } catch (error) {
    if (answeredUnknownPath(error)) markNotOffered(baseUrl, extension);
    throw error;
  }
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Whether the service this page talks to may offer `extension`: true until it answered otherwise. */
export function useOffered(extension: Extension): boolean {
  const { baseUrl } = useConnection();
  // The stored string is the snapshot: a primitive, so an unchanged one never re-renders.
  const known = useSyncExternalStore(subscribe, () => read(baseUrl, sessionStorageOrNull()));
  return !known.split(",").includes(extension);
}
