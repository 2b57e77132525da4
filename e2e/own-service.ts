// A service of a test's own, for journeys that stop it: started as a child process on its own port and
// data directory, like the run's shared services.
import { type ChildProcess, spawn } from "node:child_process";
import { rmSync } from "node:fs";
import { API_KEYS_SETTING, DASHBOARD_DIR, dataDir, serviceUrl, WRITE_KEY } from "./services.ts";

export interface OwnService {
  url: string;
  port: number;
  stop(): Promise<void>;
}

export interface OwnServiceOptions {
  /** How fast its market clock runs (60: a 120 s block every 2 s); default real time. */
  marketSpeed?: number;
  /** Days of history seeded on start; default 1. */
  historyDays?: number;
  /** The coins its market simulates (MARKET_COINS); default all. A few make a long history cheap. */
  marketCoins?: string[];
  /** How long to wait for it to listen (seeding a long history takes a while); default 120 s. */
  startTimeoutMs?: number;
  /** More settings, as environment variables (MARKET_SOURCE, EXCHANGE_HOSTS, ...). */
  env?: Record<string, string>;
}

export async function startOwnService(port: number, options: OwnServiceOptions = {}): Promise<OwnService> {
  const { marketSpeed, historyDays = 1, marketCoins, startTimeoutMs = 120_000 } = options;
  const dir = dataDir(port);
  rmSync(dir, { recursive: true, force: true });
  const child: ChildProcess = spawn(
    process.execPath,
    [
      "--import",
      "tsx",
      "src/service/main.ts",
      "--port",
      String(port),
      "--data-dir",
      dir,
      "--history-days",
      String(historyDays),
      ...(marketSpeed === undefined ? [] : ["--market-speed", String(marketSpeed)]),
      ...(marketCoins === undefined ? [] : ["--market-coins", marketCoins.join(",")]),
      // A journey names its sources: the simulator and generated rates unless its settings name others.
      ...(options.env?.MARKET_SOURCE === undefined ? ["--market", "simulator"] : []),
      ...(options.env?.RATES_SOURCE === undefined ? ["--rates", "history"] : []),
    ],
    {
      env: {
        ...process.env,
        API_KEYS: API_KEYS_SETTING,
        WRITE_KEYS: WRITE_KEY,
        DASHBOARD_DIR,
        ...options.env,
      },
      stdio: "ignore",
    },
  );
  const url = serviceUrl(port);
  const deadline = Date.now() + startTimeoutMs;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the service on port ${port} exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${url}/v1/openapi.json`)).ok) break;
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline) {
      child.kill("SIGTERM");
      throw new Error(`the service on port ${port} did not start in ${startTimeoutMs / 1000} s`);
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return {
    url,
    port,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once("exit", () => resolve());
        child.kill("SIGTERM");
      }),
  };
}
