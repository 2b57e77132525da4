// SONIA from the Bank of England's database (IADB), series IUDSOIA, as CSV: `DATE,IUDSOIA` then rows like
// `02 Jan 1997,6.3884`, a missing value `..` (https://www.bankofengland.co.uk/boeapps/database/help.asp).
// It responds 500 to a request without User-Agent. Published at 09:00 London time the next business day.
import { cell, csvTable } from "./csv-table.ts";
import {
  checkedDate,
  checkedValue,
  type IssuerFeed,
  IssuerResponseError,
  type Observation,
} from "./issuer-feed.ts";

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

/** yyyy-mm-dd → dd/Mon/yyyy, the database's date parameter. */
export function boeDateParameter(date: string): string {
  const [year, month, day] = date.split("-");
  return `${day}/${MONTHS[Number(month) - 1]}/${year}`;
}

/** dd Mon yyyy → yyyy-mm-dd, or an IssuerResponseError. */
function isoDate(text: string, where: string): string {
  const match = /^(\d{1,2}) ([A-Z][a-z]{2}) (\d{4})$/.exec(text);
  const month = match ? MONTHS.indexOf(match[2] ?? "") + 1 : 0;
  if (!match || month === 0)
    throw new IssuerResponseError(`${where}: ${JSON.stringify(text.slice(0, 40))} is not a date`);
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
    if (status !== 200) throw new IssuerResponseError(`the Bank of England responded HTTP ${status}`);
    const table = csvTable(body, ["DATE", "IUDSOIA"], "the Bank of England's response");
    const observations: Observation[] = [];
    for (const [i, row] of table.rows.entries()) {
      const where = `the Bank of England's response, row ${i + 2}`;
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
