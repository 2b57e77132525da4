// €STR from the ECB Data Portal's SDMX REST API, series EST.B.EU000A2X2A25.WT, as CSV (`format=csvdata`:
// KEY, TIME_PERIOD, OBS_VALUE in percent; https://data.ecb.europa.eu/help/api/data). A range without
// observations is a 404 "No results found.". Published at 08:00 CET on the next TARGET day.
import { cell, csvTable } from "./csv-table.ts";
import {
  checkedDate,
  checkedValue,
  type IssuerFeed,
  IssuerResponseError,
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
    if (status !== 200) throw new IssuerResponseError(`the ECB responded HTTP ${status}`);
    const table = csvTable(body, ["KEY", "TIME_PERIOD", "OBS_VALUE"], "the ECB's response");
    const observations: Observation[] = [];
    for (const [i, row] of table.rows.entries()) {
      const where = `the ECB's response, row ${i + 2}`;
      const key = cell(table, row, "KEY");
      if (key !== ESTER_SERIES_KEY) throw new IssuerResponseError(`${where}: series ${JSON.stringify(key)}`);
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
