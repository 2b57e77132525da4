// The cluster command's own flags; every other flag goes to each process of the service.

/** Settings the cluster gives each process itself; a user's flag for them would undo the cluster. */
const CLUSTER_SETTINGS = ["--role", "--data-dir", "--database-url", "--redis-url", "--trust-proxy"];

export interface ClusterCommand {
  replicas: number;
  port: number;
  databaseUrl: string | undefined;
  redisUrl: string | undefined;
  /** The flags for each service process. */
  flags: string[];
  help: boolean;
}

export const USAGE = [
  "npm run cluster -- [--replicas N] [--port P] [--database-url URL] [--redis-url URL] [service flags…]",
  "  --replicas N        API replicas behind HAProxy (default 3)",
  "  --port P            HAProxy's port, on every interface (default 8080)",
  "  --database-url URL  use this PostgreSQL instead of a throw-away one",
  "  --redis-url URL     use this Redis instead of a throw-away one",
  "Any other flag (e.g. --market-speed 60 --history-days 2) goes to every process, as do the environment's",
  "settings. Needs PostgreSQL 15, Redis and HAProxy: apt-get install -y postgresql redis-server haproxy.",
].join("\n");

export class UsageError extends Error {}

function whole(flag: string, text: string | undefined, min: number, max: number): number {
  const value = Number(text);
  if (text === undefined || text.trim() === "" || !Number.isInteger(value) || value < min || value > max) {
    throw new UsageError(`${flag} must be a whole number from ${min} to ${max}; got ${text ?? "nothing"}`);
  }
  return value;
}

/** Reads the command's own flags and keeps the rest for the service processes. */
export function parseClusterArgs(argv: string[]): ClusterCommand {
  const command: ClusterCommand = {
    replicas: 3,
    port: 8080,
    databaseUrl: undefined,
    redisUrl: undefined,
    flags: [],
    help: false,
  };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] as string;
    const [flag = arg, inline] = arg.startsWith("--") && arg.includes("=") ? arg.split(/=(.*)/s) : [arg];
    const value = () => (inline !== undefined ? inline : argv[++i]);
    if (flag === "--help" || flag === "-h") command.help = true;
    else if (flag === "--replicas") command.replicas = whole("--replicas", value(), 1, 32);
    else if (flag === "--port") command.port = whole("--port", value(), 1, 65_535);
    else if (flag === "--database-url") command.databaseUrl = value();
    else if (flag === "--redis-url") command.redisUrl = value();
    else if (CLUSTER_SETTINGS.includes(flag)) {
      throw new UsageError(`${flag} is set by the cluster for each process; leave it out`);
    } else command.flags.push(arg);
  }
  return command;
}
