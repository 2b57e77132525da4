// Where the database, Redis and load balancer programs live on this machine, and what to say when one is
// missing: the distributed tests and the cluster command need real servers, never imitations of them.
import { accessSync, constants } from "node:fs";
import { delimiter, join } from "node:path";

/** Debian's PostgreSQL keeps its programs out of PATH, one folder per major version. */
const POSTGRES_BIN_DIRS = ["/usr/lib/postgresql/15/bin"];
/** Debian installs haproxy in sbin, which a non-root PATH often lacks. */
const SBIN_DIRS = ["/usr/sbin", "/usr/local/sbin", "/sbin"];

export type ServerName = "postgresql" | "redis" | "haproxy";

interface ServerPrograms {
  /** The Debian package that brings the programs. */
  debianPackage: string;
  programs: string[];
  extraDirs: string[];
}

const SERVERS: Record<ServerName, ServerPrograms> = {
  postgresql: { debianPackage: "postgresql", programs: ["initdb", "pg_ctl"], extraDirs: POSTGRES_BIN_DIRS },
  redis: { debianPackage: "redis-server", programs: ["redis-server"], extraDirs: [] },
  haproxy: { debianPackage: "haproxy", programs: ["haproxy"], extraDirs: SBIN_DIRS },
};

const ALL_SERVERS: ServerName[] = ["postgresql", "redis", "haproxy"];

function isExecutable(path: string): boolean {
  try {
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/** The full path of a program found in PATH or in the given folders, else undefined. */
export function findProgram(program: string, extraDirs: string[] = []): string | undefined {
  const pathDirs = (process.env.PATH ?? "").split(delimiter).filter((dir) => dir !== "");
  for (const dir of [...pathDirs, ...extraDirs]) {
    const candidate = join(dir, program);
    if (isExecutable(candidate)) return candidate;
  }
  return undefined;
}

function programOf(server: ServerName, program: string): string {
  const found = findProgram(program, SERVERS[server].extraDirs);
  if (!found) throw new Error(`${program} not found: ${installAdvice([server])}`);
  return found;
}

export const programs = {
  initdb: () => programOf("postgresql", "initdb"),
  pgCtl: () => programOf("postgresql", "pg_ctl"),
  redisServer: () => programOf("redis", "redis-server"),
  haproxy: () => programOf("haproxy", "haproxy"),
};

export interface MissingServer {
  server: ServerName;
  /** The programs of that server not found. */
  programs: string[];
  debianPackage: string;
}

/** Which of the servers are not installed here (all three when none is named). */
export function missingServers(servers: ServerName[] = ALL_SERVERS): MissingServer[] {
  const missing: MissingServer[] = [];
  for (const server of servers) {
    const { programs: names, extraDirs, debianPackage } = SERVERS[server];
    const absent = names.filter((name) => !findProgram(name, extraDirs));
    if (absent.length > 0) missing.push({ server, programs: absent, debianPackage });
  }
  return missing;
}

/** One line a person can act on: which servers are missing and the apt-get line that installs them. */
export function installAdvice(servers: ServerName[]): string {
  const packages = servers.map((server) => SERVERS[server].debianPackage);
  return `install with: apt-get install -y ${packages.join(" ")} (Debian/Ubuntu)`;
}

/** The plain sentence for missing servers, or undefined when all are there. */
export function missingServersMessage(servers: ServerName[] = ALL_SERVERS): string | undefined {
  const missing = missingServers(servers);
  if (missing.length === 0) return undefined;
  const what = missing.map((m) => `${m.server} (${m.programs.join(", ")} not found)`).join(", ");
  return `missing ${what}; ${installAdvice(missing.map((m) => m.server))}`;
}

/**
 * For `describe.skipIf(lacksServers(...))`: true when a server the tests need is missing, after printing one
 * line saying what is skipped and why, so `npm test` never passes silently without them. PostgreSQL and Redis
 * given by DATABASE_URL and REDIS_URL need no programs here.
 */
export function lacksServers(what: string, servers: ServerName[] = ALL_SERVERS): boolean {
  const needed = servers.filter(
    (server) =>
      !(server === "postgresql" && process.env.DATABASE_URL) &&
      !(server === "redis" && process.env.REDIS_URL),
  );
  const message = missingServersMessage(needed);
  if (message === undefined) return false;
  console.warn(`skipped ${what}: ${message}`);
  return true;
}
