// The public service's own wire format ("dia"): PascalCase field names and InfluxDB-style chart points.
// The service can speak it (WIRE=dia); the dashboard must read it.

/** The PascalCase name the public service used for one of the interface's camelCase fields. */
export function diaFieldName(camel: string): string {
  if (camel === "usd") return "USD";
  return camel.charAt(0).toUpperCase() + camel.slice(1);
}

/** Columns of every InfluxDB chart-point row: [time, exchange|null, filter, symbol, value]. */
export const INFLUX_COLUMNS = ["time", "exchange", "filter", "symbol", "value"] as const;
export type InfluxRow = [string, string | null, string, string, number];

export interface InfluxSeries {
  name: string;
  columns: string[];
  values: InfluxRow[];
}

/** One InfluxDB query result. Older servers omit `statement_id`; `Series` is null when nothing matched. */
export interface InfluxResult {
  statement_id?: number;
  Series: InfluxSeries[] | null;
  Messages: null;
}

/** Chart points as the public service sent them: newest first. */
export interface DiaPoints {
  DataPoints: InfluxResult[];
}
