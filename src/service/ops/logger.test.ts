import { execFile } from "node:child_process";
import { fileURLToPath } from "node:url";
import { promisify, stripVTControlCharacters } from "node:util";
import { describe, expect, it } from "vitest";
import { REDACTED } from "./log-redaction.ts";
import { createLogger, type LoggerOptions, lineLog, scrubSecrets } from "./logger.ts";

const NOW = Date.UTC(2026, 10, 20, 12, 0, 30, 250);
const LOGGER = fileURLToPath(new URL("./logger.ts", import.meta.url));
const run = promisify(execFile);

/** A logger writing into memory: what it wrote, as written, and each line parsed. */
function memoryLogger(options: LoggerOptions = {}) {
  const written: string[] = [];
  const logger = createLogger({
    now: () => NOW,
    destination: { write: (text) => written.push(text) },
    ...options,
  });
  const records = () => {
    const lines = written.join("").split("\n");
    expect(lines.pop()).toBe("");
    return lines.map((line) => JSON.parse(line) as Record<string, unknown>);
  };
  return { logger, written, records };
}

describe("createLogger", () => {
  it("writes one JSON object a line with level, ISO time, message and the request id", () => {
    const { logger, written, records } = memoryLogger();
    logger.child({ requestId: "r-7f3a" }).info("answered\nin two lines");
    logger.warn({ where: "GET /v1/coins" }, "slow");
    expect(written).toHaveLength(2);
    for (const text of written) expect(text.match(/\n/g)).toHaveLength(1);
    const [first, second] = records();
    expect(first).toMatchObject({
      level: "info",
      time: "2026-11-20T12:00:30.250Z",
      requestId: "r-7f3a",
      msg: "answered\nin two lines",
      pid: process.pid,
    });
    expect(second).toMatchObject({ level: "warn", where: "GET /v1/coins", msg: "slow" });
  });

  it("writes nothing below its level", () => {
    const { logger, written } = memoryLogger({ level: "warn" });
    logger.info("not written");
    logger.debug("nor this");
    logger.error("written");
    expect(written).toHaveLength(1);
  });

  it("serializes an error with its type, message and stack", () => {
    const { logger, records } = memoryLogger();
    logger.error({ err: new TypeError("x is undefined"), requestId: "r-1" }, "fault");
    const [record] = records();
    const err = record?.err as Record<string, unknown>;
    expect(err.type).toBe("TypeError");
    expect(err.message).toBe("x is undefined");
    expect(err.stack).toMatch(/^TypeError: x is undefined\n\s+at /);
    expect(record?.requestId).toBe("r-1");
  });

  it.each([
    ["JSON", false],
    ["readable lines", true],
  ])(
    "keeps secrets out of %s: fields that name one, passwords in URLs, secret parameters, bearer tokens",
    (_, pretty) => {
      const { logger, written } = memoryLogger({ pretty });
      const secret = "s3cr3t-Value-0042";
      logger.info({ key: secret, headers: { authorization: `Bearer ${secret}` } }, "a request");
      logger.error(
        { err: new Error(`connect ECONNREFUSED postgres://market:${secret}@db:5432/market`) },
        `redis://:${secret}@cache:6379 down`,
      );
      logger.info({ path: `/v1/coins?apikey=${secret}&limit=5` }, `GET /v1/pairs?write_key=${secret}`);
      lineLog(logger)(`sent Authorization: Bearer ${secret}`);
      const text = written.join("");
      expect(text).not.toContain(secret);
      expect(written).toHaveLength(4);
      expect(text).toContain("postgres://market:[redacted]@db:5432/market");
      expect(text).toContain("/v1/coins?apikey=[redacted]&limit=5");
      expect(text).toContain(`"key":"${REDACTED}"`);
    },
  );

  // The default is decided by the real standard output of a process: a pipe, and a terminal (script(1)
  // runs the child on a pseudo-terminal).
  const LOG_A_LINE = `const { createLogger } = await import(${JSON.stringify(LOGGER)}); createLogger().warn({ requestId: "r-1" }, "slow")`;

  it("writes JSON when the standard output is not a terminal", async () => {
    const { stdout } = await run(process.execPath, ["--import", "tsx", "-e", LOG_A_LINE]);
    expect(JSON.parse(stdout)).toMatchObject({ level: "warn", requestId: "r-1", msg: "slow" });
  });

  it("writes readable lines when the standard output is a terminal", async () => {
    const command = `${process.execPath} --import tsx -e '${LOG_A_LINE}'`;
    const { stdout } = await run("script", ["-qec", command, "/dev/null"]);
    expect(stripVTControlCharacters(stdout).trimEnd()).toMatch(
      /^\[\d\d:\d\d:\d\d\] WARN: slow \{"requestId":"r-1"\}$/,
    );
  });
});

describe("lineLog", () => {
  it("makes each line of the service's (line) => void callers a record of the given level", () => {
    const { logger, records } = memoryLogger();
    lineLog(logger)("market: 28 coins");
    lineLog(logger, "warn")("ingest: a block failed");
    expect(records()).toMatchObject([
      { level: "info", msg: "market: 28 coins" },
      { level: "warn", msg: "ingest: a block failed" },
    ]);
  });
});

describe("scrubSecrets", () => {
  it("leaves text without secrets as it is", () => {
    const text = "GET /v1/chartPoints?symbol=BTC&scale=5m took 3 ms; user@example.org wrote";
    expect(scrubSecrets(text)).toBe(text);
  });
});
