// The issuers as a rate source: each feed is asked on start (since the newest stored fixing, so a revision
// is restated), then once its next fixing is due, with a growing pause while it is late. A failing feed is
// logged, counted and retried with the same backoff; the other feeds go on.
import { addDays } from "../../../interface/iso-day.ts";
import { RATE_TYPES } from "../../../interface/vocabulary.ts";
import type { Clock } from "../../clock.ts";
import type { RateRecord } from "../../store/store.ts";
import type { IssuerFeedStatus, RateSink, RateSource, RatesSourceStatus } from "../rate-source.ts";
import { BOE_FEED } from "./boe-feed.ts";
import { ECB_FEED } from "./ecb-feed.ts";
import { type IssuerFeed, IssuerResponseError, type Observation, type RateIssuer } from "./issuer-feed.ts";
import { SOFR_AVERAGES_FEED, SOFR_FEED } from "./nyfed-feeds.ts";
import { nextFixingDueMs, publicationMs, rfc3339 } from "./publication.ts";

export const ISSUER_FEEDS: readonly IssuerFeed[] = [ECB_FEED, SOFR_FEED, SOFR_AVERAGES_FEED, BOE_FEED];

/** The first pause after a fixing that is not there yet, or a failure; doubled each time up to the most. */
export const FIRST_RETRY_MS = 60_000;
const MOST_RETRY_MS = 60 * 60_000;
const TIMEOUT_MS = 30_000;
const MAX_RESPONSE_BYTES = 32 * 2 ** 20;
const USER_AGENT = "crowd-market-data/0.1 (interest-rate fixings)";

export interface IssuerSourceOptions {
  /** Issuer → the origin that receives its requests instead (RATE_ISSUER_HOSTS). */
  hosts: ReadonlyMap<RateIssuer, URL>;
  /** Real time: the issuers publish by it. */
  clock: Clock;
  log: (line: string) => void;
  feeds?: readonly IssuerFeed[];
  timeoutMs?: number;
}

interface FeedState {
  readonly feed: IssuerFeed;
  dueMs: number;
  running: Promise<void> | null;
  retryStep: number;
  failures: number;
  /** Failed attempts in a row. */
  streak: number;
  lastFetchMs: number | null;
  lastError: string | null;
}

export class IssuerSource implements RateSource {
  readonly name = "issuers";
  private readonly states: FeedState[];
  private readonly stop = new AbortController();
  private sink: RateSink | null = null;

  constructor(private readonly options: IssuerSourceOptions) {
    this.states = (options.feeds ?? ISSUER_FEEDS).map((feed) => ({
      feed,
      dueMs: Number.NEGATIVE_INFINITY,
      running: null,
      retryStep: 0,
      failures: 0,
      streak: 0,
      lastFetchMs: null,
      lastError: null,
    }));
  }

  /** Starts a request for every feed that is due; never waits for one. */
  refresh(_marketNowMs: number, sink: RateSink): void {
    this.sink = sink;
    if (this.stop.signal.aborted) return;
    const now = this.options.clock.now();
    for (const state of this.states) {
      if (state.running || now < state.dueMs) continue;
      state.running = this.ask(state, sink).finally(() => {
        state.running = null;
      });
    }
  }

  status(): RatesSourceStatus {
    return {
      source: "issuers",
      issuers: this.states.map(
        (state): IssuerFeedStatus => ({
          name: state.feed.name,
          issuer: state.feed.issuer,
          types: [...state.feed.types],
          lastFetch: state.lastFetchMs === null ? null : rfc3339(state.lastFetchMs),
          lastFixing: this.oldestNewest(state.feed) ?? null,
          failures: state.failures,
          lastError: state.lastError,
          nextAttempt: state.running ? null : rfc3339(Math.max(state.dueMs, 0)),
        }),
      ),
    };
  }

  async settled(): Promise<void> {
    await Promise.all(this.states.map((state) => state.running));
  }

  close(): void {
    this.stop.abort();
  }

  /** The oldest of the feed's types' newest stored effective dates; undefined if one has none. */
  private oldestNewest(feed: IssuerFeed): string | undefined {
    let oldest: string | undefined;
    for (const type of feed.types) {
      const newest = this.sink?.newest(type)?.effectiveDate;
      if (newest === undefined) return undefined;
      if (oldest === undefined || newest < oldest) oldest = newest;
    }
    return oldest;
  }

  private async ask(state: FeedState, sink: RateSink): Promise<void> {
    const { feed } = state;
    const from = this.oldestNewest(feed) ?? feed.types.map((t) => RATE_TYPES[t].firstDate).sort()[0] ?? "";
    const to = addDays(new Date(this.options.clock.now()).toISOString().slice(0, 10), 1);
    try {
      const observations: Observation[] = [];
      for (const path of feed.requests(from, to)) {
        const { status, body } = await this.get(this.originOf(feed) + path);
        observations.push(...feed.read(status, body));
      }
      if (this.stop.signal.aborted) return;
      const stored = sink.store(fixings(feed, observations, to));
      this.succeeded(state, stored);
    } catch (error) {
      if (this.stop.signal.aborted) return;
      this.failed(state, describe(error));
    }
  }

  private originOf(feed: IssuerFeed): string {
    return this.options.hosts.get(feed.issuer)?.origin ?? feed.origin;
  }

  private async get(url: string): Promise<{ status: number; body: string }> {
    const signal = AbortSignal.any([
      AbortSignal.timeout(this.options.timeoutMs ?? TIMEOUT_MS),
      this.stop.signal,
    ]);
    const response = await fetch(url, {
      headers: { "User-Agent": USER_AGENT, Accept: "text/csv, application/json;q=0.9, */*;q=0.1" },
      signal,
    });
    if (Number(response.headers.get("content-length") ?? 0) > MAX_RESPONSE_BYTES) {
      await response.body?.cancel();
      throw new IssuerResponseError(`a response of ${response.headers.get("content-length")} bytes`);
    }
    return { status: response.status, body: await response.text() };
  }

  private succeeded(state: FeedState, stored: number): void {
    const now = this.options.clock.now();
    const { feed } = state;
    if (state.streak > 0) {
      this.options.log(`rates: ${feed.name} answers again, after ${state.streak} failed attempts`);
    }
    state.streak = 0;
    state.lastError = null;
    state.lastFetchMs = now;
    const newest = this.oldestNewest(feed);
    if (stored > 0)
      this.options.log(`rates: ${feed.name}: ${stored} fixings stored, the newest effective ${newest}`);
    const dueMs = newest === undefined ? now : nextFixingDueMs(feed.publication, newest);
    if (now < dueMs) {
      state.dueMs = dueMs;
      state.retryStep = 0;
    } else this.retryLater(state, now); // the next fixing should be there by now: ask again soon
  }

  private failed(state: FeedState, message: string): void {
    state.failures++;
    state.streak++;
    state.lastError = message;
    if (state.streak === 1) {
      this.options.log(
        `rates: ${state.feed.name}: ${message}; asked again with a growing pause, the stored fixings are still served`,
      );
    }
    this.retryLater(state, this.options.clock.now());
  }

  private retryLater(state: FeedState, now: number): void {
    state.dueMs = now + Math.min(FIRST_RETRY_MS * 2 ** state.retryStep, MOST_RETRY_MS);
    state.retryStep = Math.min(state.retryStep + 1, 20);
  }
}

/**
 * The records of a feed's observations: each type ascending, its publication time from the next fixing's
 * effective date. A response that gives one day two values, or a day after `to`, is refused whole.
 */
function fixings(feed: IssuerFeed, observations: readonly Observation[], to: string): RateRecord[] {
  const records: RateRecord[] = [];
  for (const type of feed.types) {
    const byDate = new Map<string, number>();
    for (const o of observations) {
      if (o.type !== type || o.effectiveDate < RATE_TYPES[type].firstDate) continue;
      if (o.effectiveDate > to)
        throw new IssuerResponseError(`a ${type} fixing effective ${o.effectiveDate}, in the future`);
      const known = byDate.get(o.effectiveDate);
      if (known !== undefined && known !== o.value) {
        throw new IssuerResponseError(`two ${type} values for ${o.effectiveDate}: ${known} and ${o.value}`);
      }
      byDate.set(o.effectiveDate, o.value);
    }
    const dates = [...byDate.keys()].sort();
    dates.forEach((date, i) => {
      records.push({
        symbol: type,
        effectiveDate: date,
        value: byDate.get(date) ?? Number.NaN,
        publicationTime: rfc3339(publicationMs(feed.publication, date, dates[i + 1])),
        source: feed.issuer,
      });
    });
  }
  return records;
}

/** What went wrong, in one line: the issuer's refusal, or the network's error and its cause. */
function describe(error: unknown): string {
  if (error instanceof IssuerResponseError) return `refused an answer: ${error.message}`;
  if (error instanceof Error && error.name === "TimeoutError") return "no response in time";
  if (error instanceof Error) {
    const cause = (error as Error & { cause?: { code?: string; message?: string } }).cause;
    const detail = cause?.code ?? cause?.message;
    return `unreachable: ${error.message}${detail ? ` (${detail})` : ""}`;
  }
  return `unreachable: ${String(error)}`;
}
