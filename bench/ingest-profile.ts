// Where the replay's time goes: V8's sampling profiler (node:inspector, the same profiler `node --cpu-prof`
// writes) over one pipeline pass, its self time summed by who owns the code: ccxt (its WebSocket client's
// decoding, the exchange's message handler and trade parser), the exchanges source (VenueFeed, TradeIntake,
// USD prices), the market's aggregation and filters, Node itself (timers, promises), the garbage collector.
import { Session } from "node:inspector/promises";

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
}

interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

export interface ProfileShares {
  totalMs: number;
  /** Owner → self time, ms, largest first. */
  owners: [string, number][];
  /** ccxt's heaviest functions by self time: "name (file:line)", ms. */
  ccxtTop: [string, number][];
}

function ownerOf(node: ProfileNode): string {
  const { url, functionName } = node.callFrame;
  if (url.includes("/node_modules/ccxt/")) return "ccxt (decoding, message handler, trade parser)";
  if (url.includes("/src/service/sources/")) return "exchanges source (watch loop, intake, USD prices)";
  if (url.includes("/src/service/market/")) return "market (block aggregation, filters)";
  if (url.includes("/bench/")) return "the replay itself";
  if (functionName === "(garbage collector)") return "garbage collector";
  if (url.startsWith("node:")) return "Node (timers, promises, streams)";
  if (functionName === "(program)") return "V8 and native code outside JavaScript";
  if (url === "" && functionName === "parse") return "JSON.parse (called by ccxt's onMessage)";
  if (url === "") return `built-in \`${functionName}\` (no source)`;
  return "other";
}

export async function profiled<T>(run: () => Promise<T>): Promise<{ result: T; shares: ProfileShares }> {
  const session = new Session();
  session.connect();
  await session.post("Profiler.enable");
  await session.post("Profiler.setSamplingInterval", { interval: 200 });
  await session.post("Profiler.start");
  let result: T;
  let profile: Profile;
  try {
    result = await run();
  } finally {
    profile = ((await session.post("Profiler.stop")) as { profile: Profile }).profile;
    session.disconnect();
  }
  const selfUs = new Map<number, number>();
  profile.samples.forEach((id, i) => {
    selfUs.set(id, (selfUs.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0));
  });
  const owners = new Map<string, number>();
  const ccxt = new Map<string, number>();
  let totalUs = 0;
  for (const node of profile.nodes) {
    const us = selfUs.get(node.id) ?? 0;
    if (us === 0 || node.callFrame.functionName === "(idle)") continue;
    totalUs += us;
    const owner = ownerOf(node);
    owners.set(owner, (owners.get(owner) ?? 0) + us);
    if (owner.startsWith("ccxt")) {
      const { functionName, url, lineNumber } = node.callFrame;
      const name = `${functionName || "(anonymous)"} (${url.split("/node_modules/ccxt/")[1]}:${lineNumber + 1})`;
      ccxt.set(name, (ccxt.get(name) ?? 0) + us);
    }
  }
  const ms = (entries: Map<string, number>) =>
    [...entries].sort((a, b) => b[1] - a[1]).map(([k, us]): [string, number] => [k, us / 1000]);
  return {
    result,
    shares: { totalMs: totalUs / 1000, owners: ms(owners), ccxtTop: ms(ccxt).slice(0, 8) },
  };
}
