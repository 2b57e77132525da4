// The issuers' CSV responses as rows of named columns (csv-parse reads quoting, CRLF and a BOM).
import { parse } from "csv-parse/sync";
import { IssuerResponseError } from "./issuer-feed.ts";

export interface CsvTable {
  /** Index of each column by its header name. */
  columns: Map<string, number>;
  rows: string[][];
}

/** Reads `body` as CSV whose first row names the columns; `needed` must all be there. */
export function csvTable(body: string, needed: readonly string[], what: string): CsvTable {
  let records: string[][];
  try {
    records = parse(body, { bom: true, skip_empty_lines: true, relax_column_count: true });
  } catch (error) {
    throw new IssuerResponseError(`${what} is not CSV (${(error as Error).message.split("\n")[0]})`);
  }
  const header = records[0] ?? [];
  const columns = new Map(header.map((name, i) => [name.trim(), i]));
  const missing = needed.filter((name) => !columns.has(name));
  if (missing.length > 0) {
    const start = JSON.stringify(body.slice(0, 60));
    throw new IssuerResponseError(`${what} has no ${missing.join(", ")} column (it starts ${start})`);
  }
  return { columns, rows: records.slice(1) };
}

export function cell(table: CsvTable, row: string[], column: string): string {
  return (row[table.columns.get(column) ?? -1] ?? "").trim();
}
