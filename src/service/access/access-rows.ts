// The AccessStore's rows as both engines return them (the same column names in SQLite and PostgreSQL), and
// their conversion to the store's records. A key's own limit is the column rate_limit: LIMIT is a keyword.
import type { AddressAction, KeyOrigin, KeyRole } from "../../interface/admin.ts";
import type {
  KeyChange,
  ReplicaBeat,
  StoredAddressRule,
  StoredAuditEntry,
  StoredKey,
  StreamCount,
  StreamTotal,
  UsageCount,
  UsageTotal,
} from "./access-store.ts";

export interface KeyDbRow {
  id: number;
  name: string;
  contact: string;
  hash: string;
  fingerprint: string;
  role: KeyRole;
  origin: KeyOrigin;
  rate_limit: number | null;
  temporary_limit: number | null;
  temporary_until_ms: number | null;
  created_ms: number;
  last_used_ms: number | null;
  revoked_ms: number | null;
}

export const toStoredKey = (r: KeyDbRow): StoredKey => ({
  id: r.id,
  name: r.name,
  contact: r.contact,
  hash: r.hash,
  fingerprint: r.fingerprint,
  role: r.role,
  origin: r.origin,
  limit: r.rate_limit,
  temporaryLimit: r.temporary_limit,
  temporaryUntilMs: r.temporary_until_ms,
  createdMs: r.created_ms,
  lastUsedMs: r.last_used_ms,
  revokedMs: r.revoked_ms,
});

/** The columns a KeyChange may set, by the change's field. */
const KEY_CHANGE_COLUMNS: Record<keyof KeyChange, keyof KeyDbRow> = {
  name: "name",
  contact: "contact",
  limit: "rate_limit",
  temporaryLimit: "temporary_limit",
  temporaryUntilMs: "temporary_until_ms",
  revokedMs: "revoked_ms",
};

/**
 * The columns and values of a change, only the fields it has (undefined counts as left out): names come from
 * the fixed table above, never from the caller, so they are safe to put into a statement.
 */
export function keyChangeColumns(change: KeyChange): Partial<Record<keyof KeyDbRow, unknown>> {
  const columns: Partial<Record<keyof KeyDbRow, unknown>> = {};
  for (const [field, column] of Object.entries(KEY_CHANGE_COLUMNS) as [keyof KeyChange, keyof KeyDbRow][]) {
    const value = change[field];
    if (value !== undefined) columns[column] = value;
  }
  return columns;
}

export interface AddressRuleDbRow {
  id: number;
  cidr: string;
  action: AddressAction;
  rate_limit: number | null;
  until_ms: number | null;
  note: string;
  created_ms: number;
}

export const toStoredAddressRule = (r: AddressRuleDbRow): StoredAddressRule => ({
  id: r.id,
  cidr: r.cidr,
  action: r.action,
  limit: r.rate_limit,
  untilMs: r.until_ms,
  note: r.note,
  createdMs: r.created_ms,
});

export interface AuditDbRow {
  id: number;
  time_ms: number;
  actor: string;
  action: string;
  target: string;
  detail: string;
}

export const toStoredAuditEntry = (r: AuditDbRow): StoredAuditEntry => ({
  id: r.id,
  timeMs: r.time_ms,
  actor: r.actor,
  action: r.action,
  target: r.target,
  detail: r.detail,
});

export interface UsageTotalDbRow {
  client: string;
  endpoint: string;
  admitted: number;
  refused: number;
  errors: number;
  bytes: number;
  first_minute: number;
  last_minute: number;
}

export const toUsageTotal = (r: UsageTotalDbRow): UsageTotal => ({
  client: r.client,
  endpoint: r.endpoint,
  admitted: r.admitted,
  refused: r.refused,
  errors: r.errors,
  bytes: r.bytes,
  firstMinute: r.first_minute,
  lastMinute: r.last_minute,
});

export interface ReplicaDbRow {
  id: string;
  role: string;
  started_ms: number;
  seen_ms: number;
}

export const toReplicaBeat = (r: ReplicaDbRow): ReplicaBeat => ({
  id: r.id,
  role: r.role,
  startedMs: r.started_ms,
  seenMs: r.seen_ms,
});

/** A process not seen for this long is forgotten. */
export const FORGET_REPLICA_MS = 86_400_000;

/** Counts of the same (client, endpoint, minute) added together: PostgreSQL refuses an upsert that meets one key twice. */
export function sumUsageByKey(counts: readonly UsageCount[]): UsageCount[] {
  const byKey = new Map<string, UsageCount>();
  for (const count of counts) {
    const key = JSON.stringify([count.minute, count.client, count.endpoint]);
    const seen = byKey.get(key);
    if (seen === undefined) byKey.set(key, { ...count });
    else {
      seen.admitted += count.admitted;
      seen.refused += count.refused;
      seen.errors += count.errors;
      seen.bytes += count.bytes;
    }
  }
  return [...byKey.values()];
}

export interface StreamTotalDbRow {
  client: string;
  streams: number;
  duration_ms: number;
  longest_ms: number;
  events: number;
  bytes: number;
}

export const toStreamTotal = (r: StreamTotalDbRow): StreamTotal => ({
  client: r.client,
  streams: r.streams,
  durationMs: r.duration_ms,
  longestMs: r.longest_ms,
  events: r.events,
  bytes: r.bytes,
});

/** Stream counts of the same (client, minute) added together, the longest kept: as sumUsageByKey, for one upsert. */
export function sumStreamsByKey(counts: readonly StreamCount[]): StreamCount[] {
  const byKey = new Map<string, StreamCount>();
  for (const count of counts) {
    const key = JSON.stringify([count.minute, count.client]);
    const seen = byKey.get(key);
    if (seen === undefined) byKey.set(key, { ...count });
    else {
      seen.streams += count.streams;
      seen.durationMs += count.durationMs;
      seen.longestMs = Math.max(seen.longestMs, count.longestMs);
      seen.events += count.events;
      seen.bytes += count.bytes;
    }
  }
  return [...byKey.values()];
}
