// Readers of the settings that choose where the market's trades come from: MARKET_SOURCE, EXCHANGES and
// EXCHANGE_HOSTS (settings.ts lists them). Exchange names are the names the service lists, any case,
// or ccxt's id where it differs (htx, gate, coinbaseexchange).
import { VENUES, venueNamed } from "../sources/exchanges/venues.ts";
import { MARKET_SOURCES, type MarketSourceSetting } from "../sources/market-settings.ts";
import { parseHostOverrides } from "./hosts.ts";
import { type Fail, oneOf } from "./values.ts";

const VENUE_NAMES = VENUES.map((v) => v.name).join(", ");

export const parseMarketSource = oneOf<MarketSourceSetting>(["auto", ...MARKET_SOURCES]);

function venueOf(name: string, allowed: string, fail: Fail): string {
  const venue = venueNamed(name);
  if (!venue) return fail(allowed, `the unknown exchange ${JSON.stringify(name.trim())}`);
  return venue.name;
}

/** "all", or some of the ten exchanges; the service's names, in the catalog's order. */
export function parseExchanges(raw: string, fail: Fail): string[] {
  const allowed = `"all" or a comma-separated list of ${VENUE_NAMES}`;
  if (raw.trim().toLowerCase() === "all") return VENUES.map((v) => v.name);
  const items = raw.split(",").map((item) => item.trim());
  if (items.some((item) => item === "")) fail(allowed);
  const names = new Set(items.map((item) => venueOf(item, allowed, fail)));
  return VENUES.map((v) => v.name).filter((name) => names.has(name));
}

/** `binance=http://127.0.0.1:9101,kraken=https://mirror.example` → exchange name → origin. */
export function parseExchangeHosts(raw: string, fail: Fail): Map<string, URL> {
  return parseHostOverrides(raw, fail, {
    kind: "exchange",
    example: "binance=http://127.0.0.1:9101",
    names: VENUE_NAMES,
    keyOf: (name) => venueNamed(name)?.name,
  });
}
