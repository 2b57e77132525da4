// Access data every replica reads the same: client keys (secrets only as SHA-256), address rules, the
// audit log, usage per (client, endpoint, minute) and the processes seen lately; SQLite or PostgreSQL, as
// the market's Store. Each change of keys or rules bumps a version that replicas poll, in case the
// invalidation through Redis was lost.
import type { AddressAction, KeyOrigin, KeyRole } from "../../interface/admin.ts";

export interface StoredKey {
  id: number;
  name: string;
  contact: string;
  /** Lower-case hex SHA-256 of the secret: what a presented key is looked up by. */
  hash: string;
  /** First 8 hex digits of `hash`: the name of the key in logs and usage (key:<fingerprint>). */
  fingerprint: string;
  role: KeyRole;
  origin: KeyOrigin;
  /** Its own limit per 60 s; null = the service's default, 0 = unlimited. */
  limit: number | null;
  /** A limit in force until `temporaryUntilMs` (both null when there is none). */
  temporaryLimit: number | null;
  temporaryUntilMs: number | null;
  createdMs: number;
  lastUsedMs: number | null;
  revokedMs: number | null;
}

export type NewKey = Omit<StoredKey, "id" | "lastUsedMs" | "revokedMs">;

/** What a change may set; a field left out stays as it is. */
export type KeyChange = Partial<
  Pick<StoredKey, "name" | "contact" | "limit" | "temporaryLimit" | "temporaryUntilMs" | "revokedMs">
>;

export interface StoredAddressRule {
  id: number;
  /** As the operator typed it, normalised: "203.0.113.0/24", "2001:db8::/32", "198.51.100.7/32". */
  cidr: string;
  action: AddressAction;
  /** For "limit": the limit of each address in the range; null for "block". */
  limit: number | null;
  /** When the rule stops applying; null = until removed. */
  untilMs: number | null;
  note: string;
  createdMs: number;
}

export type NewAddressRule = Omit<StoredAddressRule, "id">;

/** One audit entry before it is stored (the store numbers it). */
export interface AuditDraft {
  timeMs: number;
  /** "admin:<fingerprint>", or "config" for what start-up imported. */
  actor: string;
  /** "key.issue", "key.change", "key.limit", "key.unlimit", "key.revoke", "address.add", "address.remove"… */
  action: string;
  target: string;
  detail: string;
}

export interface StoredAuditEntry extends AuditDraft {
  id: number;
}

/** Requests of one client to one endpoint within one minute. Added to what the store holds for the key. */
export interface UsageCount {
  client: string;
  endpoint: string;
  /** Start of the minute, in seconds since the epoch (a multiple of 60). */
  minute: number;
  admitted: number;
  refused: number;
  errors: number;
  bytes: number;
}

/** Sums of one client and endpoint over a span of minutes. */
export interface UsageTotal {
  client: string;
  endpoint: string;
  admitted: number;
  refused: number;
  errors: number;
  bytes: number;
  firstMinute: number;
  lastMinute: number;
}

/** Live streams of one client that ended within one minute. Added to what the store holds for the key. */
export interface StreamCount {
  client: string;
  /** Start of the minute the streams ended in, in seconds since the epoch (a multiple of 60). */
  minute: number;
  streams: number;
  /** Their durations added up, in ms. */
  durationMs: number;
  /** The longest of them, in ms. */
  longestMs: number;
  events: number;
  bytes: number;
}

/** Sums of one client's streams over a span of minutes (the longest, the longest of all). */
export type StreamTotal = Omit<StreamCount, "minute">;

export interface UsageMinute {
  minute: number;
  admitted: number;
  refused: number;
}

export interface ReplicaBeat {
  /** Unique per process: host, pid and start time. */
  id: string;
  role: string;
  startedMs: number;
  seenMs: number;
}

export interface AccessStore {
  readonly engine: string;

  listKeys(): Promise<StoredKey[]>;
  /** Stores a new key with its audit entry; a key whose hash is already stored is refused (throws). */
  insertKey(key: NewKey, audit: AuditDraft): Promise<StoredKey>;
  /**
   * Stores each key whose hash is not stored yet (start-up imports of API_KEYS and WRITE_KEYS: several
   * replicas may import at once, and none must fail or duplicate), each with its audit entry. Returns the
   * keys it added.
   */
  importKeys(keys: readonly NewKey[], audit: (key: NewKey) => AuditDraft): Promise<StoredKey[]>;
  /** Changes a key with its audit entry; null when there is no such key (nothing is audited then). */
  updateKey(id: number, change: KeyChange, audit: AuditDraft): Promise<StoredKey | null>;
  /** Records when keys were last used (key id → time in ms); never moves a time back. Not audited. */
  touchKeys(lastUsed: ReadonlyMap<number, number>): Promise<void>;

  listAddressRules(): Promise<StoredAddressRule[]>;
  insertAddressRule(rule: NewAddressRule, audit: AuditDraft): Promise<StoredAddressRule>;
  /** Removes a rule with its audit entry; false when there is no such rule (nothing is audited then). */
  deleteAddressRule(id: number, audit: AuditDraft): Promise<boolean>;

  /** Newest first: at most `limit` entries, those with an id below `beforeId` when given. */
  listAudit(limit: number, beforeId?: number): Promise<StoredAuditEntry[]>;

  /**
   * A number that grows with every change of keys or address rules (not with touchKeys): a replica reads
   * the keys and rules again when it differs from the one it read them at.
   */
  accessVersion(): Promise<number>;

  /**
   * Adds counts to the stored ones of the same (client, endpoint, minute), and stream counts to those of the
   * same (client, minute) (the longest kept), in one transaction.
   */
  addUsage(counts: readonly UsageCount[], streams?: readonly StreamCount[]): Promise<void>;
  /** Per client and endpoint, over minutes from ≤ minute < to (seconds). */
  usageTotals(from: number, to: number): Promise<UsageTotal[]>;
  /** Per client that ended a stream in minutes [from, to), ordered by client. */
  streamTotals(from: number, to: number): Promise<StreamTotal[]>;
  /** Per client, the most requests (admitted + refused) of any one minute in [from, to). */
  usagePeaks(from: number, to: number): Promise<Map<string, number>>;
  /** Per minute in [from, to), oldest first, summed over endpoints, of one client or (null) of everyone. */
  usageMinutes(from: number, to: number, client: string | null): Promise<UsageMinute[]>;
  /** Forgets the usage (streams included) of minutes before `minute`. */
  deleteUsageBefore(minute: number): Promise<void>;

  /** Records that a process is alive (upsert by id). */
  beat(replica: ReplicaBeat): Promise<void>;
  /** Processes whose last beat is at or after `sinceMs`, and forgets those not seen for a day. */
  replicasSeenSince(sinceMs: number): Promise<ReplicaBeat[]>;

  close(): Promise<void>;
}
