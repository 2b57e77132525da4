// What the AccessStore contract's cases stand on: the databases of the engine under test
// (testing/database-fixtures.ts), and keys, rules and audit entries made by hand.
import { createHash } from "node:crypto";
import type { Database, DatabaseFixtures } from "../../testing/database-fixtures.ts";
import type { AccessStore, AuditDraft, NewAddressRule, NewKey, UsageCount } from "../access-store.ts";

export type AccessDatabase = Database<AccessStore>;
export type AccessFixtures = DatabaseFixtures<AccessStore>;

/** A time in ms (2025-11-22T08:30:00Z). */
export const NOW_MS = 1_763_800_200_000;
/** The start of a minute, in seconds. */
export const MINUTE = NOW_MS / 1000;

/** A new key of the application `name` (its secret is the name: each name its own hash). */
export function newKey(name: string, change: Partial<NewKey> = {}): NewKey {
  const hash = createHash("sha256").update(name).digest("hex");
  return {
    name,
    contact: `${name.toLowerCase()}@example.org`,
    hash,
    fingerprint: hash.slice(0, 8),
    role: "client",
    origin: "issued",
    limit: null,
    temporaryLimit: null,
    temporaryUntilMs: null,
    createdMs: NOW_MS,
    ...change,
  };
}

export function auditDraft(action: string, target: string, detail = ""): AuditDraft {
  return { timeMs: NOW_MS, actor: "admin:1f0e9a77", action, target, detail };
}

export function blockRule(cidr: string, change: Partial<NewAddressRule> = {}): NewAddressRule {
  return { cidr, action: "block", limit: null, untilMs: null, note: "", createdMs: NOW_MS, ...change };
}

/** Counts of one client and endpoint in one minute (`minute` minutes after MINUTE). */
export function usage(
  client: string,
  endpoint: string,
  minute: number,
  admitted: number,
  refused = 0,
  errors = 0,
  bytes = 100 * admitted,
): UsageCount {
  return { client, endpoint, minute: MINUTE + 60 * minute, admitted, refused, errors, bytes };
}

/** The audit entries and the access version, to compare before and after something. */
export async function auditAndVersion(
  store: AccessStore,
): Promise<{ newestAudit: number | null; version: number }> {
  const [newest] = await store.listAudit(1);
  return { newestAudit: newest?.id ?? null, version: await store.accessVersion() };
}
