// What the operator may change: each change checked, stored with its audit entry, and made known to every
// process (this one's access list is read again before the response; the others get an invalidation).
import { randomBytes } from "node:crypto";
import type {
  AddressRule,
  ChangeKey,
  ClientKey,
  IssueKey,
  NewAddressRule,
  TemporaryLimit,
} from "../../interface/admin.ts";
import { type AccessList, hashSecret, keyLimit, keyState } from "./access-list.ts";
import type { AccessStore, AuditDraft, StoredAddressRule, StoredKey } from "./access-store.ts";
import { parseAddressRange } from "./address-ranges.ts";

/** A change the operator asked for that cannot be made: the message names why (400, 404 or 409). */
export class AccessChangeError extends Error {
  constructor(
    readonly status: 400 | 404 | 409,
    message: string,
  ) {
    super(message);
  }
}

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

/** A stored key as the admin API shows it: never its hash, with its state and limit as of `nowMs`. */
export function clientKeyOf(key: StoredKey, nowMs: number, defaultLimit: number): ClientKey {
  const state = keyState(key, nowMs);
  return {
    id: key.id,
    name: key.name,
    contact: key.contact,
    fingerprint: key.fingerprint,
    role: key.role,
    origin: key.origin,
    limit: key.limit,
    state,
    temporaryLimit:
      state === "limited" && key.temporaryLimit !== null && key.temporaryUntilMs !== null
        ? { limit: key.temporaryLimit, until: new Date(key.temporaryUntilMs).toISOString() }
        : null,
    effectiveLimit: keyLimit(key, nowMs, defaultLimit),
    createdAt: new Date(key.createdMs).toISOString(),
    lastUsedAt: iso(key.lastUsedMs),
    revokedAt: iso(key.revokedMs),
  };
}

export function addressRuleOf(rule: StoredAddressRule): AddressRule {
  return {
    id: rule.id,
    cidr: rule.cidr,
    action: rule.action,
    limit: rule.limit,
    until: iso(rule.untilMs),
    note: rule.note,
    createdAt: new Date(rule.createdMs).toISOString(),
  };
}

/** A new secret: a prefix that secret scanners can match, then 192 random bits. */
export function newSecret(): string {
  return `mdq_${randomBytes(24).toString("base64url")}`;
}

const limitText = (limit: number | null) =>
  limit === null ? "default" : limit === 0 ? "unlimited" : String(limit);

export class AccessChanges {
  constructor(
    private readonly store: AccessStore,
    private readonly list: AccessList,
    private readonly now: () => number,
    /** Tells the other processes that keys or rules changed; never rejects. */
    private readonly announce: () => Promise<void>,
  ) {}

  private audit(actor: string, action: string, target: string, detail: string): AuditDraft {
    return { timeMs: this.now(), actor, action, target, detail };
  }

  private async changed<T>(result: T): Promise<T> {
    await this.list.reload();
    await this.announce();
    return result;
  }

  private view(key: StoredKey): ClientKey {
    return clientKeyOf(key, this.now(), this.list.defaultLimit);
  }

  async issue(actor: string, request: Required<IssueKey>): Promise<{ key: ClientKey; secret: string }> {
    const secret = newSecret();
    const hash = hashSecret(secret);
    const stored = await this.store.insertKey(
      {
        name: request.name,
        contact: request.contact,
        hash,
        fingerprint: hash.slice(0, 8),
        role: request.role,
        origin: "issued",
        limit: request.limit,
        temporaryLimit: null,
        temporaryUntilMs: null,
        createdMs: this.now(),
      },
      this.audit(
        actor,
        "key.issue",
        `key ${hash.slice(0, 8)} (${request.name})`,
        `${request.role}, limit ${limitText(request.limit)}`,
      ),
    );
    return this.changed({ key: this.view(stored), secret });
  }

  private async existing(id: number): Promise<StoredKey> {
    const key = (await this.store.listKeys()).find((k) => k.id === id);
    if (key === undefined) throw new AccessChangeError(404, `no key ${id}`);
    return key;
  }

  private async update(
    id: number,
    change: Parameters<AccessStore["updateKey"]>[1],
    audit: AuditDraft,
  ): Promise<ClientKey> {
    const updated = await this.store.updateKey(id, change, audit);
    if (updated === null) throw new AccessChangeError(404, `no key ${id}`);
    return this.changed(this.view(updated));
  }

  async change(actor: string, id: number, change: ChangeKey): Promise<ClientKey> {
    const key = await this.existing(id);
    const details: string[] = [];
    if (change.name !== undefined && change.name !== key.name)
      details.push(`name "${key.name}" → "${change.name}"`);
    if (change.contact !== undefined && change.contact !== key.contact) details.push("contact changed");
    if (change.limit !== undefined && change.limit !== key.limit)
      details.push(`limit ${limitText(key.limit)} → ${limitText(change.limit)}`);
    if (details.length === 0) return this.view(key);
    return this.update(
      id,
      change,
      this.audit(actor, "key.change", `key ${key.fingerprint} (${key.name})`, details.join(", ")),
    );
  }

  async limitUntil(actor: string, id: number, temporary: TemporaryLimit): Promise<ClientKey> {
    const untilMs = Date.parse(temporary.until);
    if (!(untilMs > this.now())) {
      throw new AccessChangeError(400, `until must be in the future; got ${temporary.until}`);
    }
    const key = await this.existing(id);
    if (key.revokedMs !== null)
      throw new AccessChangeError(409, `key ${id} is revoked; it cannot be limited`);
    return this.update(
      id,
      { temporaryLimit: temporary.limit, temporaryUntilMs: untilMs },
      this.audit(
        actor,
        "key.limit",
        `key ${key.fingerprint} (${key.name})`,
        `limit ${limitText(temporary.limit)} until ${new Date(untilMs).toISOString()}`,
      ),
    );
  }

  async unlimit(actor: string, id: number): Promise<ClientKey> {
    const key = await this.existing(id);
    return this.update(
      id,
      { temporaryLimit: null, temporaryUntilMs: null },
      this.audit(actor, "key.unlimit", `key ${key.fingerprint} (${key.name})`, "temporary limit lifted"),
    );
  }

  async revoke(actor: string, id: number): Promise<ClientKey> {
    const key = await this.existing(id);
    if (key.revokedMs !== null) return this.view(key);
    return this.update(
      id,
      { revokedMs: this.now() },
      this.audit(actor, "key.revoke", `key ${key.fingerprint} (${key.name})`, "revoked"),
    );
  }

  async addAddressRule(actor: string, request: Required<NewAddressRule>): Promise<AddressRule> {
    let cidr: string;
    try {
      cidr = parseAddressRange(request.cidr).cidr;
    } catch (error) {
      throw new AccessChangeError(400, `cidr: ${(error as Error).message}`);
    }
    if (request.action === "limit" && request.limit === null) {
      throw new AccessChangeError(400, "limit: a limit rule needs the limit (requests per 60 s)");
    }
    const untilMs = request.until === null ? null : Date.parse(request.until);
    if (untilMs !== null && !(untilMs > this.now())) {
      throw new AccessChangeError(400, `until must be in the future; got ${request.until}`);
    }
    const limit = request.action === "block" ? null : request.limit;
    const what = request.action === "block" ? "blocked" : `limit ${limitText(limit)}`;
    const stored = await this.store.insertAddressRule(
      { cidr, action: request.action, limit, untilMs, note: request.note, createdMs: this.now() },
      this.audit(
        actor,
        `address.${request.action}`,
        cidr,
        `${what}${untilMs === null ? "" : ` until ${new Date(untilMs).toISOString()}`}${request.note ? ` (${request.note})` : ""}`,
      ),
    );
    return this.changed(addressRuleOf(stored));
  }

  async removeAddressRule(actor: string, id: number): Promise<void> {
    const rule = (await this.store.listAddressRules()).find((r) => r.id === id);
    if (rule === undefined) throw new AccessChangeError(404, `no address rule ${id}`);
    const removed = await this.store.deleteAddressRule(
      id,
      this.audit(actor, "address.remove", rule.cidr, `${rule.action} rule removed`),
    );
    if (!removed) throw new AccessChangeError(404, `no address rule ${id}`);
    await this.changed(undefined);
  }
}
