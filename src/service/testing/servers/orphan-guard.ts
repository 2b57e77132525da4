// A server outlives the process that started it when that process is killed (SIGKILL, a test runner ending
// its worker): PostgreSQL runs detached under pg_ctl, and our children are in their own process groups so
// that Ctrl-C reaches only the cluster command, which stops them in order. A tiny shell per server watches
// the starter and cleans up after it if it dies without stopping the server.
import { spawn } from "node:child_process";

export interface OrphanGuard {
  /** The server was stopped properly: the watcher is no longer needed. */
  release(): void;
}

const WATCH_SCRIPT = [
  "parent=$1; folder=$2; shift 2",
  'while kill -0 "$parent" 2>/dev/null; do sleep 1; done',
  '"$@" >/dev/null 2>&1',
  'if [ -n "$folder" ]; then rm -rf "$folder"; fi',
].join("\n");

/**
 * When this process is gone, runs `cleanup` (an argument vector, never a shell line) and removes `folder`
 * (if given).
 */
export function guardAgainstOrphan(cleanup: string[], folder = ""): OrphanGuard {
  const watcher = spawn("sh", ["-c", WATCH_SCRIPT, "orphan-guard", String(process.pid), folder, ...cleanup], {
    detached: true,
    stdio: "ignore",
  });
  watcher.unref();
  return {
    release: () => {
      if (watcher.exitCode === null && watcher.signalCode === null) watcher.kill("SIGKILL");
    },
  };
}
