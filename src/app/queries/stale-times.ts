// How long each endpoint's data stays fresh: never shorter than its cadence, so the budget is not spent on
// the same bytes twice.
import type { Endpoint } from "../../interface/endpoints.ts";
import { BLOCK_SECONDS } from "../../interface/vocabulary.ts";

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;

export const STALE_TIME = {
  /** Prices move once a block. */
  block: BLOCK_SECONDS * SECOND,
  /** Pairs and symbols: the public service cached them 100 min. */
  lists: 100 * MINUTE,
  /** Supply changes when someone posts it; our own posts invalidate it at once. */
  supply: 10 * MINUTE,
  /** The latest fixing is published once a business day. */
  latestRate: HOUR,
  /** The rate types and their first dates. */
  rateTypes: 24 * HOUR,
  /** A fixing for a date in the past, or a range that ended before today. */
  settled: Number.POSITIVE_INFINITY,
} as const;

/** How long an endpoint's response stays fresh (its `freshFor`); a settled date's fixing for ever. */
export function staleTimeOf(endpoint: Endpoint, settled = false): number {
  if (endpoint.freshFor === "fixing") return settled ? STALE_TIME.settled : STALE_TIME.latestRate;
  return STALE_TIME[endpoint.freshFor];
}

/** How long the cache (and its persisted copy) keeps data nobody looks at. Must be ≥ the persister's maxAge. */
export const CACHE_TIME = 24 * HOUR;
