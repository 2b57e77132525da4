// Server time of chart requests on PostgreSQL, for bench/pg-store.bench.ts: the service itself (ROLE=all) on
// the benchmark's database, and the request log's durationMs of sequential requests.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { loadConfig } from "../src/service/config/load.ts";
import { readRequestLog } from "../src/service/ops/request-log.ts";
import { startService } from "../src/service/server.ts";
import { median } from "./report.ts";

const ms = (x: number) => x.toFixed(1);
const log = (line: string) => console.log(`bench: ${line}`);

/** The service on the database at `url`; per case: points, first and median server time, target. */
export async function serverTimes(
  url: string,
  endS: number,
  cases: [name: string, range: number, scale: string, target: string][],
): Promise<(string | number)[][]> {
  const dir = mkdtempSync(join(tmpdir(), "bench-pg-service-"));
  const config = loadConfig({}, [
    "--market",
    "simulator",
    "--port",
    "0",
    "--data-dir",
    dir,
    "--database-url",
    url,
    "--rate-limit",
    "0",
  ]);
  const service = await startService(config, { live: false, log: () => {} });
  const rows: (string | number)[][] = [];
  try {
    const results: { name: string; paths: string[]; points: number; target: string }[] = [];
    for (const [name, range, scale, target] of cases) {
      const paths = Array.from(
        { length: 25 },
        (_, i) =>
          `/v1/chartPointsAllExchanges/MEDIR120/BTC?starttime=${endS - i - range}&endtime=${endS - i}${scale}`,
      );
      let points = 0;
      for (const path of paths) {
        const response = await fetch(service.url + path);
        const text = await response.text();
        if (response.status !== 200) throw new Error(`${path}: ${response.status} ${text}`);
        points = (JSON.parse(text).dataPoints.match(/\n/g)?.length ?? 1) - 1;
      }
      results.push({ name, paths, points, target });
    }
    await service.close();
    const entries = await readRequestLog(join(dir, "requests.log"));
    for (const { name, paths, points, target } of results) {
      const times = paths.map((path) => entries.find((e) => e.path === path)?.durationMs ?? Number.NaN);
      rows.push([name, points, ms(times[0] as number), ms(median(times.slice(5))), target]);
      log(
        `server time, ${name}: first ${ms(times[0] as number)} ms, median ${ms(median(times.slice(5)))} ms`,
      );
    }
  } finally {
    await service.close();
    rmSync(dir, { recursive: true, force: true });
  }
  return rows;
}
