// The service as an operator runs it: the real `npm start` entry in its own process, a real port, killed with
// SIGKILL while supply posts are in flight, restarted on the same data directory. Every post that was
// answered 200 is stored: the supply row, committed before the answer, is the ledger.
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Database from "better-sqlite3";
import { afterAll, describe, expect, it } from "vitest";
import { readRotatedRequestLogs } from "./ops/request-log.ts";

const parent = mkdtempSync(join(tmpdir(), "market-kill-"));
const children: ChildProcess[] = [];
afterAll(() => {
  for (const child of children) if (child.exitCode === null) child.kill("SIGKILL");
  rmSync(parent, { recursive: true, force: true });
});

const WRITE_KEY = "crash-test-write-key-0123456789";

interface ServiceProcess {
  child: ChildProcess;
  url: string;
  output: () => string;
  exited: Promise<number | null>;
}

/** Starts `src/service/main.ts` on a free port and resolves once it serves. */
function startProcess(dataDir: string, env: Record<string, string> = {}): Promise<ServiceProcess> {
  // One process (node with tsx's loader), not the tsx CLI, which would run the service in a child that a
  // kill of the CLI leaves running. Two coins and one day of history seed in a second or two.
  const args = [
    ...["--market", "simulator", "--port", "0", "--data-dir", dataDir],
    ...["--history-days", "1", "--market-coins", "BTC,ETH"],
  ];
  const child = spawn(
    process.execPath,
    ["--import", "tsx", "src/service/main.ts", ...args, "--rate-limit", "0"],
    {
      env: { ...process.env, ...env },
      stdio: ["ignore", "pipe", "pipe"],
    },
  );
  children.push(child);
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  let output = "";
  return new Promise((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /API\s+(http:\/\/localhost:\d+)\//.exec(output);
      if (match?.[1]) resolve({ child, url: match[1], output: () => output, exited });
    };
    child.stdout?.on("data", onData);
    child.stderr?.on("data", onData);
    void exited.then((code) => reject(new Error(`service exited with ${code}:\n${output}`)));
  });
}

function post(url: string, symbol: string, supply: number): Promise<Response> {
  return fetch(`${url}/v1/supply?Symbol=${symbol}&CirculatingSupply=${supply}`, {
    method: "POST",
    headers: { Authorization: `Bearer ${WRITE_KEY}` },
  });
}

/** Every supply row the data directory holds, as "SYMBOL supply". */
function storedSupplies(dataDir: string): Set<string> {
  const db = new Database(join(dataDir, "market.sqlite"));
  try {
    const rows = db.prepare("SELECT symbol, circulating_supply AS supply FROM supply").all() as {
      symbol: string;
      supply: number;
    }[];
    return new Set(rows.map((row) => `${row.symbol} ${row.supply}`));
  } finally {
    db.close();
  }
}

describe("durability", () => {
  it("keeps every acknowledged supply post when the process is killed with posts in flight", async () => {
    const dataDir = join(parent, "crash");
    const first = await startProcess(dataDir, { WRITE_KEYS: WRITE_KEY });
    const acknowledged: string[] = [];
    let inFlight = 0;
    let killed = false;
    let next = 0;
    // Eight clients posting one after another, each post a value of its own.
    const clients = Array.from({ length: 8 }, async () => {
      while (!killed) {
        const symbol = next % 2 === 0 ? "BTC" : "ETH";
        const supply = 19_000_000 + next++;
        inFlight++;
        try {
          const response = await post(first.url, symbol, supply);
          if (response.status === 200) acknowledged.push(`${symbol} ${supply}`);
          else throw new Error(`a post answered ${response.status}: ${await response.text()}`);
        } catch (error) {
          if (!killed) throw error;
        } finally {
          inFlight--;
        }
      }
    });
    while (acknowledged.length < 150) await new Promise((resolve) => setTimeout(resolve, 10));
    const inFlightAtKill = inFlight;
    killed = true;
    first.child.kill("SIGKILL");
    await first.exited;
    await Promise.all(clients);
    expect(inFlightAtKill).toBeGreaterThan(0);

    const stored = storedSupplies(dataDir);
    const missing = acknowledged.filter((post) => !stored.has(post));
    expect(missing).toEqual([]);
    // The request log survives the kill too: it reads back (a torn last line is skipped), and each post
    // it logged as accepted is stored. Its last lines may be missing: it is written every 25 ms.
    const logged = (await readRotatedRequestLogs(join(dataDir, "requests.log"))).filter(
      (entry) => entry.method === "POST" && entry.status === 200,
    );
    expect(logged.length).toBeGreaterThan(0);
    for (const entry of logged) {
      const query = new URLSearchParams(entry.path.slice(entry.path.indexOf("?")));
      expect(stored.has(`${query.get("Symbol")} ${query.get("CirculatingSupply")}`)).toBe(true);
    }

    const second = await startProcess(dataDir, { WRITE_KEYS: WRITE_KEY });
    try {
      expect((await fetch(`${second.url}/v1/coins`)).status).toBe(200);
      const btc = await (await fetch(`${second.url}/v1/supply/BTC`)).json();
      expect(stored.has(`BTC ${btc.circulatingSupply}`)).toBe(true);
      expect((await post(second.url, "ETH", 120_700_001)).status).toBe(200);
      expect((await (await fetch(`${second.url}/v1/supply/ETH`)).json()).circulatingSupply).toBe(120_700_001);
    } finally {
      second.child.kill("SIGTERM");
    }
    expect(await second.exited).toBe(0);
  }, 120_000);

  it("creates a write key owner-only, never prints it off a terminal, and keeps it across restarts", async () => {
    const dataDir = join(parent, "created-key");
    const first = await startProcess(dataDir);
    first.child.kill("SIGTERM");
    expect(await first.exited).toBe(0);
    const keyFile = join(dataDir, "write-key");
    expect(statSync(keyFile).mode & 0o777).toBe(0o600);
    expect(statSync(dataDir).mode & 0o777).toBe(0o700);
    const key = readFileSync(keyFile, "utf8").trim();
    expect(key.length).toBeGreaterThanOrEqual(32);
    // The output is a pipe here, as it is under a log collector: it says where the key is, not what it is.
    expect(first.output()).toContain(`write key: created in ${keyFile}`);
    expect(first.output()).not.toContain(key);

    const second = await startProcess(dataDir);
    try {
      expect(second.output()).not.toContain("write key");
      const response = await fetch(`${second.url}/v1/supply?Symbol=BTC&CirculatingSupply=19000001.5`, {
        method: "POST",
        headers: { Authorization: `Bearer ${key}` },
      });
      expect(response.status).toBe(200);
    } finally {
      second.child.kill("SIGTERM");
    }
    expect(await second.exited).toBe(0);
  }, 120_000);

  it("stops a start with bad configuration with a message that names the setting", async () => {
    const child = spawn(
      process.execPath,
      ["--import", "tsx", "src/service/main.ts", "--rate-limit", "lots"],
      {
        stdio: ["ignore", "pipe", "pipe"],
      },
    );
    let stderr = "";
    child.stderr.on("data", (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    const code = await new Promise((resolve) => child.once("exit", resolve));
    expect(code).toBe(2);
    expect(stderr).toMatch(/Bad configuration: RATE_LIMIT \(--rate-limit\)/);
  }, 60_000);
});
