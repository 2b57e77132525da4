import { describe, expect, it } from "vitest";
import type { ClientUsage } from "../../interface/admin.ts";
import { DEFAULT_USAGE_SORT, sortUsage, USAGE_SORT } from "./usage-sort.ts";

function usage(
  name: string,
  admitted: number,
  refused: number,
  lastSeen = "2026-11-24T09:00:00Z",
): ClientUsage {
  return {
    client: `key:${name}`,
    name,
    keyId: null,
    admitted,
    refused,
    errors: 0,
    bytes: admitted * 100,
    firstSeen: "2026-11-24T08:00:00Z",
    lastSeen,
    peakPerMinute: 1,
    endpoints: [],
    streams: null,
  };
}

const names = (clients: ClientUsage[]) => clients.map((client) => client.name);

describe("the usage table's order", () => {
  const clients = [
    usage("quiet", 3, 0),
    usage("greedy", 50, 40),
    usage("busy", 900, 2),
    usage("twin", 60, 40),
  ];

  it("puts the most refused first by default, the busier of a tie before the other", () => {
    expect(names(sortUsage(clients, DEFAULT_USAGE_SORT))).toEqual(["twin", "greedy", "busy", "quiet"]);
  });

  it("sorts by the column chosen, a second choice turning it round", () => {
    const byAdmitted = USAGE_SORT.next(DEFAULT_USAGE_SORT, "admitted");
    expect(byAdmitted).toEqual({ column: "admitted", direction: "desc" });
    expect(names(sortUsage(clients, byAdmitted))).toEqual(["busy", "twin", "greedy", "quiet"]);
    const back = USAGE_SORT.next(byAdmitted, "admitted");
    expect(names(sortUsage(clients, back))).toEqual(["quiet", "greedy", "twin", "busy"]);
  });

  it("sorts names A to Z first and times by the instant, not the text", () => {
    expect(names(sortUsage(clients, USAGE_SORT.next(DEFAULT_USAGE_SORT, "name")))).toEqual([
      "busy",
      "greedy",
      "quiet",
      "twin",
    ]);
    const times = [usage("a", 1, 0, "2026-11-24T09:00:00+02:00"), usage("b", 1, 0, "2026-11-24T08:30:00Z")];
    expect(names(sortUsage(times, { column: "lastSeen", direction: "desc" }))).toEqual(["b", "a"]);
  });
});
