// The AccessStore on PostgreSQL, shared by an ingest and its API replicas, with a pool of its own so the
// market's queries never wait behind the operator's (schema: pg-schema.ts). Every change of keys or rules
// first locks the one access_meta row, so changes (rare) are serialised: importers starting together never
// deadlock, and the version they bump is their commit order.
import { connect, type PgOptions, type PgSql, type PgTransaction } from "../store/pg-connection.ts";
import { migrate } from "../store/pg-schema.ts";
import {
  type AddressRuleDbRow,
  type AuditDbRow,
  FORGET_REPLICA_MS,
  type KeyDbRow,
  keyChangeColumns,
  type ReplicaDbRow,
  type StreamTotalDbRow,
  sumStreamsByKey,
  sumUsageByKey,
  toReplicaBeat,
  toStoredAddressRule,
  toStoredAuditEntry,
  toStoredKey,
  toStreamTotal,
  toUsageTotal,
  type UsageTotalDbRow,
} from "./access-rows.ts";
import type {
  AccessStore,
  AuditDraft,
  KeyChange,
  NewAddressRule,
  NewKey,
  ReplicaBeat,
  StoredAddressRule,
  StoredAuditEntry,
  StoredKey,
  StreamCount,
  StreamTotal,
  UsageCount,
  UsageMinute,
  UsageTotal,
} from "./access-store.ts";

/** Connections of the pool by default: a replica's operator requests, usage flushes and version polls. */
const DEFAULT_CONNECTIONS = 3;

export class PgAccessStore implements AccessStore {
  readonly engine = "postgres";

  /** Connects and brings the schema up to date (the same migrations as the market store's). */
  static async open(url: string, options: PgOptions = {}): Promise<PgAccessStore> {
    const sql = connect(url, { max: options.max ?? DEFAULT_CONNECTIONS });
    try {
      await migrate(sql);
      return new PgAccessStore(sql);
    } catch (error) {
      await sql.end({ timeout: 1 });
      throw error;
    }
  }

  private constructor(private readonly sql: PgSql) {}

  /**
   * A change of keys or rules, its audit entries and a new access version in one transaction; nothing is
   * audited nor bumped when `audit` returns no entries (the change found nothing to change).
   */
  private async change<T>(
    work: (tx: PgTransaction) => Promise<T>,
    audit: AuditDraft | ((result: T) => AuditDraft[]),
  ): Promise<T> {
    return (await this.sql.begin(async (tx) => {
      await tx`SELECT 1 FROM access_meta WHERE id = 1 FOR UPDATE`;
      const result = await work(tx);
      const entries = typeof audit === "function" ? audit(result) : [audit];
      if (entries.length > 0) {
        await tx`
          INSERT INTO audit_log (time_ms, actor, action, target, detail)
          SELECT time_ms, actor, action, target, detail FROM unnest(
            ${entries.map((e) => e.timeMs)}::int8[], ${entries.map((e) => e.actor)}::text[],
            ${entries.map((e) => e.action)}::text[], ${entries.map((e) => e.target)}::text[],
            ${entries.map((e) => e.detail)}::text[]) WITH ORDINALITY AS e(time_ms, actor, action, target, detail, n)
          ORDER BY n`;
        await tx`UPDATE access_meta SET version = version + 1 WHERE id = 1`;
      }
      return result;
    })) as T;
  }

  async listKeys(): Promise<StoredKey[]> {
    const rows = await this.sql<KeyDbRow[]>`SELECT * FROM client_keys ORDER BY id`;
    return rows.map(toStoredKey);
  }

  async insertKey(key: NewKey, audit: AuditDraft): Promise<StoredKey> {
    return this.change(async (tx) => {
      const [row] = await tx<KeyDbRow[]>`
        INSERT INTO client_keys (name, contact, hash, fingerprint, role, origin, rate_limit, temporary_limit,
          temporary_until_ms, created_ms)
        VALUES (${key.name}, ${key.contact}, ${key.hash}, ${key.fingerprint}, ${key.role}, ${key.origin},
          ${key.limit}, ${key.temporaryLimit}, ${key.temporaryUntilMs}, ${key.createdMs})
        RETURNING *`;
      return toStoredKey(row as KeyDbRow);
    }, audit);
  }

  async importKeys(keys: readonly NewKey[], audit: (key: NewKey) => AuditDraft): Promise<StoredKey[]> {
    if (keys.length === 0) return [];
    const added = await this.change(
      async (tx) => {
        const rows = await tx<KeyDbRow[]>`
          INSERT INTO client_keys (name, contact, hash, fingerprint, role, origin, rate_limit, temporary_limit,
            temporary_until_ms, created_ms)
          SELECT * FROM unnest(
            ${keys.map((k) => k.name)}::text[], ${keys.map((k) => k.contact)}::text[],
            ${keys.map((k) => k.hash)}::text[], ${keys.map((k) => k.fingerprint)}::text[],
            ${keys.map((k) => k.role)}::text[], ${keys.map((k) => k.origin)}::text[],
            ${keys.map((k) => k.limit)}::int4[], ${keys.map((k) => k.temporaryLimit)}::int4[],
            ${keys.map((k) => k.temporaryUntilMs)}::int8[], ${keys.map((k) => k.createdMs)}::int8[])
          ON CONFLICT (hash) DO NOTHING
          RETURNING *`;
        const byHash = new Map(keys.map((key) => [key.hash, key]));
        return [...rows]
          .sort((a, b) => a.id - b.id)
          .map((row) => ({ key: byHash.get(row.hash) as NewKey, stored: toStoredKey(row) }));
      },
      (rows) => rows.map(({ key }) => audit(key)),
    );
    return added.map(({ stored }) => stored);
  }

  async updateKey(id: number, change: KeyChange, audit: AuditDraft): Promise<StoredKey | null> {
    const columns = keyChangeColumns(change);
    return this.change(
      async (tx) => {
        const [row] =
          Object.keys(columns).length === 0
            ? await tx<KeyDbRow[]>`SELECT * FROM client_keys WHERE id = ${id}`
            : await tx<KeyDbRow[]>`
                UPDATE client_keys SET ${tx(columns as Record<string, string | number | null>)}
                WHERE id = ${id} RETURNING *`;
        return row === undefined ? null : toStoredKey(row);
      },
      (stored) => (stored === null ? [] : [audit]),
    );
  }

  async touchKeys(lastUsed: ReadonlyMap<number, number>): Promise<void> {
    if (lastUsed.size === 0) return;
    // In id order, so that two replicas touching the same keys lock them in the same order.
    const touches = [...lastUsed].sort(([a], [b]) => a - b);
    await this.sql`
      UPDATE client_keys k SET last_used_ms = greatest(k.last_used_ms, t.time_ms)
      FROM unnest(${touches.map(([id]) => id)}::int4[], ${touches.map(([, ms]) => ms)}::int8[]) AS t(id, time_ms)
      WHERE k.id = t.id AND (k.last_used_ms IS NULL OR k.last_used_ms < t.time_ms)`;
  }

  async listAddressRules(): Promise<StoredAddressRule[]> {
    const rows = await this.sql<AddressRuleDbRow[]>`SELECT * FROM address_rules ORDER BY id`;
    return rows.map(toStoredAddressRule);
  }

  async insertAddressRule(rule: NewAddressRule, audit: AuditDraft): Promise<StoredAddressRule> {
    return this.change(async (tx) => {
      const [row] = await tx<AddressRuleDbRow[]>`
        INSERT INTO address_rules (cidr, action, rate_limit, until_ms, note, created_ms)
        VALUES (${rule.cidr}, ${rule.action}, ${rule.limit}, ${rule.untilMs}, ${rule.note}, ${rule.createdMs})
        RETURNING *`;
      return toStoredAddressRule(row as AddressRuleDbRow);
    }, audit);
  }

  async deleteAddressRule(id: number, audit: AuditDraft): Promise<boolean> {
    return this.change(
      async (tx) => (await tx`DELETE FROM address_rules WHERE id = ${id} RETURNING id`).length > 0,
      (deleted) => (deleted ? [audit] : []),
    );
  }

  async listAudit(limit: number, beforeId?: number): Promise<StoredAuditEntry[]> {
    const rows =
      beforeId === undefined
        ? await this.sql<AuditDbRow[]>`SELECT * FROM audit_log ORDER BY id DESC LIMIT ${limit}`
        : await this.sql<AuditDbRow[]>`
            SELECT * FROM audit_log WHERE id < ${beforeId} ORDER BY id DESC LIMIT ${limit}`;
    return rows.map(toStoredAuditEntry);
  }

  async accessVersion(): Promise<number> {
    const [row] = await this.sql<{ version: number }[]>`SELECT version FROM access_meta WHERE id = 1`;
    return row?.version ?? 0;
  }

  async addUsage(counts: readonly UsageCount[], streams: readonly StreamCount[] = []): Promise<void> {
    if (counts.length === 0 && streams.length === 0) return;
    const rows = sumUsageByKey(counts);
    const ended = sumStreamsByKey(streams);
    // Inserted in key order: replicas adding to the same minutes at once lock rows in one order.
    await this.sql.begin(async (tx) => {
      if (rows.length > 0)
        await tx`
          INSERT INTO usage_minutes AS t (minute, client, endpoint, admitted, refused, errors, bytes)
          SELECT * FROM unnest(
            ${rows.map((r) => r.minute)}::int8[], ${rows.map((r) => r.client)}::text[],
            ${rows.map((r) => r.endpoint)}::text[], ${rows.map((r) => r.admitted)}::int4[],
            ${rows.map((r) => r.refused)}::int4[], ${rows.map((r) => r.errors)}::int4[],
            ${rows.map((r) => r.bytes)}::int8[])
          ORDER BY 1, 2, 3
          ON CONFLICT (minute, client, endpoint) DO UPDATE SET
            admitted = t.admitted + EXCLUDED.admitted, refused = t.refused + EXCLUDED.refused,
            errors = t.errors + EXCLUDED.errors, bytes = t.bytes + EXCLUDED.bytes`;
      if (ended.length > 0)
        await tx`
          INSERT INTO usage_streams AS t (minute, client, streams, duration_ms, longest_ms, events, bytes)
          SELECT * FROM unnest(
            ${ended.map((r) => r.minute)}::int8[], ${ended.map((r) => r.client)}::text[],
            ${ended.map((r) => r.streams)}::int4[], ${ended.map((r) => r.durationMs)}::int8[],
            ${ended.map((r) => r.longestMs)}::int8[], ${ended.map((r) => r.events)}::int8[],
            ${ended.map((r) => r.bytes)}::int8[])
          ORDER BY 1, 2
          ON CONFLICT (minute, client) DO UPDATE SET
            streams = t.streams + EXCLUDED.streams, duration_ms = t.duration_ms + EXCLUDED.duration_ms,
            longest_ms = greatest(t.longest_ms, EXCLUDED.longest_ms), events = t.events + EXCLUDED.events,
            bytes = t.bytes + EXCLUDED.bytes`;
    });
  }

  async streamTotals(from: number, to: number): Promise<StreamTotal[]> {
    const rows = await this.sql<StreamTotalDbRow[]>`
      SELECT client, sum(streams)::int8 AS streams, sum(duration_ms)::int8 AS duration_ms,
        max(longest_ms) AS longest_ms, sum(events)::int8 AS events, sum(bytes)::int8 AS bytes
      FROM usage_streams WHERE minute >= ${from} AND minute < ${to}
      GROUP BY client ORDER BY client`;
    return rows.map(toStreamTotal);
  }

  async usageTotals(from: number, to: number): Promise<UsageTotal[]> {
    const rows = await this.sql<UsageTotalDbRow[]>`
      SELECT client, endpoint, sum(admitted)::int8 AS admitted, sum(refused)::int8 AS refused,
        sum(errors)::int8 AS errors, sum(bytes)::int8 AS bytes, min(minute) AS first_minute,
        max(minute) AS last_minute
      FROM usage_minutes WHERE minute >= ${from} AND minute < ${to}
      GROUP BY client, endpoint ORDER BY client, endpoint`;
    return rows.map(toUsageTotal);
  }

  async usagePeaks(from: number, to: number): Promise<Map<string, number>> {
    const rows = await this.sql<{ client: string; peak: number }[]>`
      SELECT client, max(requests)::int8 AS peak FROM (
        SELECT client, sum(admitted + refused) AS requests FROM usage_minutes
        WHERE minute >= ${from} AND minute < ${to} GROUP BY client, minute) AS per_minute
      GROUP BY client`;
    return new Map(rows.map((r) => [r.client, r.peak]));
  }

  async usageMinutes(from: number, to: number, client: string | null): Promise<UsageMinute[]> {
    const rows =
      client === null
        ? await this.sql<UsageMinute[]>`
            SELECT minute, sum(admitted)::int8 AS admitted, sum(refused)::int8 AS refused FROM usage_minutes
            WHERE minute >= ${from} AND minute < ${to} GROUP BY minute ORDER BY minute`
        : await this.sql<UsageMinute[]>`
            SELECT minute, sum(admitted)::int8 AS admitted, sum(refused)::int8 AS refused FROM usage_minutes
            WHERE client = ${client} AND minute >= ${from} AND minute < ${to} GROUP BY minute ORDER BY minute`;
    return rows.map(({ minute, admitted, refused }) => ({ minute, admitted, refused }));
  }

  async deleteUsageBefore(minute: number): Promise<void> {
    await this.sql`DELETE FROM usage_minutes WHERE minute < ${minute}`;
    await this.sql`DELETE FROM usage_streams WHERE minute < ${minute}`;
  }

  async beat(replica: ReplicaBeat): Promise<void> {
    await this.sql`
      INSERT INTO replicas (id, role, started_ms, seen_ms)
      VALUES (${replica.id}, ${replica.role}, ${replica.startedMs}, ${replica.seenMs})
      ON CONFLICT (id) DO UPDATE SET role = EXCLUDED.role, started_ms = EXCLUDED.started_ms,
        seen_ms = EXCLUDED.seen_ms`;
  }

  async replicasSeenSince(sinceMs: number): Promise<ReplicaBeat[]> {
    await this.sql`DELETE FROM replicas WHERE seen_ms < ${sinceMs - FORGET_REPLICA_MS}`;
    const rows = await this.sql<ReplicaDbRow[]>`
      SELECT * FROM replicas WHERE seen_ms >= ${sinceMs} ORDER BY id`;
    return rows.map(toReplicaBeat);
  }

  async close(): Promise<void> {
    await this.sql.end({ timeout: 5 });
  }
}
