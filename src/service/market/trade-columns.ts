// A block's trades as columns (the simulator's form), and grouped by the series that take them: what the
// aggregation (aggregator.ts) reads, without an object per trade.

/** A block's trades as columns, in time order through `order` (order[k] is the k-th trade's index). */
export interface TradeColumns {
  count: number;
  order: Int32Array;
  /** The trade's pair: an index into the pair list the aggregator was made with. */
  pair: Int32Array;
  timeMs: Float64Array;
  /** The estimated USD price. */
  usdPrice: Float64Array;
  /** The amount in the coin's units, negative for a taker's sell. */
  volume: Float64Array;
}

/** A block's trades grouped by series, on arrays reused block after block. */
export class SeriesGroups {
  private start = new Int32Array(1);
  private bySeries = new Int32Array(1024);

  /**
   * The block's trades grouped by series slot (each series' in time order, as `trades.order` has them):
   * slot s takes bySeries[start[s]] … bySeries[start[s + 1] − 1]. A trade's pair p goes to its exchange's
   * series exchangeSlot[p] and its coin's allSlot[p] (−1: not followed). A counting sort, on reused arrays
   * (valid until the next call).
   */
  group(
    trades: TradeColumns,
    exchangeSlot: Int32Array,
    allSlot: Int32Array,
    slots: number,
  ): { start: Int32Array; bySeries: Int32Array } {
    const { order, pair, count } = trades;
    if (this.start.length < slots + 1) this.start = new Int32Array(slots + 1);
    if (this.bySeries.length < 2 * count) this.bySeries = new Int32Array(4 * count);
    const start = this.start;
    const bySeries = this.bySeries;
    start.fill(0, 0, slots + 1);
    for (let k = 0; k < count; k++) {
      const p = pair[order[k] as number] as number;
      const e = exchangeSlot[p] as number;
      if (e < 0) continue;
      start[e + 1] = (start[e + 1] as number) + 1;
      const a = (allSlot[p] as number) + 1;
      start[a] = (start[a] as number) + 1;
    }
    for (let s = 0; s < slots; s++) start[s + 1] = (start[s + 1] as number) + (start[s] as number);
    // start[s] counts up as slot s is filled, and is put back below.
    for (let k = 0; k < count; k++) {
      const i = order[k] as number;
      const p = pair[i] as number;
      const e = exchangeSlot[p] as number;
      if (e < 0) continue;
      const a = allSlot[p] as number;
      bySeries[start[e] as number] = i;
      start[e] = (start[e] as number) + 1;
      bySeries[start[a] as number] = i;
      start[a] = (start[a] as number) + 1;
    }
    for (let s = slots; s > 0; s--) start[s] = start[s - 1] as number;
    start[0] = 0;
    return { start, bySeries };
  }
}
