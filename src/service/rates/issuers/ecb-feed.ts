// €STR from the ECB Data Portal's SDMX REST API: the volume-weighted trimmed mean rate, series
// EST.B.EU000A2X2A25.WT, as CSV (`format=csvdata`: one row per observation, the columns named in the first
// row, among them KEY, TIME_PERIOD as yyyy-mm-dd and OBS_VALUE in percent; see
// https://data.ecb.europa.eu/help/api/data). Only TARGET days have rows. A range without observations is
// answered 404 "No results found.". €STR is published at 08:00 CET on the next TARGET day.
import { cell, csvTable } from "./csv-table.ts";
import {
  checkedDate,
  checkedValue,
  IssuerAnswerError,
  type IssuerFeed,
  type Observation,
} from "./issuer-feed.ts";

export const ESTER_SERIES_KEY = "EST.B.EU000A2X2A25.WT";

export const ECB_FEED: IssuerFeed = {
  name: "ECB €STR",
  issuer: "ECB",
  origin: "https://data-api.ecb.europa.eu",
  types: ["ESTER"],
  publication: { timeZone: "Europe/Berlin", hour: 8, sameDay: false },
  requests: (from, to) => [
    `/service/data/EST/B.EU000A2X2A25.WT?format=csvdata&startPeriod=${from}&endPeriod=${to}`,
  ],
  read(status, body) {
    if (status === 404 && /no results found/i.test(body)) return [];
    if (status !== 200) throw new IssuerAnswerError(`the ECB answered HTTP ${status}`);
    const table = csvTable(body, ["KEY", "TIME_PERIOD", "OBS_VALUE"], "the ECB's answer");
    const observations: Observation[] = [];
    for (const [i, row] of table.rows.entries()) {
      const where = `the ECB's answer, row ${i + 2}`;
      const key = cell(table, row, "KEY");
      if (key !== ESTER_SERIES_KEY) throw new IssuerAnswerError(`${where}: series ${JSON.stringify(key)}`);
      const value = cell(table, row, "OBS_VALUE");
      if (value === "") continue; // a missing observation
      observations.push({
        type: "ESTER",
        effectiveDate: checkedDate(cell(table, row, "TIME_PERIOD"), where),
        value: checkedValue(value, "ESTER", where),
      });
    }
    return observations;
  },
};
