// Who may ask, and under which limit: this process's copy of the AccessStore's client keys and address
// rules, so requests are decided from memory, never waiting on a database. It is read again on an "access"
// invalidation, and whenever the store's access version moves (checked each POLL_MS), so a change reaches
// every replica within a second even when an invalidation is lost.
import { createHash } from "node:crypto";
import type { KeyState } from "../../interface/admin.ts";
import type { AccessStore, StoredAddressRule, StoredKey } from "./access-store.ts";
import { type AddressRange, inRange, parseAddressRange } from "./address-ranges.ts";

/** How often each process reads the store's access version. */
export const POLL_MS = 500;
/**
 * Least time between two checks for a key this process does not know: a flood of made-up keys costs at
 * most one version read per this many milliseconds, and a key issued on another replica a moment ago waits
 * at most this long (plus the read) instead of being refused.
 */
const UNKNOWN_KEY_CHECK_GAP_MS = 50;

/** What the access list decides of one request, before the fair-usage window counts it. */
export interface Identity {
  /** The name the request is counted and logged under: key:<fingerprint>, or the address. */
  client: string;
  /** Its limit per 60 s (0 = unlimited). */
  limit: number;
  /** The key that was presented and is in force, else null. */
  key: StoredKey | null;
  /**
   * Why the request is refused whatever the window says: "blocked" (the address is blocked), or a key
   * that was presented but is not in force ("unknown", "revoked"; then counted under its address).
   */
  refusal: "blocked" | "unknown-key" | "revoked-key" | null;
}

interface CompiledRule {
  rule: StoredAddressRule;
  range: AddressRange;
}

export function hashSecret(secret: string): string {
  return createHash("sha256").update(secret, "utf8").digest("hex");
}

/** The state of a key at `nowMs`: a temporary limit that has run out leaves it active. */
export function keyState(key: StoredKey, nowMs: number): KeyState {
  if (key.revokedMs !== null) return "revoked";
  if (key.temporaryUntilMs !== null && key.temporaryUntilMs > nowMs) return "limited";
  return "active";
}

/** The limit a key's requests are decided under at `nowMs`. */
export function keyLimit(key: StoredKey, nowMs: number, defaultLimit: number): number {
  if (key.temporaryLimit !== null && key.temporaryUntilMs !== null && key.temporaryUntilMs > nowMs) {
    return key.temporaryLimit;
  }
  return key.limit ?? defaultLimit;
}

export class AccessList {
  private byHash = new Map<string, StoredKey>();
  private rules: CompiledRule[] = [];
  private version: number | null = null;
  private loading: Promise<void> | null = null;
  private poll: NodeJS.Timeout | null = null;
  /** A version check not started yet: whoever asks before it starts is covered by it. */
  private pendingCheck: Promise<void> | null = null;
  private lastCheckStarted = Number.NEGATIVE_INFINITY;
  /** Key id → the time it was last used, not yet written to the store. */
  private used = new Map<number, number>();
  /** Told after each read of keys and rules (a key revoked, an address blocked: open streams end). */
  private readonly reloaded = new Set<() => void>();

  constructor(
    private readonly store: AccessStore,
    /** The limit of a client without a key of its own (RATE_LIMIT). */
    readonly defaultLimit: number,
    private readonly now: () => number,
    private readonly log: (line: string) => void,
  ) {}

  /** Reads keys and rules; then, with `follow`, checks the store's version every POLL_MS. */
  async open(follow: boolean): Promise<void> {
    await this.reload();
    if (!follow) return;
    this.poll = setInterval(() => {
      this.refresh().catch((error) => this.log(`access: reading the store's version failed: ${error}`));
    }, POLL_MS);
    this.poll.unref();
  }

  /** Reads keys and rules again if the store's version moved since they were read. */
  async refresh(): Promise<void> {
    const version = await this.store.accessVersion();
    if (version !== this.version) await this.reload();
  }

  /**
   * Resolves once the store's version was read after this call (and keys and rules read again if it
   * moved): a key issued on another replica moments ago, whose invalidation has not arrived, is then known.
   * Checks are shared by every caller waiting, and at most one per UNKNOWN_KEY_CHECK_GAP_MS starts.
   */
  checkSoon(): Promise<void> {
    this.pendingCheck ??= new Promise<void>((resolve) => {
      const wait = Math.max(0, this.lastCheckStarted + UNKNOWN_KEY_CHECK_GAP_MS - performance.now());
      setTimeout(resolve, wait);
    }).then(() => {
      this.pendingCheck = null;
      this.lastCheckStarted = performance.now();
      return this.refresh().catch((error) =>
        this.log(`access: reading the store's version failed: ${error}`),
      );
    });
    return this.pendingCheck;
  }

  /** Reads keys and rules again (one read at a time; a call during a read waits for a fresh one). */
  reload(): Promise<void> {
    const next = (this.loading ?? Promise.resolve()).then(() => this.read());
    this.loading = next.finally(() => {
      if (this.loading === next) this.loading = null;
    });
    return next;
  }

  private async read(): Promise<void> {
    // The version first: a change landing between the reads is read again at the next poll.
    const version = await this.store.accessVersion();
    const [keys, rules] = await Promise.all([this.store.listKeys(), this.store.listAddressRules()]);
    this.byHash = new Map(keys.map((key) => [key.hash, key]));
    this.rules = rules.flatMap((rule) => {
      try {
        return [{ rule, range: parseAddressRange(rule.cidr) }];
      } catch (error) {
        this.log(`access: address rule ${rule.id} (${rule.cidr}) is not a range and is ignored: ${error}`);
        return [];
      }
    });
    this.version = version;
    for (const listener of this.reloaded) listener();
  }

  /** Calls `listener` after every read of keys and rules; returns a function that stops it. */
  onReload(listener: () => void): () => void {
    this.reloaded.add(listener);
    return () => this.reloaded.delete(listener);
  }

  /** Decides who a request is and its limit, from the X-Api-Key it sent (if any) and its address. */
  identify(apiKey: string | undefined, address: string): Identity {
    const nowMs = this.now();
    if (apiKey !== undefined) {
      const key = this.byHash.get(hashSecret(apiKey));
      if (key !== undefined && key.revokedMs === null) {
        return {
          client: `key:${key.fingerprint}`,
          limit: keyLimit(key, nowMs, this.defaultLimit),
          key,
          refusal: null,
        };
      }
      const byAddress = this.ofAddress(address, nowMs);
      return {
        ...byAddress,
        refusal: byAddress.refusal ?? (key === undefined ? "unknown-key" : "revoked-key"),
      };
    }
    return this.ofAddress(address, nowMs);
  }

  private ofAddress(address: string, nowMs: number): Identity {
    let limit = this.defaultLimit;
    let limited = false;
    for (const { rule, range } of this.rules) {
      if ((rule.untilMs !== null && rule.untilMs <= nowMs) || !inRange(range, address)) continue;
      if (rule.action === "block") return { client: address, limit, key: null, refusal: "blocked" };
      const ruleLimit = rule.limit ?? this.defaultLimit;
      // Several limits over one address: the lowest holds (0, unlimited, only when nothing lower applies).
      if (!limited || (ruleLimit !== 0 && (limit === 0 || ruleLimit < limit))) limit = ruleLimit;
      limited = true;
    }
    return { client: address, limit, key: null, refusal: null };
  }

  /** The writer key in force that `secret` is, or null: who may post supply. */
  writer(secret: string | undefined): StoredKey | null {
    if (secret === undefined || secret === "") return null;
    const key = this.byHash.get(hashSecret(secret));
    return key !== undefined && key.role === "writer" && key.revokedMs === null ? key : null;
  }

  /** Notes that a key was used at `timeMs`, written to the store by flushUse. */
  noteUse(key: StoredKey, timeMs: number): void {
    const last = this.used.get(key.id);
    if (last === undefined || last < timeMs) this.used.set(key.id, timeMs);
  }

  /** Writes the last-used times noted since the previous flush. */
  async flushUse(): Promise<void> {
    if (this.used.size === 0) return;
    const used = this.used;
    this.used = new Map();
    await this.store.touchKeys(used);
  }

  close(): void {
    if (this.poll) clearInterval(this.poll);
    this.poll = null;
  }
}
