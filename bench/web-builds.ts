// The two dashboards bench:web compares in one run: this tree's, and a baseline commit's (by default the
// parent of the issue-18 work on the dashboard's first load), checked out beside it as a git worktree,
// built, and each served by its own service (a child process on a fresh data directory, 28 coins).
import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { existsSync, mkdtempSync, rmSync, symlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";

export interface Build {
  /** "before" or "after". */
  name: string;
  /** Where its sources are (a worktree for the baseline). */
  dir: string;
  /** The commit, as `git describe` names it. */
  commit: string;
}

export interface RunningBuild extends Build {
  url: string;
  stop(): Promise<void>;
}

const run = (command: string, args: string[], cwd: string) =>
  execFileSync(command, args, { cwd, encoding: "utf8", stdio: ["ignore", "pipe", "inherit"] }).trim();

/** The baseline commit's tree, checked out (once) beside this one and built; its node_modules are ours. */
export function baselineBuild(commit: string): Build {
  const dir = join(tmpdir(), `bench-web-base-${commit}`);
  if (!existsSync(join(dir, "package.json"))) {
    rmSync(dir, { recursive: true, force: true });
    run("git", ["worktree", "prune"], process.cwd());
    run("git", ["worktree", "add", "--detach", dir, commit], process.cwd());
  }
  // Its dependencies are a subset of ours (this work added a benchmark's only).
  if (!existsSync(join(dir, "node_modules"))) symlinkSync(resolve("node_modules"), join(dir, "node_modules"));
  run("npx", ["vite", "build", "--logLevel", "warn"], dir);
  return { name: "before", dir, commit: run("git", ["log", "-1", "--format=%h %s"], dir).slice(0, 90) };
}

/** This tree, built by `npm run bench:web` before the benchmark starts. */
export function currentBuild(): Build {
  const commit = run("git", ["log", "-1", "--format=%h %s"], process.cwd()).slice(0, 90);
  const dirty = run(
    "git",
    ["status", "--porcelain", "--", "src", "index.html", "vite.config.ts"],
    process.cwd(),
  );
  return {
    name: "after",
    dir: process.cwd(),
    commit: dirty === "" ? commit : `${commit} + uncommitted changes`,
  };
}

/**
 * A build's service on `port`: the default market (28 coins, HISTORY_DAYS as given), the fair-usage limit
 * off (every Lighthouse run is a new client from the same address, and 24 runs would measure the wait for
 * the budget rather than the page), its own built dashboard. Ready when /readyz says so: the history seeded.
 */
export async function startBuild(build: Build, port: number, historyDays: number): Promise<RunningBuild> {
  const dataDir = mkdtempSync(join(tmpdir(), `bench-web-${build.name}-`));
  const child: ChildProcess = spawn(
    process.execPath,
    [
      "--import",
      "tsx",
      "src/service/main.ts",
      "--market",
      "simulator",
      "--port",
      String(port),
      "--data-dir",
      dataDir,
      "--history-days",
      String(historyDays),
      "--rate-limit",
      "0",
      "--dashboard-dir",
      join(build.dir, "dist", "app"),
      "--log-level",
      "warn",
    ],
    { cwd: build.dir, stdio: "ignore" },
  );
  const url = `http://localhost:${port}`;
  const deadline = Date.now() + 15 * 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the ${build.name} service exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${url}/readyz`)).ok) break;
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline) throw new Error(`the ${build.name} service was not ready in 15 minutes`);
    await new Promise((done) => setTimeout(done, 1000));
  }
  return {
    ...build,
    url,
    stop: () =>
      new Promise<void>((done) => {
        const finish = () => {
          rmSync(dataDir, { recursive: true, force: true });
          done();
        };
        if (child.exitCode !== null) return finish();
        child.once("exit", finish);
        child.kill("SIGTERM");
      }),
  };
}
