import { describe, expect, it } from "vitest";
import { BOE_FEED, boeDateParameter } from "./boe-feed.ts";

describe("BOE_FEED", () => {
  it("asks the database for IUDSOIA as CSV from a dd/Mon/yyyy date to now", () => {
    expect(boeDateParameter("1997-01-02")).toBe("02/Jan/1997");
    expect(BOE_FEED.requests("2026-11-19", "2026-11-21")).toEqual([
      "/boeapps/database/_iadb-fromshowcolumns.asp?csv.x=yes&Datefrom=19/Nov/2026&Dateto=now&SeriesCodes=IUDSOIA&CSVF=TN&UsingCodes=Y&VPD=Y&VFD=N",
    ]);
  });

  it("reads DATE (dd Mon yyyy) and IUDSOIA, skipping the database's '..' for a missing value", () => {
    const body = "DATE,IUDSOIA\n02 Jan 1997,6.3884\n03 Jan 1997,..\n19 Nov 2026,3.7205\n";
    expect(BOE_FEED.read(200, body)).toEqual([
      { type: "SONIA", effectiveDate: "1997-01-02", value: 6.3884 },
      { type: "SONIA", effectiveDate: "2026-11-19", value: 3.7205 },
    ]);
  });

  it("refuses the HTML page the database answers to a request it cannot serve, and bad rows", () => {
    expect(() => BOE_FEED.read(200, "<!DOCTYPE html><html><body>Invalid series code</body></html>")).toThrow(
      /no DATE, IUDSOIA column/,
    );
    expect(() => BOE_FEED.read(500, "error")).toThrow(/HTTP 500/);
    expect(() => BOE_FEED.read(200, "DATE,IUDSOIA\n2026-11-19,3.72\n")).toThrow(/is not a date/);
    expect(() => BOE_FEED.read(200, "DATE,IUDSOIA\n31 Feb 2026,3.72\n")).toThrow(/is not a date/);
    expect(() => BOE_FEED.read(200, "DATE,IUDSOIA\n19 Nov 2026,3,72\n")).not.toThrow(); // extra field ignored
    expect(() => BOE_FEED.read(200, "DATE,IUDSOIA\n19 Nov 2026,n/a\n")).toThrow(/is not a SONIA value/);
  });
});
