// The keys named in settings (API_KEYS, the write keys) imported into the store at start, audited as actor
// "config". A key gone from its setting is revoked; a limit set in the console wins over API_KEYS, since
// after the import the store is where keys are managed.
import type { KeyOrigin } from "../../interface/admin.ts";
import { hashSecret } from "./access-list.ts";
import type { AccessStore, NewKey } from "./access-store.ts";

export interface ConfiguredKeys {
  apiKeys: ReadonlyMap<string, number | null>;
  writeKeys: readonly string[];
  /** Where the write keys came from: the setting, or the key file the service made. */
  writeOrigin: "WRITE_KEYS" | "write-key file";
}

const IMPORTED: readonly KeyOrigin[] = ["API_KEYS", "WRITE_KEYS", "write-key file"];

export async function importConfiguredKeys(
  store: AccessStore,
  configured: ConfiguredKeys,
  nowMs: number,
): Promise<void> {
  const keys: NewKey[] = [];
  const draft = (secret: string, origin: KeyOrigin, limit: number | null): NewKey => {
    const hash = hashSecret(secret);
    const fingerprint = hash.slice(0, 8);
    return {
      name: `${origin} key ${fingerprint}`,
      contact: "",
      hash,
      fingerprint,
      role: origin === "API_KEYS" ? "client" : "writer",
      origin,
      limit,
      temporaryLimit: null,
      temporaryUntilMs: null,
      createdMs: nowMs,
    };
  };
  for (const secret of configured.writeKeys) keys.push(draft(secret, configured.writeOrigin, null));
  for (const [secret, limit] of configured.apiKeys) {
    // A secret in both settings is a write key (which reads too) under the API_KEYS limit.
    const writer = keys.find((k) => k.hash === hashSecret(secret));
    if (writer) writer.limit = limit;
    else keys.push(draft(secret, "API_KEYS", limit));
  }
  await store.importKeys(keys, (key) => ({
    timeMs: nowMs,
    actor: "config",
    action: "key.import",
    target: `key ${key.fingerprint} (${key.name})`,
    detail: `${key.role} from ${key.origin}, limit ${key.limit === null ? "default" : key.limit}`,
  }));
  const wanted = new Set(keys.map((k) => k.hash));
  for (const stored of await store.listKeys()) {
    if (!IMPORTED.includes(stored.origin) || stored.revokedMs !== null || wanted.has(stored.hash)) continue;
    await store.updateKey(
      stored.id,
      { revokedMs: nowMs },
      {
        timeMs: nowMs,
        actor: "config",
        action: "key.revoke",
        target: `key ${stored.fingerprint} (${stored.name})`,
        detail: `no longer in ${stored.origin}`,
      },
    );
  }
}
