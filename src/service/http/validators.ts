// Validators: a strong ETag for each response the service can tell apart by its bytes, and the conditional
// request that asks "has it changed since this one?" (If-None-Match, RFC 9110 §13.1.2).
import { createHash } from "node:crypto";
import type { Coding } from "./encoding.ts";

/**
 * The entity tag of a body: 120 bits of its SHA-1, enough that two different responses never share one. A
 * compressed representation is a different representation (RFC 9110 §8.8.3), so it gets its own tag: the
 * same tag with the coding after a dash.
 */
export function entityTag(body: Buffer | string): string {
  return createHash("sha1").update(body).digest("base64url").slice(0, 20);
}

/** The ETag header's value for a body's tag in a coding. */
export function etagHeader(tag: string, coding: Coding): string {
  return coding === "identity" ? `"${tag}"` : `"${tag}-${coding}"`;
}

/**
 * Whether If-None-Match names the response whose tag is `tag` in any coding: a client holding the gzip copy
 * of a response that has not changed may be told so even when it would now be sent brotli. Weak comparison,
 * as RFC 9110 §13.1.2 asks of If-None-Match; `*` matches any response.
 */
export function matchesNoneMatch(ifNoneMatch: string | undefined, tag: string): boolean {
  if (ifNoneMatch === undefined) return false;
  if (ifNoneMatch.trim() === "*") return true;
  for (const part of ifNoneMatch.split(",")) {
    let value = part.trim();
    if (value.startsWith("W/")) value = value.slice(2);
    if (!value.startsWith('"') || !value.endsWith('"') || value.length < 2) continue;
    const opaque = value.slice(1, -1);
    if (opaque === tag || opaque === `${tag}-br` || opaque === `${tag}-gzip`) return true;
  }
  return false;
}
