// The ETag of each cached response, by path, so a cached query fetched again is asked with If-None-Match
// and an unchanged response costs a 304 without its body. Persisted in the cache's own record.

export class Validators {
  private readonly tags = new Map<string, string>();

  get(path: string): string | undefined {
    return this.tags.get(path);
  }

  /** The ETag of the response just taken for `path`, or none when it carried none. */
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
