// A service of a test's own, for journeys that stop it: started as a child process on its own port and
// data directory, like the run's shared services.
import { type ChildProcess, spawn } from "node:child_process";
import { rmSync } from "node:fs";
import { API_KEYS_SETTING, DASHBOARD_DIR, dataDir, serviceUrl, WRITE_KEY } from "./services.ts";

export interface OwnService {
  url: string;
  stop(): Promise<void>;
}

export async function startOwnService(port: number): Promise<OwnService> {
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
      "1",
    ],
    {
      env: { ...process.env, API_KEYS: API_KEYS_SETTING, WRITE_KEYS: WRITE_KEY, DASHBOARD_DIR },
      stdio: "ignore",
    },
  );
  const url = serviceUrl(port);
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the service on port ${port} exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${url}/v1/openapi.json`)).ok) break;
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline) throw new Error(`the service on port ${port} did not start in 120 s`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return {
    url,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once("exit", () => resolve());
        child.kill("SIGTERM");
      }),
  };
}
