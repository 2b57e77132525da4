// MARKET_SOURCE auto, the default: the real market where the exchanges can be reached, and the simulator,
// said plainly, where none answers (offline, a firewall, DNS). The interest rates the same way (RATES_SOURCE
// auto): the issuers beside the real market where they answer, else the generated histories (the rate book
// keeps one source's fixings at a time, so none are mixed). Forced sources are taken as they are.
import type { Config } from "../config/settings.ts";
import type { MarketSource } from "../config/sources.ts";
import { firstIssuerAnswering } from "../rates/issuers/issuer-reachability.ts";
import type { RatesSourceName } from "../rates/rate-source.ts";
import { firstAnswering, REACH_MS } from "./exchanges/reachability.ts";
import { VENUES } from "./exchanges/venues.ts";

/** The configuration once the start has chosen: a source of each kind, never "auto". */
export type ChosenConfig = Config & { marketSource: MarketSource; ratesSource: RatesSourceName };

/** What the dashboard's pill and the terminal say when the simulator stands in. */
export const NO_EXCHANGE_REACHED = "no exchange could be reached";

/**
 * `config` with its market source (and, where auto, its rates source and history days) chosen: the issuers'
 * rates beside the real market where they answer, else the generated histories.
 */
export function withSource(
  config: Config,
  source: MarketSource,
  fallback: string | null,
  issuersAnswer = true,
): ChosenConfig {
  const realRates = source === "exchanges" && issuersAnswer;
  return {
    ...config,
    marketSource: source,
    marketFallback: fallback,
    historyDays: source === "exchanges" && !config.historyDaysGiven ? 1 : config.historyDays,
    ratesSource: config.ratesSource === "auto" ? (realRates ? "issuers" : "history") : config.ratesSource,
  };
}

export interface ChoiceOptions {
  log: (line: string) => void;
  /**
   * The source the store already holds where one store serves every source (PostgreSQL): auto keeps it, a
   * cluster's history never changes source by itself. Null for the data directory, which keeps one store
   * per source.
   */
  held: MarketSource | null;
  /** An api replica runs no source: it takes what the store holds, or the simulator until it says. */
  probes: boolean;
  withinMs?: number;
}

export async function chooseMarketSource(config: Config, options: ChoiceOptions): Promise<ChosenConfig> {
  if (config.marketSource !== "auto") return withSource(config, config.marketSource, null);
  if (options.held !== null) return withSource(config, options.held, null);
  if (!options.probes) return withSource(config, "simulator", null);
  const venues = VENUES.filter((v) => config.exchanges.includes(v.name));
  const withinMs = options.withinMs ?? REACH_MS;
  // The issuers are asked at the same time, where the rates follow (RATES_SOURCE auto): no second wait.
  const [reach, issuer] = await Promise.all([
    firstAnswering(venues, config.exchangeHosts, withinMs),
    config.ratesSource === "auto" ? firstIssuerAnswering(config.rateIssuerHosts, withinMs) : null,
  ]);
  if (reach.answered !== null) {
    options.log(`market: ${reach.answered} answered: reading the real market (MARKET_SOURCE auto)`);
    const issuersAnswer = config.ratesSource !== "auto" || issuer !== null;
    if (!issuersAnswer) {
      options.log(
        `rates: no issuer could be reached within ${withinMs / 1000} s: the generated histories stand in ` +
          "(start with --rates issuers to wait for them)",
      );
    }
    return withSource(config, "exchanges", null, issuersAnswer);
  }
  options.log(
    `market: ${NO_EXCHANGE_REACHED} within ${withinMs / 1000} s (${describeFailures(reach.failures, venues)}); ` +
      `the simulator stands in, and the exchanges are tried again every ${config.marketRetrySeconds} s ` +
      "(start with --market simulator to stay offline)",
  );
  return withSource(config, "simulator", NO_EXCHANGE_REACHED);
}

/** "Binance, Kraken: ENOTFOUND; 8 did not answer in time": one short line for ten exchanges. */
function describeFailures(
  failures: { exchange: string; error: string }[],
  venues: readonly { name: string }[],
): string {
  const byCause = new Map<string, string[]>();
  // In the catalog's order, whichever failed first.
  for (const { name } of venues) {
    const failure = failures.find((f) => f.exchange === name);
    if (!failure) continue;
    const cause = causeOf(failure.error);
    byCause.set(cause, [...(byCause.get(cause) ?? []), name]);
  }
  const parts = [...byCause.entries()].map(([cause, exchanges]) => `${exchanges.join(", ")}: ${cause}`);
  const silent = venues.length - failures.length;
  if (silent > 0) parts.push(`${silent} did not answer in time`);
  return parts.join("; ");
}

/**
 * What an exchange's failure comes down to: the network's error code where there is one (ccxt's messages
 * name the exchange and the address, so no two are alike), else the message's start.
 */
function causeOf(error: string): string {
  const code = /\b(E[A-Z_]{3,}|CERT_[A-Z_]+|UNABLE_TO_[A-Z_]+|DEPTH_ZERO_SELF_SIGNED_CERT)\b/.exec(
    error,
  )?.[1];
  if (code) return code;
  if (/timed? ?out/i.test(error)) return "timed out";
  return error.length > 80 ? `${error.slice(0, 80)}…` : error;
}

/**
 * While the simulator stands in for the exchanges (MARKET_SOURCE auto, none reached): tries them every
 * MARKET_RETRY_SECONDS and calls `answered` once, when one answers, so that the service can switch without
 * its operator. Returns the stop.
 */
export function watchForExchanges(
  config: ChosenConfig,
  answered: (exchange: string) => void,
  withinMs = REACH_MS,
): () => void {
  const venues = VENUES.filter((v) => config.exchanges.includes(v.name));
  let stopped = false;
  let timer: NodeJS.Timeout | null = null;
  const attempt = async () => {
    const reach = await firstAnswering(venues, config.exchangeHosts, withinMs);
    if (stopped) return;
    if (reach.answered !== null) {
      stopped = true;
      answered(reach.answered);
      return;
    }
    timer = setTimeout(() => void attempt(), config.marketRetrySeconds * 1000);
  };
  timer = setTimeout(() => void attempt(), config.marketRetrySeconds * 1000);
  return () => {
    stopped = true;
    if (timer) clearTimeout(timer);
  };
}
