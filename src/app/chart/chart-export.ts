// Export of what the chart shows: the points as CSV (the service's dataPoints header) and the chart as a
// PNG. Times are ISO 8601 with the zone's offset, so a row reads as the chart did and parses to the same instant.
import type { ChartPoints } from "../decoding/chart-points/point-series.ts";
import { isoInZone, type TimeZone, timeZoneFileTag, UTC } from "../format/time-zone.ts";

export interface ExportSeries {
  /** The series' exchange; null for all exchanges (an empty cell, as the service writes it). */
  exchange: string | null;
  filter: string;
  symbol: string;
  points: ChartPoints;
}

export function csvCell(value: string): string {
  return /[",\n\r]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value;
}

/** One CSV, a row per point of every series, series after series, oldest first, times in `zone`. */
export function pointsCsv(series: readonly ExportSeries[], zone: TimeZone = UTC): string {
  const lines = ["time,exchange,filter,symbol,value"];
  for (const s of series) {
    const tail = `,${csvCell(s.exchange ?? "")},${csvCell(s.filter)},${csvCell(s.symbol)},`;
    const { times, values } = s.points;
    for (let i = 0; i < times.length; i++) {
      lines.push(`${isoInZone(times[i] as number, zone)}${tail}${values[i]}`);
    }
  }
  return `${lines.join("\n")}\n`;
}

/** A file name for the export, e.g. "BTC-Binance-MEDIR120-1h.csv". */
export function exportFileName(parts: readonly string[], extension: string): string {
  const name = parts.map((part) => part.replace(/[^A-Za-z0-9_.-]+/g, "_")).join("-");
  return `${name}.${extension}`;
}

/** The export's file name parts with its times' zone last: [..., "1h", "Asia_Tokyo"]. */
export function withTimeZoneTag(parts: readonly string[], zone: TimeZone): string[] {
  return [...parts, timeZoneFileTag(zone)];
}

/** Starts the download of `blob` under `name`. */
export function downloadBlob(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = name;
  link.style.display = "none";
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** The canvas as a PNG download. */
export function downloadCanvas(canvas: HTMLCanvasElement, name: string): void {
  canvas.toBlob((blob) => {
    if (blob) downloadBlob(blob, name);
  }, "image/png");
}
