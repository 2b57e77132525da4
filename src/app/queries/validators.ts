// The validator (ETag) of each answer the query cache holds, by the path it was asked at: when a query
// held in the cache (restored from IndexedDB after a reload, or simply stale) is fetched again, it is asked
// with If-None-Match, and an answer that has not changed comes back as a 304 without its body. They are
// persisted in the same record as the cache (query-client.ts), so a restored answer and its validator
// always belong together.

export class Validators {
  private readonly tags = new Map<string, string>();

  get(path: string): string | undefined {
    return this.tags.get(path);
  }

  /** The validator of the answer just taken for `path`, or none (an answer without ETag, a service that sends none). */
  set(path: string, etag: string | null): void {
    if (etag === null) this.tags.delete(path);
    else this.tags.set(path, etag);
  }

  snapshot(): Record<string, string> {
    return Object.fromEntries(this.tags);
  }

  /** Takes a persisted snapshot back, ignoring what is not one (a cache written by an older build). */
  restore(snapshot: unknown): void {
    this.tags.clear();
    if (typeof snapshot !== "object" || snapshot === null) return;
    for (const [path, etag] of Object.entries(snapshot))
      if (typeof etag === "string") this.tags.set(path, etag);
  }

  clear(): void {
    this.tags.clear();
  }
}

/** The dashboard's validators: one query cache, one set of validators. */
export const validators = new Validators();
