// SONIA from the Bank of England's Interactive Statistical Database (IADB), series IUDSOIA, as CSV:
// `_iadb-fromshowcolumns.asp?csv.x=yes&Datefrom=dd/Mon/yyyy&Dateto=now&SeriesCodes=IUDSOIA&CSVF=TN&
// UsingCodes=Y&VPD=Y&VFD=N` answers `DATE,IUDSOIA` then rows like `02 Jan 1997,6.3884` (CSVF=TN: tabular,
// no titles; UsingCodes=Y: the series code as column name), ascending; a missing value is written `..`
// (https://www.bankofengland.co.uk/boeapps/database/help.asp). The database answers 500 to a request
// without User-Agent, and an HTML page to a request it cannot serve. SONIA is published at 09:00 London
// time on the next London business day.
import { cell, csvTable } from "./csv-table.ts";
import {
  checkedDate,
  checkedValue,
  IssuerAnswerError,
  type IssuerFeed,
  type Observation,
} from "./issuer-feed.ts";

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

/** yyyy-mm-dd → dd/Mon/yyyy, the database's date parameter. */
export function boeDateParameter(date: string): string {
  const [year, month, day] = date.split("-");
  return `${day}/${MONTHS[Number(month) - 1]}/${year}`;
}

/** dd Mon yyyy → yyyy-mm-dd, or an IssuerAnswerError. */
function isoDate(text: string, where: string): string {
  const match = /^(\d{1,2}) ([A-Z][a-z]{2}) (\d{4})$/.exec(text);
  const month = match ? MONTHS.indexOf(match[2] ?? "") + 1 : 0;
  if (!match || month === 0)
    throw new IssuerAnswerError(`${where}: ${JSON.stringify(text.slice(0, 40))} is not a date`);
  return checkedDate(
    `${match[3]}-${String(month).padStart(2, "0")}-${(match[1] ?? "").padStart(2, "0")}`,
    where,
  );
}

export const BOE_FEED: IssuerFeed = {
  name: "BOE SONIA",
  issuer: "BOE",
  origin: "https://www.bankofengland.co.uk",
  types: ["SONIA"],
  publication: { timeZone: "Europe/London", hour: 9, sameDay: false },
  requests: (from) => [
    `/boeapps/database/_iadb-fromshowcolumns.asp?csv.x=yes&Datefrom=${boeDateParameter(from)}&Dateto=now&SeriesCodes=IUDSOIA&CSVF=TN&UsingCodes=Y&VPD=Y&VFD=N`,
  ],
  read(status, body) {
    if (status !== 200) throw new IssuerAnswerError(`the Bank of England answered HTTP ${status}`);
    const table = csvTable(body, ["DATE", "IUDSOIA"], "the Bank of England's answer");
    const observations: Observation[] = [];
    for (const [i, row] of table.rows.entries()) {
      const where = `the Bank of England's answer, row ${i + 2}`;
      const value = cell(table, row, "IUDSOIA");
      if (value === "" || value === "..") continue; // a missing value
      observations.push({
        type: "SONIA",
        effectiveDate: isoDate(cell(table, row, "DATE"), where),
        value: checkedValue(value, "SONIA", where),
      });
    }
    return observations;
  },
};
