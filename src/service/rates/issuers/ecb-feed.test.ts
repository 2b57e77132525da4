import { describe, expect, it } from "vitest";
import { ECB_FEED } from "./ecb-feed.ts";
import { IssuerResponseError } from "./issuer-feed.ts";

// The shape of the ECB Data Portal's csvdata answer: the columns named in the first row, quoted fields
// holding commas, CRLF line ends, an empty OBS_VALUE for a missing observation.
const HEADER = "KEY,FREQ,BENCHMARK_ITEM,DATA_TYPE_EST,TIME_PERIOD,OBS_VALUE,OBS_STATUS,TITLE_COMPL";
const row = (date: string, value: string) =>
  `EST.B.EU000A2X2A25.WT,B,EU000A2X2A25,WT,${date},${value},A,"Euro short-term rate, Volume-weighted trimmed mean rate"`;

describe("ECB_FEED", () => {
  it("asks the data portal for the series as CSV over the range", () => {
    expect(ECB_FEED.requests("2019-10-01", "2026-11-21")).toEqual([
      "/service/data/EST/B.EU000A2X2A25.WT?format=csvdata&startPeriod=2019-10-01&endPeriod=2026-11-21",
    ]);
  });

  it("reads TIME_PERIOD and OBS_VALUE by their column names, skipping a missing value", () => {
    const body = [
      HEADER,
      row("2019-10-01", "-0.549"),
      row("2019-10-02", ""),
      row("2026-11-19", "1.925"),
    ].join("\r\n");
    expect(ECB_FEED.read(200, `${body}\r\n`)).toEqual([
      { type: "ESTER", effectiveDate: "2019-10-01", value: -0.549 },
      { type: "ESTER", effectiveDate: "2026-11-19", value: 1.925 },
    ]);
  });

  it("takes the portal's 404 'No results found.' as no fixings, and any other error as a refusal", () => {
    expect(ECB_FEED.read(404, "No results found.")).toEqual([]);
    expect(() => ECB_FEED.read(404, "<html>Not Found</html>")).toThrow(IssuerResponseError);
    expect(() => ECB_FEED.read(503, "busy")).toThrow(/HTTP 503/);
  });

  it("refuses a page that is not the CSV, another series, a bad date or value", () => {
    expect(() => ECB_FEED.read(200, "<html><body>maintenance</body></html>")).toThrow(
      /no KEY, TIME_PERIOD, OBS_VALUE column/,
    );
    expect(() =>
      ECB_FEED.read(200, `${HEADER}\n${row("2026-11-19", "1.9").replace("EST.B", "EXR.D")}`),
    ).toThrow(/series/);
    expect(() => ECB_FEED.read(200, `${HEADER}\n${row("2026-02-30", "1.9")}`)).toThrow(/is not a date/);
    expect(() => ECB_FEED.read(200, `${HEADER}\n${row("2026-11-19", "NaN")}`)).toThrow(
      /is not a ESTER value/,
    );
  });
});
