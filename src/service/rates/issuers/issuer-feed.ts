// What the issuer source needs to know of one issuer feed: the types it carries, when they are published,
// the requests that fetch fixings since a date, and how to read a response. One module per issuer
// (ecb-feed.ts, nyfed-feeds.ts, boe-feed.ts) describes its feeds; issuer-source.ts runs them.
import { isIsoDay } from "../../../interface/iso-day.ts";
import type { RATE_TYPES, RateType } from "../../../interface/vocabulary.ts";
import type { PublicationSchedule } from "./publication.ts";

/** The issuers as the interface names them. */
export type RateIssuer = (typeof RATE_TYPES)[RateType]["issuer"];

/** One fixing as an issuer gives it. */
export interface Observation {
  readonly type: RateType;
  /** yyyy-mm-dd */
  readonly effectiveDate: string;
  readonly value: number;
}

/** A response that is not what the issuer sends: refused whole, nothing of it stored. */
export class IssuerResponseError extends Error {
  override name = "IssuerResponseError";
}

export interface IssuerFeed {
  /** The feed's name in the log and the status, e.g. "ECB €STR". */
  readonly name: string;
  readonly issuer: RateIssuer;
  /** The issuer's own origin; RATE_ISSUER_HOSTS can send the requests elsewhere, paths kept. */
  readonly origin: string;
  readonly types: readonly RateType[];
  readonly publication: PublicationSchedule;
  /**
   * Paths with query (from the origin) asking for the fixings effective from `from` to `to` (yyyy-mm-dd,
   * inclusive), within the issuer's own limits.
   */
  requests(from: string, to: string): string[];
  /**
   * The fixings of one response, in any order. `status` is the HTTP status; throws IssuerResponseError for
   * a response that cannot be read (the whole response is refused).
   */
  read(status: number, body: string): Observation[];
}

/** A yyyy-mm-dd calendar date, or an IssuerResponseError naming what was found. */
export function checkedDate(text: string, where: string): string {
  if (!isIsoDay(text))
    throw new IssuerResponseError(`${where}: ${JSON.stringify(text.slice(0, 40))} is not a date`);
  return text;
}

/**
 * A rate in the range an issuer can publish, or an IssuerResponseError: percent between -20 and 100, or for
 * an index level (the SOFR Index) between 0.5 and 1,000.
 */
export function checkedValue(raw: unknown, type: RateType, where: string): number {
  const value =
    typeof raw === "number" ? raw : typeof raw === "string" && raw.trim() !== "" ? Number(raw) : Number.NaN;
  const [min, max] = type === "SAFR" ? [0.5, 1_000] : [-20, 100];
  if (!Number.isFinite(value) || value < min || value > max) {
    throw new IssuerResponseError(`${where}: ${JSON.stringify(raw)} is not a ${type} value`);
  }
  return value;
}
