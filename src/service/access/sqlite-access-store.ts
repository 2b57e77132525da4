// The AccessStore on SQLite: its own better-sqlite3 connection to the data directory's market.sqlite (WAL,
// full sync, as the market store), so the operator's changes and the usage counts never wait behind the
// market's statements in one connection, and a second process on the same directory sees them.
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import Database from "better-sqlite3";
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
import { ACCESS_SCHEMA } from "./sqlite-access-schema.ts";

/** How long a statement waits for another connection's write (the market store's, another process's). */
const BUSY_TIMEOUT_MS = 5_000;

const KEY_COLUMNS =
  "name, contact, hash, fingerprint, role, origin, rate_limit, temporary_limit, temporary_until_ms, created_ms";
const KEY_VALUES =
  "@name, @contact, @hash, @fingerprint, @role, @origin, @limit, @temporaryLimit, @temporaryUntilMs, @createdMs";

// better-sqlite3 is synchronous: methods return settled promises, as the AccessStore asks. A change and its
// audit entry are one IMMEDIATE transaction, which takes the write lock before reading, so it waits
// (busy_timeout) for another connection's write instead of failing on a stale snapshot.
export class SqliteAccessStore implements AccessStore {
  readonly engine = "sqlite";
  private readonly db: Database.Database;
  private readonly statements;
  /** UPDATE statements of key changes, by the columns they set (a handful of shapes at most). */
  private readonly keyUpdates = new Map<string, Database.Statement>();

  static open(dataDir: string): SqliteAccessStore {
    mkdirSync(dataDir, { recursive: true });
    return new SqliteAccessStore(join(dataDir, "market.sqlite"));
  }

  constructor(file: string) {
    this.db = new Database(file, { timeout: BUSY_TIMEOUT_MS });
    this.db.pragma(`busy_timeout = ${BUSY_TIMEOUT_MS}`);
    this.db.pragma("journal_mode = WAL");
    this.db.pragma("synchronous = FULL");
    this.db.transaction(() => this.db.exec(ACCESS_SCHEMA)).immediate();
    const db = this.db;
    this.statements = {
      keys: db.prepare("SELECT * FROM client_keys ORDER BY id"),
      insertKey: db.prepare(`INSERT INTO client_keys (${KEY_COLUMNS}) VALUES (${KEY_VALUES}) RETURNING *`),
      importKey: db.prepare(
        `INSERT INTO client_keys (${KEY_COLUMNS}) VALUES (${KEY_VALUES}) ON CONFLICT (hash) DO NOTHING RETURNING *`,
      ),
      keyById: db.prepare("SELECT * FROM client_keys WHERE id = ?"),
      touchKey: db.prepare(
        "UPDATE client_keys SET last_used_ms = @timeMs WHERE id = @id AND (last_used_ms IS NULL OR last_used_ms < @timeMs)",
      ),
      rules: db.prepare("SELECT * FROM address_rules ORDER BY id"),
      insertRule: db.prepare(
        `INSERT INTO address_rules (cidr, action, rate_limit, until_ms, note, created_ms)
         VALUES (@cidr, @action, @limit, @untilMs, @note, @createdMs) RETURNING *`,
      ),
      deleteRule: db.prepare("DELETE FROM address_rules WHERE id = ?"),
      insertAudit: db.prepare(
        "INSERT INTO audit_log (time_ms, actor, action, target, detail) VALUES (@timeMs, @actor, @action, @target, @detail)",
      ),
      audit: db.prepare("SELECT * FROM audit_log ORDER BY id DESC LIMIT ?"),
      auditBefore: db.prepare("SELECT * FROM audit_log WHERE id < ? ORDER BY id DESC LIMIT ?"),
      version: db.prepare("SELECT version FROM access_meta WHERE id = 1").pluck(),
      bumpVersion: db.prepare("UPDATE access_meta SET version = version + 1 WHERE id = 1"),
      addUsage: db.prepare(
        `INSERT INTO usage_minutes (minute, client, endpoint, admitted, refused, errors, bytes)
         VALUES (@minute, @client, @endpoint, @admitted, @refused, @errors, @bytes)
         ON CONFLICT (minute, client, endpoint) DO UPDATE SET
           admitted = admitted + excluded.admitted, refused = refused + excluded.refused,
           errors = errors + excluded.errors, bytes = bytes + excluded.bytes`,
      ),
      usageTotals: db.prepare(
        `SELECT client, endpoint, sum(admitted) AS admitted, sum(refused) AS refused, sum(errors) AS errors,
           sum(bytes) AS bytes, min(minute) AS first_minute, max(minute) AS last_minute
         FROM usage_minutes WHERE minute >= ? AND minute < ? GROUP BY client, endpoint ORDER BY client, endpoint`,
      ),
      addStreams: db.prepare(
        `INSERT INTO usage_streams (minute, client, streams, duration_ms, longest_ms, events, bytes)
         VALUES (@minute, @client, @streams, @durationMs, @longestMs, @events, @bytes)
         ON CONFLICT (minute, client) DO UPDATE SET
           streams = streams + excluded.streams, duration_ms = duration_ms + excluded.duration_ms,
           longest_ms = max(longest_ms, excluded.longest_ms), events = events + excluded.events,
           bytes = bytes + excluded.bytes`,
      ),
      streamTotals: db.prepare(
        `SELECT client, sum(streams) AS streams, sum(duration_ms) AS duration_ms, max(longest_ms) AS longest_ms,
           sum(events) AS events, sum(bytes) AS bytes
         FROM usage_streams WHERE minute >= ? AND minute < ? GROUP BY client ORDER BY client`,
      ),
      usagePeaks: db.prepare(
        `SELECT client, max(requests) AS peak FROM (
           SELECT client, sum(admitted + refused) AS requests FROM usage_minutes
           WHERE minute >= ? AND minute < ? GROUP BY client, minute)
         GROUP BY client`,
      ),
      minutesOfAll: db.prepare(
        `SELECT minute, sum(admitted) AS admitted, sum(refused) AS refused FROM usage_minutes
         WHERE minute >= ? AND minute < ? GROUP BY minute ORDER BY minute`,
      ),
      minutesOfClient: db.prepare(
        `SELECT minute, sum(admitted) AS admitted, sum(refused) AS refused FROM usage_minutes
         WHERE client = ? AND minute >= ? AND minute < ? GROUP BY minute ORDER BY minute`,
      ),
      deleteUsage: db.prepare("DELETE FROM usage_minutes WHERE minute < ?"),
      deleteStreams: db.prepare("DELETE FROM usage_streams WHERE minute < ?"),
      beat: db.prepare(
        `INSERT INTO replicas (id, role, started_ms, seen_ms) VALUES (@id, @role, @startedMs, @seenMs)
         ON CONFLICT (id) DO UPDATE SET role = excluded.role, started_ms = excluded.started_ms,
           seen_ms = excluded.seen_ms`,
      ),
      forgetReplicas: db.prepare("DELETE FROM replicas WHERE seen_ms < ?"),
      replicasSince: db.prepare("SELECT * FROM replicas WHERE seen_ms >= ? ORDER BY id"),
    };
  }

  /** A change of keys or rules with its audit entry and a new access version, all or nothing. */
  private change<T>(work: () => T, audit: AuditDraft | ((result: T) => AuditDraft[])): T {
    return this.db
      .transaction(() => {
        const result = work();
        const entries = typeof audit === "function" ? audit(result) : [audit];
        for (const entry of entries) this.statements.insertAudit.run(entry);
        if (entries.length > 0) this.statements.bumpVersion.run();
        return result;
      })
      .immediate();
  }

  async listKeys(): Promise<StoredKey[]> {
    return (this.statements.keys.all() as KeyDbRow[]).map(toStoredKey);
  }

  async insertKey(key: NewKey, audit: AuditDraft): Promise<StoredKey> {
    return this.change(() => toStoredKey(this.statements.insertKey.get(key) as KeyDbRow), audit);
  }

  async importKeys(keys: readonly NewKey[], audit: (key: NewKey) => AuditDraft): Promise<StoredKey[]> {
    const added = this.change(
      () =>
        keys.flatMap((key) => {
          const row = this.statements.importKey.get(key) as KeyDbRow | undefined;
          return row === undefined ? [] : [{ key, stored: toStoredKey(row) }];
        }),
      (rows) => rows.map(({ key }) => audit(key)),
    );
    return added.map(({ stored }) => stored);
  }

  async updateKey(id: number, change: KeyChange, audit: AuditDraft): Promise<StoredKey | null> {
    const columns = keyChangeColumns(change);
    const names = Object.keys(columns);
    return this.change(
      () => {
        const row =
          names.length === 0
            ? this.statements.keyById.get(id)
            : this.keyUpdate(names).get({ ...columns, id });
        return row === undefined ? null : toStoredKey(row as KeyDbRow);
      },
      (stored) => (stored === null ? [] : [audit]),
    );
  }

  private keyUpdate(columns: readonly string[]): Database.Statement {
    const shape = columns.join(",");
    let statement = this.keyUpdates.get(shape);
    if (statement === undefined) {
      const set = columns.map((column) => `${column} = @${column}`).join(", ");
      statement = this.db.prepare(`UPDATE client_keys SET ${set} WHERE id = @id RETURNING *`);
      this.keyUpdates.set(shape, statement);
    }
    return statement;
  }

  async touchKeys(lastUsed: ReadonlyMap<number, number>): Promise<void> {
    if (lastUsed.size === 0) return;
    this.db
      .transaction(() => {
        for (const [id, timeMs] of lastUsed) this.statements.touchKey.run({ timeMs, id });
      })
      .immediate();
  }

  async listAddressRules(): Promise<StoredAddressRule[]> {
    return (this.statements.rules.all() as AddressRuleDbRow[]).map(toStoredAddressRule);
  }

  async insertAddressRule(rule: NewAddressRule, audit: AuditDraft): Promise<StoredAddressRule> {
    return this.change(
      () => toStoredAddressRule(this.statements.insertRule.get(rule) as AddressRuleDbRow),
      audit,
    );
  }

  async deleteAddressRule(id: number, audit: AuditDraft): Promise<boolean> {
    return this.change(
      () => this.statements.deleteRule.run(id).changes > 0,
      (deleted) => (deleted ? [audit] : []),
    );
  }

  async listAudit(limit: number, beforeId?: number): Promise<StoredAuditEntry[]> {
    const rows =
      beforeId === undefined
        ? this.statements.audit.all(limit)
        : this.statements.auditBefore.all(beforeId, limit);
    return (rows as AuditDbRow[]).map(toStoredAuditEntry);
  }

  async accessVersion(): Promise<number> {
    return this.statements.version.get() as number;
  }

  async addUsage(counts: readonly UsageCount[], streams: readonly StreamCount[] = []): Promise<void> {
    if (counts.length === 0 && streams.length === 0) return;
    this.db
      .transaction(() => {
        for (const count of sumUsageByKey(counts)) this.statements.addUsage.run(count);
        for (const count of sumStreamsByKey(streams)) this.statements.addStreams.run(count);
      })
      .immediate();
  }

  async streamTotals(from: number, to: number): Promise<StreamTotal[]> {
    return (this.statements.streamTotals.all(from, to) as StreamTotalDbRow[]).map(toStreamTotal);
  }

  async usageTotals(from: number, to: number): Promise<UsageTotal[]> {
    return (this.statements.usageTotals.all(from, to) as UsageTotalDbRow[]).map(toUsageTotal);
  }

  async usagePeaks(from: number, to: number): Promise<Map<string, number>> {
    const rows = this.statements.usagePeaks.all(from, to) as { client: string; peak: number }[];
    return new Map(rows.map((r) => [r.client, r.peak]));
  }

  async usageMinutes(from: number, to: number, client: string | null): Promise<UsageMinute[]> {
    const rows =
      client === null
        ? this.statements.minutesOfAll.all(from, to)
        : this.statements.minutesOfClient.all(client, from, to);
    return rows as UsageMinute[];
  }

  async deleteUsageBefore(minute: number): Promise<void> {
    this.db.transaction(() => {
      this.statements.deleteUsage.run(minute);
      this.statements.deleteStreams.run(minute);
    })();
  }

  async beat(replica: ReplicaBeat): Promise<void> {
    this.statements.beat.run(replica);
  }

  async replicasSeenSince(sinceMs: number): Promise<ReplicaBeat[]> {
    this.statements.forgetReplicas.run(sinceMs - FORGET_REPLICA_MS);
    return (this.statements.replicasSince.all(sinceMs) as ReplicaDbRow[]).map(toReplicaBeat);
  }

  async close(): Promise<void> {
    if (this.db.open) this.db.close();
  }
}
