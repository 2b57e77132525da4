// The issuer source's test bed: the real service on a temporary data directory with the rates from a fake of
// the issuers (fake-issuers.ts) holding a few weeks of scripted fixings, clocks moved by hand, and what the
// service logged.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect } from "vitest";
import { addDays } from "../../../../interface/iso-day.ts";
import { ManualClock } from "../../../clock.ts";
import { loadConfig } from "../../../config/load.ts";
import { type RunningService, startService } from "../../../server.ts";
import { TEST_NOW, TEST_WRITE_KEY } from "../../../testing/test-service.ts";
import type { IssuerFeedStatus } from "../../rate-source.ts";
import { type FakeFixing, FakeIssuers, type FakeSofrAverages } from "./fake-issuers.ts";

export interface Started extends RunningService {
  wallClock: ManualClock;
  lines: string[];
  get(path: string): Promise<Response>;
  /** Moves real time to `iso`, runs the market's tick and waits for the issuers' answers. */
  tick(iso: string): Promise<void>;
  feeds(): IssuerFeedStatus[];
}

const cleanups: (() => Promise<void>)[] = [];

/** Stops what the last test started and removes its data directories (call it after each test). */
export async function cleanUp(): Promise<void> {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
}

export function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), "rates-issuers-"));
  cleanups.push(async () => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

export async function fakeIssuers(): Promise<FakeIssuers> {
  const fake = await FakeIssuers.start();
  cleanups.push(() => fake.close());
  fake.ester = weekdays("2026-11-02", "2026-11-19", (i) => round(1.93 - i * 0.001, 3));
  fake.sofr = weekdays("2026-11-02", "2026-11-18", (i) => round(3.62 + (i % 3) * 0.01, 2), ["2026-11-11"]);
  fake.sofrAverages = weekdays("2026-11-02", "2026-11-19", (i) => i, ["2026-11-11"]).map(
    ({ date, value: i }): FakeSofrAverages => ({
      date,
      average30day: round(3.64321 - i * 0.0011, 5),
      average90day: round(3.71234 - i * 0.0007, 5),
      average180day: round(3.85432 - i * 0.0004, 5),
      index: round(1.25363504 + i * 0.0001007, 8),
    }),
  );
  fake.sonia = weekdays("2026-11-02", "2026-11-19", (i) => round(3.7205 + (i % 4) * 0.0012, 4));
  return fake;
}

export async function start(
  fake: FakeIssuers,
  dataDir: string,
  flags = ["--rates", "issuers"],
): Promise<Started> {
  const config = loadConfig({}, [
    ...[
      "--market",
      "simulator",
      "--port",
      "0",
      "--data-dir",
      dataDir,
      "--history-days",
      "1",
      "--market-coins",
      "BTC",
    ],
    ...["--rate-limit", "0", "--write-keys", TEST_WRITE_KEY, "--rate-issuer-hosts", fake.hostsSetting],
    ...flags,
  ]);
  const wallClock = new ManualClock(TEST_NOW);
  const lines: string[] = [];
  const service = await startService(config, {
    marketClock: new ManualClock(TEST_NOW),
    wallClock,
    live: false,
    log: (line) => lines.push(line),
  });
  let stopped = false;
  const stop = async () => {
    if (stopped) return;
    stopped = true;
    await service.ctx.rates.settled();
    await service.close();
  };
  cleanups.push(stop);
  return {
    ...service,
    close: stop,
    wallClock,
    lines,
    get: (path) => fetch(service.url + path),
    tick: async (iso) => {
      wallClock.set(Date.parse(iso));
      await service.advanceMarket();
      await service.ctx.rates.settled();
    },
    feeds: () => {
      const status = service.ctx.rates.ratesSource();
      return status.source === "issuers" ? status.issuers : [];
    },
  };
}

function weekdays(from: string, to: string, value: (i: number) => number, skip: string[] = []): FakeFixing[] {
  const days: FakeFixing[] = [];
  for (let date = from; date <= to; date = addDays(date, 1)) {
    const weekday = new Date(`${date}T00:00:00Z`).getUTCDay();
    if (weekday !== 0 && weekday !== 6 && !skip.includes(date))
      days.push({ date, value: value(days.length) });
  }
  return days;
}

function round(x: number, decimals: number): number {
  return Math.round(x * 10 ** decimals) / 10 ** decimals;
}

/**
 * The fixings the service must answer: the fake's, each published at the issuer's hour (November: winter
 * time everywhere) on the next fixing's day, or for the newest on the next weekday; the SOFR averages and
 * index on their own day.
 */
export function expected(
  symbol: string,
  source: string,
  fixings: FakeFixing[],
  utcHour: string,
  sameDay = false,
) {
  return fixings.map((f, i) => {
    let day = fixings[i + 1]?.date ?? addDays(f.date, 1);
    if (fixings[i + 1] === undefined)
      while ([0, 6].includes(new Date(day).getUTCDay())) day = addDays(day, 1);
    return {
      symbol,
      value: f.value,
      publicationTime: `${sameDay ? f.date : day}T${utcHour}:00Z`,
      effectiveDate: `${f.date}T00:00:00Z`,
      source,
    };
  });
}

export async function json(service: Started, path: string): Promise<unknown> {
  const response = await service.get(path);
  expect(response.status, `${path} answered ${response.status}`).toBe(200);
  return response.json();
}
