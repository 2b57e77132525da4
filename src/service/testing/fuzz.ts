// `npm run fuzz`: the hostile-input fuzz run at length. Flags --count (default 100000) and --seed (default
// random), or FUZZ_COUNT / FUZZ_SEED. Prints the seed first; exits 1 on the first failure, with a replay.
import { parseArgs } from "node:util";
import { fuzzService } from "./hostile-input.ts";

function whole(name: string, text: string | undefined, fallback: number): number {
  if (text === undefined) return fallback;
  if (!/^\d+$/.test(text)) {
    console.error(`${name} must be a whole number; got ${JSON.stringify(text)}`);
    process.exit(2);
  }
  return Number(text);
}

const { values } = parseArgs({ options: { count: { type: "string" }, seed: { type: "string" } } });
const count = whole("--count (FUZZ_COUNT)", values.count ?? process.env.FUZZ_COUNT, 100_000);
const seed = whole(
  "--seed (FUZZ_SEED)",
  values.seed ?? process.env.FUZZ_SEED,
  Math.floor(Math.random() * 2 ** 31),
);

console.log(`hostile-input fuzz: ${count} requests, seed ${seed}`);
try {
  const report = await fuzzService({ count, seed, roundSize: 5_000, say: (line) => console.log(line) });
  console.log(
    `found nothing: ${report.requests} requests in ${report.seconds.toFixed(1)} s (seed ${seed}); ` +
      `statuses ${JSON.stringify(report.statuses)}; connections ${JSON.stringify(report.connections)}; ` +
      `${report.continues} bodies read after a 100 Continue`,
  );
} catch (error) {
  console.error((error as Error).message);
  console.error(`seed ${seed}`);
  process.exit(1);
}
