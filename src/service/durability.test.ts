// A supply post survives the process being killed: the real `npm start` entry, a real port, SIGKILL.
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";

const dataDir = mkdtempSync(join(tmpdir(), "market-kill-"));
const children: ChildProcess[] = [];
const SERVICE_ARGS = ["src/service/main.ts", "--port", "0"];
afterAll(() => {
  for (const child of children) child.kill("SIGKILL");
  rmSync(dataDir, { recursive: true, force: true });
});

/** Starts `src/service/main.ts` and resolves with its URL once it serves. */
function startProcess(): Promise<{ child: ChildProcess; url: string; output: () => string }> {
  // One process (node with tsx's loader), not the tsx CLI, which would run the service in a child that a
  // kill of the CLI leaves running.
  const child = spawn(
    process.execPath,
    ["--import", "tsx", ...SERVICE_ARGS, "--data-dir", dataDir, "--history-days", "1", "--rate-limit", "0"],
    { stdio: ["ignore", "pipe", "pipe"] },
  );
  children.push(child);
  let output = "";
  return new Promise((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /API\s+(http:\/\/localhost:\d+)\//.exec(output);
      if (match?.[1]) resolve({ child, url: match[1], output: () => output });
    };
    child.stdout?.on("data", onData);
    child.stderr?.on("data", onData);
    child.once("exit", (code) => reject(new Error(`service exited with ${code}:\n${output}`)));
  });
}

describe("durability", () => {
  it("keeps an accepted supply post when the process is killed right after the answer", async () => {
    const first = await startProcess();
    // No WRITE_KEYS: the service created one in the data directory and printed it.
    const key = readFileSync(join(dataDir, "write-key"), "utf8").trim();
    expect(first.output()).toContain(key);
    const response = await fetch(`${first.url}/v1/supply?Symbol=DOT&CirculatingSupply=1234567.5`, {
      method: "POST",
      headers: { Authorization: `Bearer ${key}` },
    });
    expect(response.status).toBe(200);
    const stored = await response.json();
    first.child.kill("SIGKILL");
    await new Promise((resolve) => first.child.once("exit", resolve));
    // The killed process served nothing more: its port is closed.
    await expect(fetch(`${first.url}/v1/supply/DOT`)).rejects.toThrow();

    const second = await startProcess();
    expect(second.output()).not.toContain(key);
    const read = await fetch(`${second.url}/v1/supply/DOT`);
    expect(await read.json()).toEqual(stored);
    second.child.kill("SIGTERM");
    expect(await new Promise((resolve) => second.child.once("exit", resolve))).toBe(0);
  });

  it("stops a start with bad configuration with a message that names the setting", async () => {
    const child = spawn(
      join(process.cwd(), "node_modules/.bin/tsx"),
      ["src/service/main.ts", "--rate-limit", "lots"],
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
  });
});
