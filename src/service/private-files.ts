// The data directory holds a secret (the write key) and what clients sent (the request log): its files are
// readable by the service's owner only. Files made by an older version, or copied in by hand with a wider
// mode, are narrowed at start.
import fs from "node:fs";

export const PRIVATE_FILE_MODE = 0o600;
export const PRIVATE_DIR_MODE = 0o700;

/** Creates `dir` (and its missing parents) as owner-only; an existing directory is left as the operator made it. */
export function makePrivateDir(dir: string): void {
  fs.mkdirSync(dir, { recursive: true, mode: PRIVATE_DIR_MODE });
}

/**
 * Narrows `file` to owner-only when group or others may read or write it. A missing file is left missing, and
 * anything but a regular file is left to whoever opens it (and fails on it).
 */
export function keepPrivate(file: string): void {
  let stats: fs.Stats;
  try {
    stats = fs.statSync(file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return;
    throw error;
  }
  if (stats.isFile() && (stats.mode & 0o077) !== 0) fs.chmodSync(file, stats.mode & PRIVATE_FILE_MODE);
}
