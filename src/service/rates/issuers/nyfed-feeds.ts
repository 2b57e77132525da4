// SOFR, the SOFR averages and the SOFR Index from the New York Fed's Markets Data API, as JSON `refRates`
// rows (https://markets.newyorkfed.org/static/docs/markets-api.html). SOFR is published at about 08:00 New
// York time the next business day, the averages and index on their own effective date.
import { addDays, daysBetween } from "../../../interface/iso-day.ts";
import type { RateType } from "../../../interface/vocabulary.ts";
import {
  checkedDate,
  checkedValue,
  type IssuerFeed,
  IssuerResponseError,
  type Observation,
} from "./issuer-feed.ts";

const WINDOW_DAYS = 730;

function windows(path: string, from: string, to: string): string[] {
  const requests: string[] = [];
  for (let start = from; start <= to; start = addDays(start, WINDOW_DAYS + 1)) {
    const end = daysBetween(start, to) > WINDOW_DAYS ? addDays(start, WINDOW_DAYS) : to;
    requests.push(`${path}?startDate=${start}&endDate=${end}`);
  }
  return requests;
}

/** The rows of `refRates`, each of `type`, or an IssuerResponseError. */
function refRates(status: number, body: string, type: string): Record<string, unknown>[] {
  if (status !== 200) throw new IssuerResponseError(`the New York Fed responded HTTP ${status}`);
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    throw new IssuerResponseError(
      `the New York Fed's response is not JSON (it starts ${JSON.stringify(body.slice(0, 60))})`,
    );
  }
  const rows = (parsed as { refRates?: unknown } | null)?.refRates;
  if (!Array.isArray(rows)) throw new IssuerResponseError("the New York Fed's response has no refRates list");
  for (const [i, row] of rows.entries()) {
    const rowType = (row as { type?: unknown } | null)?.type;
    if (rowType !== type) {
      throw new IssuerResponseError(
        `the New York Fed's response, refRates[${i}]: type ${JSON.stringify(rowType)}, not ${type}`,
      );
    }
  }
  return rows as Record<string, unknown>[];
}

function observe(row: Record<string, unknown>, i: number, fields: [RateType, string][]): Observation[] {
  const where = `the New York Fed's response, refRates[${i}]`;
  const effectiveDate = checkedDate(String(row.effectiveDate ?? ""), where);
  return fields
    .filter(([, field]) => row[field] !== null && row[field] !== undefined) // not published that day
    .map(([type, field]) => ({
      type,
      effectiveDate,
      value: checkedValue(row[field], type, `${where}.${field}`),
    }));
}

const NEW_YORK_8AM = { timeZone: "America/New_York", hour: 8 };

export const SOFR_FEED: IssuerFeed = {
  name: "FED SOFR",
  issuer: "FED",
  origin: "https://markets.newyorkfed.org",
  types: ["SOFR"],
  publication: { ...NEW_YORK_8AM, sameDay: false },
  requests: (from, to) => windows("/api/rates/secured/sofr/search.json", from, to),
  read: (status, body) =>
    refRates(status, body, "SOFR").flatMap((row, i) => observe(row, i, [["SOFR", "percentRate"]])),
};

export const SOFR_AVERAGES_FEED: IssuerFeed = {
  name: "FED SOFR averages and index",
  issuer: "FED",
  origin: "https://markets.newyorkfed.org",
  types: ["SOFR30", "SOFR90", "SOFR180", "SAFR"],
  publication: { ...NEW_YORK_8AM, sameDay: true },
  requests: (from, to) => windows("/api/rates/secured/sofrai/search.json", from, to),
  read: (status, body) =>
    refRates(status, body, "SOFRAI").flatMap((row, i) =>
      observe(row, i, [
        ["SOFR30", "average30day"],
        ["SOFR90", "average90day"],
        ["SOFR180", "average180day"],
        ["SAFR", "index"],
      ]),
    ),
};
