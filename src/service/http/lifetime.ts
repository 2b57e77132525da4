// How long a client, a proxy or a CDN may keep an answer without asking again. The service knows when each
// answer's data can change: market figures at the next 120-second block, nothing sooner (blocks are stored
// after they end, never before); circulating supply and what is ranked by it whenever a writer posts, and
// interest rates whenever an issuer publishes, neither of which it can foresee. So the first kind lives
// until the next block ends, and the others are kept but revalidated (no-cache): an ETag makes that a
// 304 without a body.
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

/** The Cache-Control of a cacheable answer of a lifetime. */
export function cacheControl(lifetime: Lifetime, marketClock: Clock, marketSpeed: number): string {
  if (lifetime === "revalidate") return "public, no-cache";
  return `public, max-age=${secondsToNextBlock(marketClock, marketSpeed)}`;
}

/** What is never kept: refusals, errors, the operator's answers (a new key's secret), health. */
export const NO_STORE = "no-store";
