// MARKET_SOURCE auto, the default: the real market where an exchange responds, else the simulator as a
// stated fallback. RATES_SOURCE auto likewise: the issuers beside the real market where they respond, else
// the generated histories (the rate cache keeps one source's fixings at a time, never a mix).
import { firstIssuerResponding } from "../rates/issuers/issuer-reachability.ts";
import type { RatesSourceName } from "../rates/rate-source.ts";
import { firstResponding, REACH_MS } from "./exchanges/reachability.ts";
import { VENUES } from "./exchanges/venues.ts";
import type { MarketSettings, MarketSource } from "./market-settings.ts";

/**
 * Settings (the configuration, handed down whole) once the start has chosen: a source of each kind, never
 * "auto". Generic so that the rest of the configuration passes through unchanged.
 */
export type ChosenSettings<C extends MarketSettings = MarketSettings> = C & {
  marketSource: MarketSource;
  ratesSource: RatesSourceName;
};

/** What the dashboard's pill and the terminal say when the simulator is the fallback. */
export const NO_EXCHANGE_REACHED = "no exchange could be reached";

/**
 * `config` with its market source (and, where auto, its rates source and history days) chosen: the issuers'
 * rates beside the real market where they respond, else the generated histories.
 */
export function withSource<C extends MarketSettings>(
  config: C,
  source: MarketSource,
  fallback: string | null,
  issuersRespond = true,
): ChosenSettings<C> {
  const realRates = source === "exchanges" && issuersRespond;
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
   * The source the store already holds where one store serves every source (PostgreSQL): auto keeps it, so
   * a cluster never changes source by itself. Null for the data directory (one store per source).
   */
  stored: MarketSource | null;
  /** An api replica runs no source: it takes what the store holds, or the simulator until it says. */
  probes: boolean;
  withinMs?: number;
}

export async function chooseMarketSource<C extends MarketSettings>(
  config: C,
  options: ChoiceOptions,
): Promise<ChosenSettings<C>> {
  if (config.marketSource !== "auto") return withSource(config, config.marketSource, null);
  if (options.stored !== null) return withSource(config, options.stored, null);
  if (!options.probes) return withSource(config, "simulator", null);
  const venues = VENUES.filter((v) => config.exchanges.includes(v.name));
  const withinMs = options.withinMs ?? REACH_MS;
  // The issuers are asked at the same time, where the rates follow (RATES_SOURCE auto): no second wait.
  const [reach, issuer] = await Promise.all([
    firstResponding(venues, config.exchangeHosts, withinMs),
    config.ratesSource === "auto" ? firstIssuerResponding(config.rateIssuerHosts, withinMs) : null,
  ]);
  if (reach.reached !== null) {
    options.log(`market: ${reach.reached} answered: reading the real market (MARKET_SOURCE auto)`);
    const issuersRespond = config.ratesSource !== "auto" || issuer !== null;
    if (!issuersRespond) {
      options.log(
        `rates: no issuer could be reached within ${withinMs / 1000} s: falling back to the generated histories ` +
          "(start with --rates issuers to wait for them)",
      );
    }
    return withSource(config, "exchanges", null, issuersRespond);
  }
  options.log(
    `market: ${NO_EXCHANGE_REACHED} within ${withinMs / 1000} s (${describeFailures(reach.failures, venues)}); ` +
      `falling back to the simulator, and the exchanges are tried again every ${config.marketRetrySeconds} s ` +
      "(start with --market simulator to stay offline)",
  );
  return withSource(config, "simulator", NO_EXCHANGE_REACHED);
}

/** "Binance, Kraken: ENOTFOUND; 8 did not respond in time": one short line for ten exchanges. */
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
  if (silent > 0) parts.push(`${silent} did not respond in time`);
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
 * While the simulator is the fallback (MARKET_SOURCE auto, no exchange reached): tries the exchanges every
 * MARKET_RETRY_SECONDS and calls `reached` once one responds. Returns the stop.
 */
export function watchForExchanges(
  config: ChosenSettings,
  reached: (exchange: string) => void,
  withinMs = REACH_MS,
): () => void {
  const venues = VENUES.filter((v) => config.exchanges.includes(v.name));
  let stopped = false;
  let timer: NodeJS.Timeout | null = null;
  const attempt = async () => {
    const reach = await firstResponding(venues, config.exchangeHosts, withinMs);
    if (stopped) return;
    if (reach.reached !== null) {
      stopped = true;
      reached(reach.reached);
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
