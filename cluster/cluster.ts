// `npm run cluster -- --replicas N [--port 8080]`: the service as it runs on several machines, on this one —
// a throw-away PostgreSQL and Redis, one ingest, N API replicas and HAProxy in front — stopped on Ctrl-C.
// Every other flag (and the environment: MARKET_SPEED, HISTORY_DAYS, WRITE_KEYS…) goes to each process.
import { missingServersMessage, type ServerName } from "../src/service/testing/servers/binaries.ts";
import { parseClusterArgs, USAGE, UsageError } from "./cluster-args.ts";
import { type Cluster, startCluster } from "./cluster-processes.ts";

async function main(): Promise<void> {
  const command = parseClusterArgs(process.argv.slice(2));
  if (command.help) {
    console.log(USAGE);
    return;
  }
  const needed: ServerName[] = [
    ...(command.databaseUrl ? [] : ["postgresql" as const]),
    ...(command.redisUrl ? [] : ["redis" as const]),
    "haproxy",
  ];
  const missing = missingServersMessage(needed);
  if (missing) {
    console.error(`cluster: ${missing}`);
    process.exit(2);
  }

  let cluster: Cluster | undefined;
  let stopping = false;
  const starting = new AbortController();
  const stop = async (why: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`cluster: ${why}; stopping the replicas, the ingest, HAProxy, Redis and PostgreSQL`);
    // A cluster still starting stops what it started itself, then startCluster rejects.
    starting.abort();
    if (cluster) {
      await cluster.stop();
      process.exit(0);
    }
  };
  // Installed before anything starts: a Ctrl-C during the start must still stop what has started.
  process.once("SIGINT", () => void stop("Ctrl-C"));
  process.once("SIGTERM", () => void stop("SIGTERM"));

  const width = Math.max("ingest".length, `api-${command.replicas}`.length);
  console.log(
    `cluster: starting PostgreSQL, Redis, the ingest, ${command.replicas} API replicas and HAProxy`,
  );
  try {
    cluster = await startCluster({
      replicas: command.replicas,
      port: command.port,
      host: "*",
      ...(command.databaseUrl ? { databaseUrl: command.databaseUrl } : {}),
      ...(command.redisUrl ? { redisUrl: command.redisUrl } : {}),
      flags: command.flags,
      onOutput: (name, line) => console.log(`${name.padEnd(width)} | ${line}`),
      onUnexpectedExit: (name, how) => {
        if (!stopping) console.error(`cluster: ${name} stopped unexpectedly (${how})`);
      },
      signal: starting.signal,
    });
  } catch (error) {
    if (stopping) process.exit(0);
    throw error;
  }
  if (stopping) {
    await cluster.stop();
    process.exit(0);
  }
  const url = `http://localhost:${cluster.haproxy.port}`;
  console.log(`cluster: ready — ${command.replicas} replicas behind HAProxy`);
  console.log(`dashboard  ${url}/`);
  console.log(`API        ${url}/v1/coins`);
  console.log(`API docs   ${url}/docs`);
  for (const { name, url: direct } of [cluster.ingest, ...cluster.replicas]) {
    console.log(`${name.padEnd(width)}  ${direct}/readyz`);
  }
  // The same keys for every replica; shown only at a terminal, as `npm start` does.
  for (const [what, key, setting] of [
    ["write key", cluster.writeKey, "WRITE_KEYS"],
    ["admin key", cluster.adminKey, "ADMIN_KEYS"],
  ] as const) {
    if (!key) continue;
    console.log(
      process.stdout.isTTY
        ? `${what} (this cluster only; keep it secret): ${key}`
        : `${what}: made for this cluster, shown only on a terminal (set ${setting} to choose one)`,
    );
  }
  console.log(`console    ${url}/console`);
  console.log("cluster: Ctrl-C stops everything");
}

main().catch((error: unknown) => {
  // The first line only: the processes' own output, printed above, already tells the rest.
  const message = error instanceof Error ? error.message : String(error);
  console.error(`cluster: ${message.split("\n")[0]}`);
  console.error(error instanceof UsageError ? USAGE : "cluster: did not start; nothing is left running");
  process.exit(2);
});
