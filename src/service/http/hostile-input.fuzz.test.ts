// The service under hostile input: 2,000 generated requests a run over real sockets against the real
// service (every route, method, path segment, query, body shape and content type; with and without keys,
// under a limit and without; bytes Node's parser refuses; backslashes and bad Host headers), alone on a
// connection, several one after another on one, or pipelined in one write, with and without
// `Expect: 100-continue`. The rules are checked in src/service/testing/hostile-input.ts; `npm run fuzz` runs
// the same at length. FUZZ_SEED=<n> repeats a run; a failure prints the seed and a command that sends the
// connection's bytes again.
import { expect, it } from "vitest";
import { fuzzService } from "../testing/hostile-input.ts";

const seed = Number(process.env.FUZZ_SEED ?? Math.floor(Math.random() * 2 ** 31));

it(`answers 2,000 hostile requests by the rules (seed ${seed})`, { timeout: 240_000 }, async () => {
  const report = await fuzzService({ count: 2_000, seed });
  expect(report.requests).toBe(2_000);
  // The run reached past the gates: some requests were served, some refused for their input.
  expect(report.statuses[200]).toBeGreaterThan(0);
  expect(report.statuses[400]).toBeGreaterThan(0);
  // Every way of using a connection was tried, and some bodies were read after a 100 Continue.
  expect(Object.keys(report.connections).sort()).toEqual(["one", "one-after-another", "pipelined"]);
  expect(report.continues).toBeGreaterThan(0);
});
