// Export of what the chart shows: the points as CSV (the service's own dataPoints header: time in ISO UTC,
// exchange, filter, symbol, value in USD as served) and the chart as a PNG, both as a file download.
import type { ChartPoints } from "../decoding/chart-points/point-series.ts";

export interface ExportSeries {
  /** The series' exchange; null for all exchanges (an empty cell, as the service writes it). */
  exchange: string | null;
  filter: string;
  symbol: string;
  points: ChartPoints;
}

function csvCell(value: string): string {
  return /[",\n\r]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value;
}

/** One CSV with a header and a row per point of every series, series after series, oldest first. */
export function pointsCsv(series: readonly ExportSeries[]): string {
  const lines = ["time,exchange,filter,symbol,value"];
  for (const s of series) {
    const tail = `,${csvCell(s.exchange ?? "")},${csvCell(s.filter)},${csvCell(s.symbol)},`;
    const { times, values } = s.points;
    for (let i = 0; i < times.length; i++) {
      const iso = new Date((times[i] as number) * 1000).toISOString().replace(".000Z", "Z");
      lines.push(`${iso}${tail}${values[i]}`);
    }
  }
  return `${lines.join("\n")}\n`;
}

/** A file name for the export, e.g. "BTC-Binance-MEDIR120-1h.csv". */
export function exportFileName(parts: readonly string[], extension: string): string {
  const name = parts.map((part) => part.replace(/[^A-Za-z0-9_.-]+/g, "_")).join("-");
  return `${name}.${extension}`;
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
