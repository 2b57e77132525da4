// The review of who used the service over a period: per client, its requests admitted and refused by
// endpoint, bytes, errors, first and last seen, and its busiest minute; the clients that hit their limit
// most come first. Read from the store's per-minute counts (the same on every replica), named with the
// keys the store holds. Shared by GET /admin/usage and `npm run usage`.
import {
  USAGE_PERIODS,
  type UsagePeriod,
  type UsageReview,
  type UsageSeries,
} from "../../interface/admin.ts";
import type { AccessStore, StoredKey } from "./access-store.ts";

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

/** The review of a period (GET /admin/usage). */
export async function reviewUsage(
  store: AccessStore,
  period: UsagePeriod,
  nowMs: number,
): Promise<UsageReview> {
  return { period, ...(await reviewSpan(store, periodMinutes(period, nowMs))) };
}

/** The review of any span of minutes (`npm run usage -- --since 30m`). */
export async function reviewSpan(
  store: AccessStore,
  { from, to }: UsageSpan,
): Promise<Omit<UsageReview, "period">> {
  const [totals, peaks, keys] = await Promise.all([
    store.usageTotals(from, to),
    store.usagePeaks(from, to),
    store.listKeys(),
  ]);
  const keyOf = new Map<string, StoredKey>(keys.map((key) => [`key:${key.fingerprint}`, key]));
  const clients = new Map<string, UsageReview["clients"][number]>();
  for (const total of totals) {
    let client = clients.get(total.client);
    if (client === undefined) {
      const key = keyOf.get(total.client);
      client = {
        client: total.client,
        name: key?.name ?? total.client,
        keyId: key?.id ?? null,
        admitted: 0,
        refused: 0,
        errors: 0,
        bytes: 0,
        firstSeen: iso(total.firstMinute),
        lastSeen: iso(total.lastMinute),
        peakPerMinute: peaks.get(total.client) ?? 0,
        endpoints: [],
      };
      clients.set(total.client, client);
    }
    client.admitted += total.admitted;
    client.refused += total.refused;
    client.errors += total.errors;
    client.bytes += total.bytes;
    if (iso(total.firstMinute) < client.firstSeen) client.firstSeen = iso(total.firstMinute);
    if (iso(total.lastMinute) > client.lastSeen) client.lastSeen = iso(total.lastMinute);
    client.endpoints.push({ endpoint: total.endpoint, admitted: total.admitted, refused: total.refused });
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
