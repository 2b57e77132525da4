import { describe, expect, it } from "vitest";
import { createLogger } from "./logger.ts";

const NOW = Date.UTC(2026, 10, 20, 12, 0, 30, 250);
/** The time as the reader's clock shows it (the test may run in any time zone). */
const CLOCK = (() => {
  const at = new Date(NOW);
  return [at.getHours(), at.getMinutes(), at.getSeconds()].map((n) => String(n).padStart(2, "0")).join(":");
})();

function prettyLogger() {
  const written: string[] = [];
  const logger = createLogger({
    now: () => NOW,
    pretty: true,
    destination: { write: (text) => written.push(text) },
  });
  return { logger, written };
}

describe("the log on a terminal", () => {
  it("writes a readable line: the time on the reader's clock, the level and the message, no JSON", () => {
    const { logger, written } = prettyLogger();
    logger.info("market: 28 coins");
    expect(written).toEqual([`[${CLOCK}] INFO: market: 28 coins\n`]);
    expect(() => JSON.parse(written[0] ?? "")).toThrow();
  });

  it("keeps a record's fields on its line and leaves out the process id and host name", () => {
    const { logger, written } = prettyLogger();
    logger.child({ role: "api" }).warn({ requestId: "r-7f3a", where: "GET /v1/coins" }, "slow");
    expect(written).toEqual([
      `[${CLOCK}] WARN: slow {"role":"api","requestId":"r-7f3a","where":"GET /v1/coins"}\n`,
    ]);
    expect(written[0]).not.toContain(String(process.pid));
  });

  it("shows an error's type, message and stack under its line", () => {
    const { logger, written } = prettyLogger();
    logger.error({ err: new TypeError("x is undefined"), requestId: "r-1" }, "fault");
    const [line, ...details] = (written[0] ?? "").split("\n");
    expect(line).toBe(`[${CLOCK}] ERROR: fault {"requestId":"r-1"}`);
    const rest = details.join("\n");
    expect(rest).toContain('"type": "TypeError"');
    expect(rest).toMatch(/TypeError: x is undefined\n\s+at /);
  });

  it("writes nothing below the logger's level", () => {
    const written: string[] = [];
    const logger = createLogger({
      pretty: true,
      level: "warn",
      destination: { write: (t) => written.push(t) },
    });
    logger.info("not written");
    logger.warn("written");
    expect(written).toHaveLength(1);
  });
});
