// What the machine did while bench:live measured: the CPU time of the whole machine (/proc/stat) and of the
// bench's own processes (this one and its descendants: the service, the fakes, Chromium, the bare reader,
// the cluster's processes, Redis, HAProxy; and PostgreSQL, which pg_ctl detaches, as a root of its own), so
// the report can say how much of the machine other work took during each window. Linux only; elsewhere
// the shares are unknown (NaN).
import { readdirSync, readFileSync } from "node:fs";

export interface CpuSample {
  /** Clock ticks of every CPU: all, busy (not idle nor waiting for I/O), and of the bench's processes. */
  total: number;
  busy: number;
  ours: number;
}

export interface CpuShares {
  /** Shares of the machine's CPU time over the interval, 0–1. */
  busy: number;
  ours: number;
  other: number;
}

function read(path: string): string | null {
  try {
    return readFileSync(path, "utf8");
  } catch {
    return null;
  }
}

/** Every process's parent and CPU ticks (its own and its reaped children's). */
function processes(): Map<number, { ppid: number; ticks: number }> {
  const all = new Map<number, { ppid: number; ticks: number }>();
  for (const name of readdirSync("/proc")) {
    if (!/^\d+$/.test(name)) continue;
    const text = read(`/proc/${name}/stat`);
    if (text === null) continue;
    // After the command's closing parenthesis: state, ppid, …, utime (14th field), stime, cutime, cstime.
    const fields = text.slice(text.lastIndexOf(")") + 2).split(" ");
    const ticks = [11, 12, 13, 14].reduce((sum, i) => sum + Number(fields[i] ?? 0), 0);
    all.set(Number(name), { ppid: Number(fields[1]), ticks });
  }
  return all;
}

/** The pid of the PostgreSQL server listening on `port` (its command line has `-p <port>`), if any. */
export function postmasterOn(port: number): number | undefined {
  for (const name of readdirSync("/proc")) {
    if (!/^\d+$/.test(name)) continue;
    const args = read(`/proc/${name}/cmdline`)?.split("\0") ?? [];
    if (!/postgres$/.test(args[0] ?? "")) continue;
    if (args.some((arg, i) => arg === `-p ${port}` || (arg === "-p" && args[i + 1] === String(port))))
      return Number(name);
  }
  return undefined;
}

/** The machine's CPU ticks now, and those of `roots` (this process by default) and their descendants. */
export function sampleCpu(roots: readonly number[] = []): CpuSample {
  const stat = read("/proc/stat");
  const cpu = stat
    ?.split("\n")[0]
    ?.split(/\s+/)
    .slice(1, 9)
    .map((value) => Number(value));
  if (!cpu || cpu.length < 8) return { total: Number.NaN, busy: Number.NaN, ours: Number.NaN };
  const total = cpu.reduce((sum, value) => sum + value, 0);
  const idle = (cpu[3] as number) + (cpu[4] as number);
  const all = processes();
  const children = new Map<number, number[]>();
  for (const [pid, { ppid }] of all) children.set(ppid, [...(children.get(ppid) ?? []), pid]);
  const ours = new Set<number>();
  const queue = [process.pid, ...roots];
  while (queue.length > 0) {
    const pid = queue.pop() as number;
    if (ours.has(pid)) continue;
    ours.add(pid);
    queue.push(...(children.get(pid) ?? []));
  }
  let ticks = 0;
  for (const pid of ours) ticks += all.get(pid)?.ticks ?? 0;
  return { total, busy: total - idle, ours: ticks };
}

/** The shares of the machine's CPU from `before` to `after`. */
export function cpuShares(before: CpuSample, after: CpuSample): CpuShares {
  const total = after.total - before.total;
  const busy = (after.busy - before.busy) / total;
  const ours = Math.min(busy, (after.ours - before.ours) / total);
  return { busy, ours, other: busy - ours };
}
