// Write keys (the secrets that may post supply) and admin keys (the operator's, for /admin). The operator
// names them (WRITE_KEYS, ADMIN_KEYS), or the service keeps one of each in the data directory, creating it on
// first start. Keys are compared in constant time and only ever shown as fingerprints.
import { createHash, randomBytes, timingSafeEqual } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { ConfigError } from "../config-error.ts";
import { keepPrivate, makePrivateDir, PRIVATE_FILE_MODE } from "../private-files.ts";

export const WRITE_KEY_FILE = "write-key";
export const ADMIN_KEY_FILE = "admin-key";

/**
 * The keys allowed to post supply: `configured` if any, else the one in `<dataDir>/write-key`, created
 * (mode 0600) when missing and narrowed to 0600 when found wider. `created` is the new key when one was just
 * made, so the caller can print it once.
 */
export function loadWriteKeys(dataDir: string, configured: string[]): LoadedKeys {
  return loadKeys(path.join(dataDir, WRITE_KEY_FILE), configured, "write key");
}

/** The operator's keys, as loadWriteKeys does for write keys (in `<dataDir>/admin-key`). */
export function loadAdminKeys(dataDir: string, configured: string[]): LoadedKeys {
  return loadKeys(path.join(dataDir, ADMIN_KEY_FILE), configured, "admin key");
}

export interface LoadedKeys {
  keys: string[];
  created: string | null;
}

function loadKeys(file: string, configured: string[], what: string): LoadedKeys {
  if (configured.length > 0) return { keys: [...configured], created: null };
  const dataDir = path.dirname(file);
  const existing = readKeyFile(file, what);
  if (existing !== null) return { keys: [existing], created: null };

  const key = randomBytes(24).toString("base64url");
  makePrivateDir(dataDir);
  try {
    // "wx": never overwrite a key another process wrote in the meantime.
    fs.writeFileSync(file, `${key}\n`, { mode: PRIVATE_FILE_MODE, flag: "wx" });
  } catch (error) {
    const raced = (error as NodeJS.ErrnoException).code === "EEXIST" ? readKeyFile(file, what) : null;
    if (raced !== null) return { keys: [raced], created: null };
    throw error;
  }
  return { keys: [key], created: key };
}

/** The key in `file`, null when there is no file; an empty file is an error, not a reason to replace it. */
function readKeyFile(file: string, what: string): string | null {
  let text: string;
  try {
    text = fs.readFileSync(file, "utf8");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
    throw error;
  }
  const key = text.trim();
  if (key === "" || /\s/.test(key)) {
    throw new Error(`${file} must hold one ${what} on one line; delete it to have a new one created`);
  }
  keepPrivate(file);
  return key;
}

function sha256(text: string): Buffer {
  return createHash("sha256").update(text, "utf8").digest();
}

/** A short, non-secret name for a key: the first 8 hex characters of its SHA-256. */
export function keyFingerprint(key: string): string {
  return sha256(key).toString("hex").slice(0, 8);
}

/** Compares two digests of equal length; timingSafeEqual, or a recorder in the tests of matchKey. */
export type DigestCompare = (a: Buffer, b: Buffer) => boolean;

/**
 * The fingerprint of the key `presented` matches, or null. Both sides are hashed, so the comparison is
 * of equal-length digests in constant time, and every key is compared (no early exit), so the time taken
 * tells nothing about which key, or how much of one, matched.
 */
export function matchKey(
  presented: string | undefined,
  keys: readonly string[],
  compare: DigestCompare = timingSafeEqual,
): string | null {
  if (presented === undefined || presented === "") return null;
  const digest = sha256(presented);
  let match: string | null = null;
  for (const key of keys) {
    const equal = compare(digest, sha256(key));
    if (equal && match === null) match = key;
  }
  return match === null ? null : keyFingerprint(match);
}

/**
 * Refuses an admin key that is also a write or client key: each secret opens one door, so a leaked client
 * key never opens /admin.
 */
export function keepKeysApart(
  adminKeys: readonly string[],
  writeKeys: readonly string[],
  apiKeys: ReadonlyMap<string, unknown>,
): void {
  for (const key of adminKeys) {
    if (writeKeys.includes(key) || apiKeys.has(key)) {
      throw new ConfigError(
        `ADMIN_KEYS (--admin-keys) must differ from every write and client key; key ${keyFingerprint(key)} is both`,
        "ADMIN_KEYS",
      );
    }
  }
}
