// The usage review as a terminal table, for `npm run usage`. Written by hand, as the settings table of
// `npm start -- --help` is (config/load.ts): columns padded to their widest cell need no library.
import type { ClientUsage, UsageReview } from "../../interface/admin.ts";

/** How many endpoints a client's row names, the most used first. */
const TOP_ENDPOINTS = 3;

const HEADER = [
  "CLIENT",
  "ADMITTED",
  "REFUSED",
  "ERRORS",
  "BYTES",
  "FIRST SEEN",
  "LAST SEEN",
  "PEAK/MIN",
  "TOP ENDPOINTS",
];
/** Columns of numbers, aligned to the right. */
const NUMERIC = new Set([1, 2, 3, 4, 7]);

/** "2026-11-20 12:00", the minute in UTC. */
export function minuteText(iso: string): string {
  return `${iso.slice(0, 10)} ${iso.slice(11, 16)}`;
}

function clientText(client: ClientUsage): string {
  return client.name === client.client ? client.client : `${client.name} (${client.client})`;
}

function endpointsText(client: ClientUsage): string {
  const shown = client.endpoints.slice(0, TOP_ENDPOINTS).map((e) => {
    const refused = e.refused > 0 ? ` (${e.refused} refused)` : "";
    return `${e.endpoint} ${e.admitted}${refused}`;
  });
  const more = client.endpoints.length - TOP_ENDPOINTS;
  return [...shown, ...(more > 0 ? [`${more} more`] : [])].join(", ");
}

/** The row of a client, as the table prints it. */
export function clientRow(client: ClientUsage): string[] {
  return [
    clientText(client),
    String(client.admitted),
    String(client.refused),
    String(client.errors),
    String(client.bytes),
    minuteText(client.firstSeen),
    minuteText(client.lastSeen),
    String(client.peakPerMinute),
    endpointsText(client),
  ];
}

/** A heading that says the span, then the clients in the review's order (the most refused first). */
export function usageTable(review: Omit<UsageReview, "period">, since: string): string {
  const count = review.clients.length;
  const heading =
    `Usage from ${minuteText(review.from)} to ${minuteText(review.to)} UTC (${since}): ` +
    (count === 0 ? "no requests" : `${count} client${count === 1 ? "" : "s"}, the most refused first`);
  if (count === 0) return `${heading}\n`;
  const rows = [HEADER, ...review.clients.map(clientRow)];
  const widths = HEADER.map((_, i) => Math.max(...rows.map((row) => (row[i] as string).length)));
  const lines = rows.map((row) =>
    row
      .map((cell, i) => {
        if (i === row.length - 1) return cell;
        return NUMERIC.has(i) ? cell.padStart(widths[i] as number) : cell.padEnd(widths[i] as number);
      })
      .join("  "),
  );
  return `${heading}\n\n${lines.join("\n")}\n`;
}
