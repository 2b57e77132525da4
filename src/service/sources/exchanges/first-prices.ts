// A coin's price before its first block is stored (minutes on a first start): the newer of its newest live
// trade (in USD, as the intake priced it) and the newest close of the 1-minute candles fetched so far.
import type { FirstPrice } from "../../market/trade-source.ts";
import type { Candle } from "./history/candle-history.ts";
import type { TradeIntake } from "./trade-intake.ts";
import type { UsdPrices } from "./usd-prices.ts";
import type { VenuePair } from "./venue.ts";

const MINUTE_MS = 60_000;

export class FirstPrices {
  /** coin → the newest 1-minute candle close fetched for the history, in USD, at the candle's end. */
  private readonly closes = new Map<string, FirstPrice>();

  constructor(
    private readonly intake: TradeIntake,
    private readonly usd: UsdPrices,
    private readonly exchanges: readonly string[],
  ) {}

  /** One pair's 1-minute candles as the history fetched them: its newest close prices the coin. */
  noteCandles(pair: VenuePair, candles: readonly Candle[]): void {
    let newest: Candle | undefined;
    for (const candle of candles) if (newest === undefined || candle[0] > newest[0]) newest = candle;
    if (newest === undefined || !(newest[4] > 0)) return;
    // A coin quoted in another coin (ETH/BTC) is priced once that coin is; until then it says nothing.
    const perQuote = this.usd.quoteInUsd(pair.quote);
    if (perQuote === null) return;
    const timeMs = newest[0] + MINUTE_MS;
    const known = this.closes.get(pair.symbol);
    if (known && known.timeMs >= timeMs) return;
    this.closes.set(pair.symbol, { usd: newest[4] * perQuote, timeMs });
  }

  /** The coin's newest live trade or newest candle close, whichever is newer; null when neither is known. */
  of(symbol: string): FirstPrice | null {
    let newest = this.closes.get(symbol) ?? null;
    for (const exchange of this.exchanges) {
      const trade = this.intake.liveTrades(symbol, exchange)[0];
      if (trade && (newest === null || trade.timeMs > newest.timeMs))
        newest = { usd: trade.estimatedUSDPrice, timeMs: trade.timeMs };
    }
    return newest;
  }
}
