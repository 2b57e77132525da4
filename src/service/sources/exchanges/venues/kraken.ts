// Kraken: REST /0/public, WebSocket v2 `trade` channel. A pair is named as WebSocket v2 names it (BTC/USD): v2
// writes BTC and DOGE where REST writes XBT and XDG (XXBTZUSD, wsname XBT/USD), which are exactly the codes ccxt
// unifies them to, so the v2 name is ccxt's symbol (ccxt's watchTrades subscribes with the symbol as it is).
import type { Venue } from "../venue.ts";

export const kraken: Venue = {
  name: "Kraken",
  aliases: [],
  ccxtId: "kraken",
  options: {},
  foreignName: (market) => market.symbol,
};
