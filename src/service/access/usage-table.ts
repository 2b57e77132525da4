// The usage review as a terminal table, for `npm run usage`. Written by hand, as the settings table of
// `npm start -- --help` is (config/load.ts): columns padded to their widest cell need no library.
import type { ClientUsage, StreamUsage, UsageReview } from "../../interface/admin.ts";

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

/** "45 s", "12 min 5 s", "3 h 20 min", "2 d 4 h": a duration as long as a stream's or a week's of them. */
export function durationText(seconds: number): string {
  const s = Math.round(seconds);
  if (s < 60) return `${s} s`;
  if (s < 3_600) return `${Math.floor(s / 60)} min ${s % 60} s`;
  if (s < 86_400) return `${Math.floor(s / 3_600)} h ${Math.floor((s % 3_600) / 60)} min`;
  return `${Math.floor(s / 86_400)} d ${Math.floor((s % 86_400) / 3_600)} h`;
}

const STREAM_HEADER = ["CLIENT", "STREAMS", "TOTAL TIME", "LONGEST", "EVENTS", "BYTES"];
const OPEN_HEADER = ["OPEN NOW", "OLDEST OPEN"];

type StreamingClient = ClientUsage & { streams: StreamUsage };

/** The row of a client that streamed, as the streams table prints it; the open ones where they are known. */
export function streamRow(client: StreamingClient, withOpen: boolean): string[] {
  const { streams } = client;
  return [
    clientText(client),
    String(streams.streams),
    durationText(streams.seconds),
    durationText(streams.longestSeconds),
    String(streams.events),
    String(streams.bytes),
    ...(withOpen ? [String(streams.open ?? 0), durationText(streams.openSeconds ?? 0)] : []),
  ];
}

/** Rows padded to their widest cell, numbers to the right; a last column of text as it is. */
function aligned(rows: readonly string[][], numeric: ReadonlySet<number>): string {
  const widths = (rows[0] as string[]).map((_, i) =>
    Math.max(...rows.map((row) => (row[i] as string).length)),
  );
  return rows
    .map((row) =>
      row
        .map((cell, i) => {
          if (numeric.has(i)) return cell.padStart(widths[i] as number);
          return i === row.length - 1 ? cell : cell.padEnd(widths[i] as number);
        })
        .join("  "),
    )
    .join("\n");
}

/**
 * The clients that streamed, the longest streaming first: under their own heading, since a stream's figures
 * (its duration, its events) are not a request's. Empty when none did.
 */
function streamsTable(clients: readonly ClientUsage[]): string {
  const streaming = clients
    .filter((client): client is StreamingClient => client.streams !== null)
    .sort(
      (a, b) =>
        b.streams.seconds - a.streams.seconds ||
        b.streams.bytes - a.streams.bytes ||
        a.client.localeCompare(b.client),
    );
  if (streaming.length === 0) return "";
  // Open streams are known to the service's own review only (GET /admin/usage), not to another process.
  const withOpen = streaming.some((client) => client.streams.open !== null);
  const header = withOpen ? [...STREAM_HEADER, ...OPEN_HEADER] : STREAM_HEADER;
  const rows = [header, ...streaming.map((client) => streamRow(client, withOpen))];
  const heading = withOpen
    ? "Live streams: those that ended, counted as they end, and those open now"
    : "Live streams that ended (each counted as it ends; the console shows those open now)";
  return `\n${heading}\n\n${aligned(rows, new Set([1, 2, 3, 4, 5, 6, 7]))}\n`;
}

/**
 * A heading that says the span, then the clients in the review's order (the most refused first), then the
 * clients that streamed.
 */
export function usageTable(review: Omit<UsageReview, "period">, since: string): string {
  const count = review.clients.length;
  const heading =
    `Usage from ${minuteText(review.from)} to ${minuteText(review.to)} UTC (${since}): ` +
    (count === 0 ? "no requests" : `${count} client${count === 1 ? "" : "s"}, the most refused first`);
  if (count === 0) return `${heading}\n`;
  const rows = [HEADER, ...review.clients.map(clientRow)];
  return `${heading}\n\n${aligned(rows, NUMERIC)}\n${streamsTable(review.clients)}`;
}
