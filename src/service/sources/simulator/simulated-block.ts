// A simulated block's trades as columns (simulator.ts: simulateBlock), reused block after block.
import type { TradeColumns } from "../../market/trade-columns.ts";

/** A simulated block's trades as columns, by the index each was made at; `order` lists them by time. */
export interface SimulatedBlock extends TradeColumns {
  /** The trade's sequence within its pair and block (its ID's last three digits). */
  sequence: Int32Array;
  /** The price in the pair's quote currency. */
  price: Float64Array;
}

export function emptyColumns(size: number): SimulatedBlock {
  return {
    count: 0,
    order: new Int32Array(0),
    pair: new Int32Array(size),
    sequence: new Int32Array(size),
    timeMs: new Float64Array(size),
    price: new Float64Array(size),
    usdPrice: new Float64Array(size),
    volume: new Float64Array(size),
  };
}
