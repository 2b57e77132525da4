// The ten exchanges the exchanges source can read, in the catalog's order.
import type { Venue } from "./venue.ts";
import { binance } from "./venues/binance.ts";
import { bitfinex } from "./venues/bitfinex.ts";
import { bitstamp } from "./venues/bitstamp.ts";
import { bybit } from "./venues/bybit.ts";
import { coinbase } from "./venues/coinbase.ts";
import { gate } from "./venues/gate.ts";
import { htx } from "./venues/htx.ts";
import { kraken } from "./venues/kraken.ts";
import { kucoin } from "./venues/kucoin.ts";
import { okx } from "./venues/okx.ts";

export const VENUES: readonly Venue[] = [
  binance,
  coinbase,
  kraken,
  bitfinex,
  bitstamp,
  okx,
  htx,
  gate,
  kucoin,
  bybit,
];

/** The venue named `name` (the service's name or an alias, any case), or undefined. */
export function venueNamed(name: string): Venue | undefined {
  const wanted = name.trim().toLowerCase();
  return VENUES.find((v) => v.name.toLowerCase() === wanted || v.aliases.includes(wanted));
}
