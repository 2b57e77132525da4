// The machine side of npm run bench:scale: cgroup v1 CPU slices (quota) and CPU accounting (cpuacct) for the
// processes under test, CPU pinning with taskset, and finding a server's process by the port it listens on.
// Linux only, as root. Every group is made under one parent named for this process, and removed at the end,
// also when the bench fails or is interrupted.
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, readFileSync, rmdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";

const CPU_ROOT = "/sys/fs/cgroup/cpu";
const CPUACCT_ROOT = "/sys/fs/cgroup/cpuacct";

export interface CpuGroups {
  /** Moves a process (all its threads; later children follow) into the named group, made on first use. */
  add(name: string, pid: number): void;
  /** Holds the group to `cores` of CPU time in every period (0.05 of 20 ms: 1 ms, the kernel's least); null lifts the cap. */
  cap(name: string, cores: number | null, periodUs: number): void;
  /** CPU seconds the group's processes have used since it was made. */
  cpuSeconds(name: string): number;
  /** How many periods the group was throttled in (its cap was reached). */
  throttledPeriods(name: string): number;
  /** Moves every process back to the root groups and removes the groups. */
  remove(): void;
}

/** Whether this machine lets the bench make CPU slices (cgroup v1 with cpu and cpuacct, as root). */
export function cpuGroupsMissing(): string | undefined {
  if (process.platform !== "linux") return "needs Linux (cgroup v1 CPU slices)";
  if (process.getuid?.() !== 0) return "needs root (it makes cgroups and moves processes into them)";
  for (const root of [CPU_ROOT, CPUACCT_ROOT]) {
    if (!existsSync(join(root, "cgroup.procs"))) return `needs cgroup v1 mounted at ${root}`;
  }
  if (!existsSync(join(CPU_ROOT, "cpu.cfs_quota_us"))) return "needs the CFS bandwidth controller";
  return undefined;
}

export function cpuGroups(prefix: string): CpuGroups {
  const parents = [CPU_ROOT, CPUACCT_ROOT].map((root) => join(root, prefix));
  for (const parent of parents) mkdirSync(parent, { recursive: true });
  const made = new Set<string>();
  const dirs = (name: string) => {
    if (!/^[a-z0-9-]+$/.test(name)) throw new Error(`cgroup name ${JSON.stringify(name)}: use a-z, 0-9, -`);
    const [cpu, acct] = parents.map((parent) => join(parent, name)) as [string, string];
    if (!made.has(name)) {
      mkdirSync(cpu, { recursive: true });
      mkdirSync(acct, { recursive: true });
      made.add(name);
    }
    return { cpu, acct };
  };
  let removed = false;
  const remove = () => {
    if (removed) return;
    removed = true;
    for (const [root, parent] of [CPU_ROOT, CPUACCT_ROOT].map((root, i) => [root, parents[i]] as const)) {
      if (!parent || !existsSync(parent)) continue;
      for (const name of readdirSync(parent, { withFileTypes: true })) {
        if (!name.isDirectory()) continue;
        const dir = join(parent, name.name);
        for (const pid of pidsIn(dir)) moveQuietly(root, pid);
        rmdirQuietly(dir);
      }
      for (const pid of pidsIn(parent)) moveQuietly(root, pid);
      rmdirQuietly(parent);
    }
  };
  // An interrupted or failed run leaves no group behind (the exit hook runs synchronously on the way out).
  process.once("exit", remove);
  return {
    add: (name, pid) => {
      const { cpu, acct } = dirs(name);
      writeFileSync(join(cpu, "cgroup.procs"), String(pid));
      writeFileSync(join(acct, "cgroup.procs"), String(pid));
    },
    cap: (name, cores, periodUs) => {
      const { cpu } = dirs(name);
      // Lifting: the quota first, as a period shorter than the quota in force may be refused.
      if (cores === null) writeFileSync(join(cpu, "cpu.cfs_quota_us"), "-1");
      writeFileSync(join(cpu, "cpu.cfs_period_us"), String(periodUs));
      if (cores !== null) writeFileSync(join(cpu, "cpu.cfs_quota_us"), String(Math.round(cores * periodUs)));
    },
    cpuSeconds: (name) => Number(readFileSync(join(dirs(name).acct, "cpuacct.usage"), "utf8")) / 1e9,
    throttledPeriods: (name) =>
      Number(/nr_throttled (\d+)/.exec(readFileSync(join(dirs(name).cpu, "cpu.stat"), "utf8"))?.[1] ?? 0),
    remove,
  };
}

function pidsIn(dir: string): number[] {
  try {
    return readFileSync(join(dir, "cgroup.procs"), "utf8").split("\n").filter(Boolean).map(Number);
  } catch {
    return [];
  }
}

function moveQuietly(root: string, pid: number): void {
  try {
    writeFileSync(join(root, "cgroup.procs"), String(pid));
  } catch {
    // The process ended meanwhile.
  }
}

function rmdirQuietly(dir: string): void {
  try {
    rmdirSync(dir);
  } catch {
    // Still in use (a process moved in after the listing): the next run's prefix differs, and it is empty soon.
  }
}

/** Pins a process and every thread it has to CPUs ("0", "0,1"); children forked later inherit it. */
export function pin(pid: number, cpus: number | string): void {
  execFileSync("taskset", ["-a", "-p", "-c", String(cpus), String(pid)], { stdio: "ignore" });
}

/** Times the process's main thread (Node's event loop) was switched out, by choice and by preemption. */
export function contextSwitches(pid: number): number {
  try {
    const status = readFileSync(`/proc/${pid}/status`, "utf8");
    const count = (name: string) => Number(new RegExp(`^${name}:\\s+(\\d+)`, "m").exec(status)?.[1] ?? 0);
    return count("voluntary_ctxt_switches") + count("nonvoluntary_ctxt_switches");
  } catch {
    return 0;
  }
}

/** A process and all its descendants (PostgreSQL's server and its backends, say), from /proc. */
export function processTree(root: number): number[] {
  const children = new Map<number, number[]>();
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
      // The command name is in parentheses and may hold spaces: the parent's id is the 2nd field after it.
      const ppid = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
      children.set(ppid, [...(children.get(ppid) ?? []), Number(entry)]);
    } catch {
      // Ended while listing.
    }
  }
  const tree: number[] = [];
  const visit = (pid: number) => {
    tree.push(pid);
    for (const child of children.get(pid) ?? []) visit(child);
  };
  visit(root);
  return tree;
}

/** The process listening on a loopback TCP port (the server behind a URL). */
export function listenerPid(port: number): number {
  const out = execFileSync("ss", ["-ltnpH", `sport = :${port}`], { encoding: "utf8" });
  const pid = /pid=(\d+)/.exec(out)?.[1];
  if (!pid) throw new Error(`no process found listening on port ${port}`);
  return Number(pid);
}

/** TCP connections this machine has accepted (every process's, from /proc/net/snmp). */
export function acceptedConnections(): number {
  const lines = readFileSync("/proc/net/snmp", "utf8")
    .split("\n")
    .filter((line) => line.startsWith("Tcp:"));
  const [names = [], values = []] = lines.map((line) => line.split(/\s+/));
  return Number(values[names.indexOf("PassiveOpens")] ?? Number.NaN);
}
