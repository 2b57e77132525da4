import { describe, expect, it } from "vitest";
import { parseDuration, parseUsageArgs } from "./usage-cli-args.ts";

describe("parseDuration", () => {
  it.each([
    ["30m", 1_800],
    ["1m", 60],
    ["24h", 86_400],
    ["7d", 604_800],
    ["2w", 1_209_600],
    ["hour", 3_600],
    ["day", 86_400],
    ["week", 604_800],
  ])("reads %s as %i seconds", (text, seconds) => {
    expect(parseDuration(text)).toBe(seconds);
  });

  it.each(["0m", "24", "h", "1.5h", "30s", "-1h", "24 h", "", "month", "1234567m"])(
    "refuses %j, naming what it takes",
    (text) => {
      expect(() => parseDuration(text)).toThrow(
        `--since must be a duration such as 30m, 24h, 7d or 2w (or hour, day, week); got ${JSON.stringify(text)}`,
      );
    },
  );
});

describe("parseUsageArgs", () => {
  it("reviews the last 24 hours up to now as a table by default, with the service's own settings", () => {
    expect(parseUsageArgs([])).toEqual({
      seconds: 86_400,
      since: "24h",
      untilMs: null,
      json: false,
      help: false,
      configArgs: [],
    });
  });

  it("hands only the store's settings on to the configuration, in either form", () => {
    const args = parseUsageArgs([
      "--since=7d",
      "--json",
      "--data-dir",
      "/srv/market",
      "--database-url=postgres://u:p@db/market",
      "--until",
      "2026-11-20T12:00:00+01:00",
    ]);
    expect(args).toEqual({
      seconds: 604_800,
      since: "7d",
      untilMs: Date.UTC(2026, 10, 20, 11, 0, 0),
      json: true,
      help: false,
      configArgs: ["--data-dir", "/srv/market", "--database-url", "postgres://u:p@db/market"],
    });
  });

  it.each([
    [["--port", "8080"], /unknown flag "--port"; the flags are --since, --until, --json/],
    [["--since"], /'--since <value>' argument missing/],
    [["24h"], /unexpected argument "24h"/],
    [["--json=yes"], /--json/],
    [["--until", "2026-11-20"], /--until must be an RFC 3339 time.*got "2026-11-20"/],
  ])("refuses %j with a message naming the problem", (argv, message) => {
    expect(() => parseUsageArgs(argv)).toThrow(message);
  });
});
