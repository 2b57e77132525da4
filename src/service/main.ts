// `npm start`: reads the configuration (environment variables, overridden by flags), starts the service
// and the dashboard on one port, and stops cleanly on Ctrl-C.

import { ENDPOINTS, pathOf, SERVICE_PATHS } from "../interface/endpoints.ts";
import { ADMIN_KEY_FILE, WRITE_KEY_FILE } from "./access/write-and-admin-keys.ts";
import { helpText, loadConfig } from "./config/load.ts";
import { ConfigError } from "./config-error.ts";
import { logFaultsTo } from "./ops/fault-log.ts";
import { createLogger, lineLog } from "./ops/logger.ts";
import { startService } from "./server.ts";
import { watchForExchanges } from "./sources/market-choice.ts";

async function main(): Promise<void> {
  const config = loadConfig(process.env, process.argv.slice(2));
  if (config.help) {
    console.log(helpText());
    return;
  }
  const store = config.databaseUrl === null ? `data directory ${config.dataDir}` : "PostgreSQL";
  console.log(`market: ${store}, role ${config.role} (seed ${config.seed}, wire ${config.wire})`);
  // The service's own log: readable lines on a terminal, one JSON object a line otherwise (ops/logger.ts);
  // this banner stays plain text.
  const logger = createLogger({ level: config.logLevel });
  logFaultsTo(logger);
  const log = lineLog(logger);
  let service = await startService(config, { dashboardDir: config.dashboardDir, log });
  let stopWatching = () => {};
  // Before the lines that say the service is up: whoever waits for them (a supervisor, a test) may stop it
  // at once, and a SIGTERM that comes before its handler kills the process without closing the store.
  const stop = async () => {
    stopWatching();
    await service.close();
    process.exit(0);
  };
  process.once("SIGINT", stop);
  process.once("SIGTERM", stop);
  for (const [what, key, file] of [
    ["write key", service.createdWriteKey, WRITE_KEY_FILE],
    ["admin key", service.createdAdminKey, ADMIN_KEY_FILE],
  ] as const) {
    if (!key) continue;
    // Shown once to the operator at a terminal; output going to a file or a log collector never holds it.
    if (process.stdout.isTTY) {
      console.log(`${what} (created and stored in ${config.dataDir}/${file}; keep it secret):`);
      console.log(`  ${key}`);
    } else {
      console.log(`${what}: created in ${config.dataDir}/${file} (owner-only; shown only on a terminal)`);
    }
  }
  if (config.role === "ingest") {
    console.log(`ingest     writing the market; health at ${service.url}${SERVICE_PATHS.readiness}`);
    return;
  }
  const limit = config.rateLimit === 0 ? "off" : `${config.rateLimit} requests per 60 s per client`;
  console.log(`dashboard  ${service.url}/`);
  console.log(`API        ${service.url}${pathOf(ENDPOINTS.coins, {})}   (fair-usage limit: ${limit})`);
  console.log(`API docs   ${service.url}${SERVICE_PATHS.docs}`);
  console.log(
    `console    ${service.url}/console   (admin key: ADMIN_KEYS or ${config.dataDir}/${ADMIN_KEY_FILE})`,
  );
  if (config.marketSpeed !== 1) console.log(`market clock runs ${config.marketSpeed}× real time`);
  if (service.config.marketFallback !== null) {
    console.log(
      `market     simulated: ${service.config.marketFallback}; trying the exchanges again every ${config.marketRetrySeconds} s`,
    );
    // The simulator is the fallback because no exchange responded: when one does, the service restarts on
    // the real market (its own history, beside the simulated one), on the same port, by itself.
    stopWatching = watchForExchanges(service.config, (exchange) => {
      log(`market: ${exchange} answers now: switching to the real market`);
      void (async () => {
        const port = service.port;
        await service.close();
        // On the port it had: a dashboard open in a browser carries on at the same address.
        service = await startService(
          { ...config, port, marketSource: "exchanges" },
          { dashboardDir: config.dashboardDir, log },
        );
        console.log(`market     real: reading the exchanges at ${service.url}/`);
      })().catch((error: unknown) => {
        console.error("market: switching to the real market failed", error);
        process.exit(1);
      });
    });
  }
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) {
    console.error(`Bad configuration: ${error.message}`);
    process.exit(2);
  }
  console.error(error);
  process.exit(1);
});
