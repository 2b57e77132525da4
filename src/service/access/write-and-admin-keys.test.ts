import { chmodSync, mkdtempSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import fc from "fast-check";
import { afterEach, describe, expect, it } from "vitest";
import { keyFingerprint, loadWriteKeys, matchKey, WRITE_KEY_FILE } from "./write-and-admin-keys.ts";

const dirs: string[] = [];
function tempDir(): string {
  const dir = mkdtempSync(path.join(tmpdir(), "write-keys-"));
  dirs.push(dir);
  return dir;
}
afterEach(async () => {
  await Promise.all(dirs.splice(0).map((dir) => rm(dir, { recursive: true, force: true })));
});

describe("loadWriteKeys", () => {
  it("creates a key once, mode 0600, and reuses it on the next call", () => {
    const dataDir = path.join(tempDir(), "not", "yet", "there");
    const first = loadWriteKeys(dataDir, []);
    expect(first.created).not.toBeNull();
    expect(first.keys).toEqual([first.created]);
    expect(first.created).toMatch(/^[A-Za-z0-9_-]{32}$/);
    const file = path.join(dataDir, WRITE_KEY_FILE);
    expect(readFileSync(file, "utf8").trim()).toBe(first.created);
    if (process.platform !== "win32") {
      expect(statSync(file).mode & 0o777).toBe(0o600);
      // The directories it made are the owner's only.
      expect(statSync(dataDir).mode & 0o777).toBe(0o700);
      expect(statSync(path.dirname(dataDir)).mode & 0o777).toBe(0o700);
    }

    const second = loadWriteKeys(dataDir, []);
    expect(second).toEqual({ keys: first.keys, created: null });
  });

  it("narrows a key file that others may read to the owner", () => {
    const dataDir = tempDir();
    const file = path.join(dataDir, WRITE_KEY_FILE);
    writeFileSync(file, "my-own-write-key-123456\n", { mode: 0o644 });
    chmodSync(file, 0o644);
    expect(loadWriteKeys(dataDir, []).keys).toEqual(["my-own-write-key-123456"]);
    expect(statSync(file).mode & 0o777).toBe(0o600);
  });

  it("makes a different key for each data directory", () => {
    expect(loadWriteKeys(tempDir(), []).created).not.toBe(loadWriteKeys(tempDir(), []).created);
  });

  it("uses configured keys and leaves the data directory alone", () => {
    const dataDir = tempDir();
    const keys = ["write-key-0123456789", "another-write-key-xyz"];
    expect(loadWriteKeys(dataDir, keys)).toEqual({ keys, created: null });
    expect(() => statSync(path.join(dataDir, WRITE_KEY_FILE))).toThrow();
  });

  it("prefers configured keys over an existing key file", () => {
    const dataDir = tempDir();
    loadWriteKeys(dataDir, []);
    expect(loadWriteKeys(dataDir, ["write-key-0123456789"]).keys).toEqual(["write-key-0123456789"]);
  });

  it("reads an operator-written key file and refuses an empty one", () => {
    const dataDir = tempDir();
    const file = path.join(dataDir, WRITE_KEY_FILE);
    writeFileSync(file, "  my-own-write-key-123456 \n");
    expect(loadWriteKeys(dataDir, [])).toEqual({ keys: ["my-own-write-key-123456"], created: null });
    writeFileSync(file, "\n");
    expect(() => loadWriteKeys(dataDir, [])).toThrow(WRITE_KEY_FILE);
  });
});

describe("matchKey", () => {
  const keys = ["write-key-0123456789", "another-write-key-xyz"];

  it("answers the fingerprint of the matching key", () => {
    expect(matchKey("write-key-0123456789", keys)).toBe(keyFingerprint("write-key-0123456789"));
    expect(matchKey("another-write-key-xyz", keys)).toBe(keyFingerprint("another-write-key-xyz"));
  });

  it("answers null for a wrong, partial, missing or empty key", () => {
    expect(matchKey("write-key-0123456788", keys)).toBeNull();
    expect(matchKey("write-key-012345678", keys)).toBeNull();
    expect(matchKey("write-key-01234567890", keys)).toBeNull();
    expect(matchKey(undefined, keys)).toBeNull();
    expect(matchKey("", keys)).toBeNull();
    expect(matchKey("write-key-0123456789", [])).toBeNull();
  });
});

describe("keyFingerprint", () => {
  it("is 8 hex characters of the SHA-256", () => {
    // sha256("abc") = ba7816bf…
    expect(keyFingerprint("abc")).toBe("ba7816bf");
  });

  it("never contains the key", () => {
    fc.assert(
      fc.property(fc.string({ minLength: 8, maxLength: 128 }), (key) => {
        const fingerprint = keyFingerprint(key);
        expect(fingerprint).toMatch(/^[0-9a-f]{8}$/);
        expect(fingerprint).not.toContain(key);
        expect(key).not.toContain(fingerprint);
      }),
    );
  });
});
