// A ccxt exchange (its "pro" class: REST and WebSocket) for one venue, pointed at its EXCHANGE_HOSTS origin
// where one is set, with ccxt's own rate limiting on so REST stays within the exchange's request limits.
import type { pro as ccxtPro } from "ccxt";
import { redirectAddresses } from "./exchange-hosts.ts";
import type { Venue } from "./venue.ts";

export type CcxtExchange = InstanceType<(typeof ccxtPro)["binance"]>;

type ExchangeClass = new (config: Record<string, unknown>) => CcxtExchange;

export async function ccxtExchange(venue: Venue, origin: URL | null): Promise<CcxtExchange> {
  // Loaded on first use: ccxt takes about a second and 100 MB to load, which the simulator never needs.
  const { pro } = await import("ccxt");
  const Class = (pro as unknown as Record<string, ExchangeClass>)[venue.ccxtId];
  if (!Class) throw new Error(`ccxt has no exchange ${venue.ccxtId}`);
  const exchange = new Class({ enableRateLimit: true, options: venue.options });
  if (origin) {
    redirectAddresses(exchange.urls as Record<string, unknown>, origin);
    // ccxt refuses plain ws:// addresses until its proxy agents are loaded (Exchange.getHttpAgentIfNeeded).
    if (origin.protocol === "http:") await exchange.loadHttpProxyAgent();
  }
  return exchange;
}
