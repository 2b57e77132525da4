// Chart points from a response already parsed to a value, either wire: the general way, which names what it
// cannot read (decode-points-body.ts tries the faster scanner first).
import { encodeDataPoints } from "../../../interface/data-points.ts";
import { DecodeError, describeValue, fieldIgnoringCase, isRecord } from "../wire-value.ts";
import { type ChartPoints, SeriesBuilder } from "./point-series.ts";
import { readDataPointsCsv, readInfluxResults } from "./point-wires.ts";

/**
 * Reads `{dataPoints: "<csv>"}` (this service) or `{DataPoints: [<InfluxDB results>]}` (the public service):
 * oldest first, one per time (the last seen wins), gaps left out.
 */
export function decodePointsValue(value: unknown): ChartPoints {
  const series = new SeriesBuilder();
  if (!isRecord(value)) {
    throw new DecodeError(
      `chart points: expected an object with DataPoints, got ${describeValue(value)}`,
      describeValue(value),
    );
  }
  const points = fieldIgnoringCase(value, "datapoints");
  if (typeof points === "string") readDataPointsCsv(points, series);
  else if (Array.isArray(points)) readInfluxResults(points, series);
  else if (points !== null) {
    // null is how Go writes an empty list; anything else is not chart points.
    throw new DecodeError(
      `chart points: DataPoints should be CSV text or a list of query results, got ${describeValue(points)}`,
      describeValue(points),
    );
  }
  return series.finish();
}

/** The public service's InfluxDB results as this interface's `dataPoints` CSV, so one schema reads both. */
export function influxResultsAsCsv(results: unknown[]): string {
  const series = new SeriesBuilder();
  readInfluxResults(results, series);
  const points = series.finish();
  return encodeDataPoints(points, points.times, points.values);
}
