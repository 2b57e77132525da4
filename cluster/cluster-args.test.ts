import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { parseClusterArgs } from "./cluster-args.ts";

describe("the cluster command's flags", () => {
  it("takes its own flags and passes every other one to the service processes", () => {
    const command = parseClusterArgs([
      "--replicas",
      "4",
      "--market-speed",
      "60",
      "--port=9090",
      "--wire=dia",
    ]);
    expect(command).toMatchObject({ replicas: 4, port: 9090, flags: ["--market-speed", "60", "--wire=dia"] });
    expect(parseClusterArgs([])).toMatchObject({
      replicas: 3,
      port: 8080,
      flags: [],
      databaseUrl: undefined,
    });
  });

  it("uses given PostgreSQL and Redis URLs, = and all", () => {
    const command = parseClusterArgs(["--database-url=postgres://db/x?a=b", "--redis-url", "redis://r:1"]);
    expect(command).toMatchObject({ databaseUrl: "postgres://db/x?a=b", redisUrl: "redis://r:1" });
  });

  it("says what is wrong with a replica count or port", () => {
    expect(() => parseClusterArgs(["--replicas", "0"])).toThrow(
      "--replicas must be a whole number from 1 to 32; got 0",
    );
    expect(() => parseClusterArgs(["--replicas"])).toThrow("got nothing");
    expect(() => parseClusterArgs(["--port", "80.5"])).toThrow(
      "--port must be a whole number from 1 to 65535",
    );
  });

  it("refuses the settings it gives each process itself", () => {
    expect(() => parseClusterArgs(["--data-dir", "/x"])).toThrow("--data-dir is set by the cluster");
    expect(() => parseClusterArgs(["--role=all"])).toThrow("--role is set by the cluster");
  });
});

describe("the cluster command on a machine without Redis", () => {
  it("names what is missing and how to install it, and starts nothing", () => {
    const emptyPath = mkdtempSync(join(tmpdir(), "no-programs-"));
    try {
      const run = spawnSync(process.execPath, ["--import", "tsx", "cluster/cluster.ts", "--replicas", "1"], {
        cwd: fileURLToPath(new URL("..", import.meta.url)),
        env: { ...process.env, PATH: emptyPath },
        encoding: "utf8",
      });
      expect(run.status).toBe(2);
      expect(run.stderr).toContain(
        "cluster: missing redis (redis-server not found); install with: apt-get install -y redis-server",
      );
      expect(run.stdout).not.toContain("starting");
    } finally {
      rmSync(emptyPath, { recursive: true, force: true });
    }
  });
});
