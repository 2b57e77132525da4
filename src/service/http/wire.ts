// Serialisation in the configured wire format. `seed`: the interface's camelCase fields, chart points as
// the `dataPoints` CSV string. `dia`: the public service's PascalCase fields, chart points as InfluxDB
// results, newest first. Handlers return plain resource objects; chart points travel as ChartSeries until here.
import type { ChartScale } from "../../interface/chart-window.ts";
import { encodeDataPoints, formatUtcSecond, type SeriesKey } from "../../interface/data-points.ts";
import { type DiaPoints, diaFieldName, INFLUX_COLUMNS, type InfluxRow } from "../../interface/dia-wire.ts";
import type { WireFormat } from "../../interface/vocabulary.ts";

/** The Content-Type of every JSON response, errors included. */
export const JSON_TYPE = "application/json; charset=utf-8";

/** One series of chart points, oldest first, as the store returns them. */
export class ChartSeries {
  constructor(
    readonly key: SeriesKey,
    readonly scale: ChartScale,
    readonly times: number[],
    readonly values: number[],
  ) {}

  get length(): number {
    return this.times.length;
  }

  toSeedPoints(): { dataPoints: string } {
    return { dataPoints: encodeDataPoints(this.key, this.times, this.values) };
  }

  /**
   * The Points resource as JSON text, written directly: the CSV holds no quotes or backslashes (symbols,
   * exchanges and filters are validated names), so only its newlines need escaping.
   */
  toSeedJson(): string {
    return `{"dataPoints":"${encodeDataPoints(this.key, this.times, this.values, "\\n")}"}`;
  }

  toDiaPoints(): DiaPoints {
    const n = this.times.length;
    if (n === 0) return { DataPoints: [{ statement_id: 0, Series: null, Messages: null }] };
    const values: InfluxRow[] = new Array(n);
    for (let i = 0; i < n; i++) {
      const j = n - 1 - i;
      values[i] = [
        formatUtcSecond(this.times[j] as number),
        this.key.exchange,
        this.key.filter,
        this.key.symbol,
        this.values[j] as number,
      ];
    }
    const name = this.scale === "raw" ? "filters" : `filters_mean_${this.scale}`;
    return {
      DataPoints: [
        { statement_id: 0, Series: [{ name, columns: [...INFLUX_COLUMNS], values }], Messages: null },
      ],
    };
  }
}

/** The JSON text of a resource in the given wire format. */
export function serialize(value: unknown, wire: WireFormat): string {
  if (wire === "dia") return JSON.stringify(toDia(value));
  if (value instanceof ChartSeries) return value.toSeedJson();
  return JSON.stringify(value, (_key, v) => (v instanceof ChartSeries ? v.toSeedPoints() : v));
}

function toDia(value: unknown): unknown {
  if (value instanceof ChartSeries) return value.toDiaPoints();
  if (Array.isArray(value)) return value.map(toDia);
  if (value !== null && typeof value === "object") {
    const out: Record<string, unknown> = {};
    for (const [key, v] of Object.entries(value)) out[diaFieldName(key)] = toDia(v);
    return out;
  }
  return value;
}
