// The review of who used the service over a period: per client, its requests admitted and refused by
// endpoint, bytes, errors, first and last seen, its busiest minute, and its live streams (ended in the
// period, and held open now where the caller knows); the clients that hit their limit most come first.
// Read from the store's per-minute counts (the same on every replica), named with the keys the store holds.
// Shared by GET /admin/usage and `npm run usage`.
import {
  type ClientUsage,
  type StreamUsage,
  USAGE_PERIODS,
  type UsagePeriod,
  type UsageReview,
  type UsageSeries,
} from "../../interface/admin.ts";
import type { AccessStore, StoredKey, StreamTotal } from "./access-store.ts";

/** Whole minutes [from, to), in seconds since the epoch. */
export interface UsageSpan {
  from: number;
  to: number;
}

/** The last `seconds` (a whole number of minutes) up to `nowMs`: the current minute included. */
export function lastMinutes(seconds: number, nowMs: number): UsageSpan {
  const to = Math.floor(nowMs / 60_000) * 60 + 60;
  return { from: to - seconds, to };
}

/** The minutes a period covers up to `nowMs`: the current minute included. */
export function periodMinutes(period: UsagePeriod, nowMs: number): UsageSpan {
  return lastMinutes(USAGE_PERIODS[period], nowMs);
}

const iso = (seconds: number) => new Date(seconds * 1000).toISOString();
const minuteOf = (ms: number) => Math.floor(ms / 60_000) * 60;
const seconds = (ms: number) => Math.round(ms) / 1000;

/** A live stream open now: who holds it, and for how long so far (ms). */
export interface HeldStream {
  client: string;
  openMs: number;
}

/** The streams this process holds open at `nowMs` (the admin API's own: each replica holds its own). */
export interface OpenStreams {
  nowMs: number;
  streams: Iterable<HeldStream>;
}

/** The review of a period (GET /admin/usage), with the streams open now where the process serves them. */
export async function reviewUsage(
  store: AccessStore,
  period: UsagePeriod,
  nowMs: number,
  open: Iterable<HeldStream> | null = null,
): Promise<UsageReview> {
  const span = periodMinutes(period, nowMs);
  return { period, ...(await reviewSpan(store, span, open === null ? null : { nowMs, streams: open })) };
}

/**
 * The review of any span of minutes (`npm run usage -- --since 30m`). `open` is null where the streams open
 * now are not known (another process than the service's): then each client's `open` is null.
 */
export async function reviewSpan(
  store: AccessStore,
  { from, to }: UsageSpan,
  open: OpenStreams | null = null,
): Promise<Omit<UsageReview, "period">> {
  const [totals, streamTotals, peaks, keys] = await Promise.all([
    store.usageTotals(from, to),
    store.streamTotals(from, to),
    store.usagePeaks(from, to),
    store.listKeys(),
  ]);
  const keyOf = new Map<string, StoredKey>(keys.map((key) => [`key:${key.fingerprint}`, key]));
  const clients = new Map<string, ClientUsage>();
  /** The client's entry, made empty (seen in `minute`) if it has none yet. */
  const clientOf = (name: string, minute: number): ClientUsage => {
    let client = clients.get(name);
    if (client === undefined) {
      const key = keyOf.get(name);
      client = {
        client: name,
        name: key?.name ?? name,
        keyId: key?.id ?? null,
        admitted: 0,
        refused: 0,
        errors: 0,
        bytes: 0,
        firstSeen: iso(minute),
        lastSeen: iso(minute),
        peakPerMinute: peaks.get(name) ?? 0,
        endpoints: [],
        streams: null,
      };
      clients.set(name, client);
    }
    return client;
  };
  for (const total of totals) {
    const client = clientOf(total.client, total.firstMinute);
    client.admitted += total.admitted;
    client.refused += total.refused;
    client.errors += total.errors;
    client.bytes += total.bytes;
    seen(client, total.firstMinute, total.lastMinute);
    client.endpoints.push({ endpoint: total.endpoint, admitted: total.admitted, refused: total.refused });
  }
  for (const total of streamTotals) {
    // A stream's end is counted in usage_minutes in the same write, so its client is there already.
    clientOf(total.client, to - 60).streams = endedStreams(total, open !== null);
  }
  if (open !== null) {
    const now = minuteOf(open.nowMs);
    for (const held of open.streams) {
      // Held now: seen from the minute it opened (within the span) to this one.
      const client = clientOf(held.client, now);
      seen(client, Math.max(from, minuteOf(open.nowMs - held.openMs)), now);
      client.streams ??= endedStreams(null, true);
      const { streams } = client;
      streams.open = (streams.open ?? 0) + 1;
      streams.openSeconds = Math.max(streams.openSeconds ?? 0, seconds(held.openMs));
    }
  }
  for (const client of clients.values()) {
    client.endpoints.sort(
      (a, b) => b.admitted + b.refused - (a.admitted + a.refused) || a.endpoint.localeCompare(b.endpoint),
    );
  }
  const sorted = [...clients.values()].sort(
    (a, b) => b.refused - a.refused || b.admitted - a.admitted || a.client.localeCompare(b.client),
  );
  return { from: iso(from), to: iso(to), clients: sorted };
}

/** Widens a client's first and last seen to the minutes `first` and `last`. */
function seen(client: ClientUsage, first: number, last: number): void {
  if (iso(first) < client.firstSeen) client.firstSeen = iso(first);
  if (iso(last) > client.lastSeen) client.lastSeen = iso(last);
}

/** A client's streams ended in the span (none: null); open ones are counted in after, where known. */
function endedStreams(total: StreamTotal | null, openKnown: boolean): StreamUsage {
  return {
    streams: total?.streams ?? 0,
    seconds: seconds(total?.durationMs ?? 0),
    longestSeconds: seconds(total?.longestMs ?? 0),
    events: total?.events ?? 0,
    bytes: total?.bytes ?? 0,
    open: openKnown ? 0 : null,
    openSeconds: openKnown ? 0 : null,
  };
}

/** Requests per minute of one client, or of everyone (null), over a period. */
export async function usageSeries(
  store: AccessStore,
  period: UsagePeriod,
  client: string | null,
  nowMs: number,
): Promise<UsageSeries> {
  const { from, to } = periodMinutes(period, nowMs);
  const minutes = await store.usageMinutes(from, to, client);
  return {
    client,
    minutes: minutes.map((m) => ({ time: iso(m.minute), admitted: m.admitted, refused: m.refused })),
  };
}
