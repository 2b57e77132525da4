// How long a client, a proxy or a CDN may cache a response. Market figures change only at the next
// 120-second block, so they live until it ends; supply and rates change whenever posted or published, so
// they are cached but revalidated (no-cache), a 304 by their ETag.
import type { Lifetime } from "../../interface/endpoints.ts";
import { BLOCK_SECONDS } from "../../interface/vocabulary.ts";
import type { Clock } from "../clock.ts";

const BLOCK_MS = BLOCK_SECONDS * 1000;

/** Whole seconds of real time until the block under way ends on the market clock (0 at its very end). */
export function secondsToNextBlock(marketClock: Clock, marketSpeed: number): number {
  const now = marketClock.now();
  const next = (Math.floor(now / BLOCK_MS) + 1) * BLOCK_MS;
  return Math.max(0, Math.floor((next - now) / marketSpeed / 1000));
}

/**
 * The header's value for each max-age a block allows, made once: a value built per response is checked by
 * Node character by character after being joined, which showed in the cached responses' profile.
 */
const MAX_AGE = Array.from({ length: BLOCK_SECONDS + 1 }, (_, seconds) => `public, max-age=${seconds}`);

/** The Cache-Control of a cacheable response of a lifetime. */
export function cacheControl(lifetime: Lifetime, marketClock: Clock, marketSpeed: number): string {
  if (lifetime === "revalidate") return "public, no-cache";
  const seconds = secondsToNextBlock(marketClock, marketSpeed);
  return MAX_AGE[seconds] ?? `public, max-age=${seconds}`;
}

/** What is never cached: refusals, errors, the operator's responses (a new key's secret), health. */
export const NO_STORE = "no-store";
