// How the provenance's numbers read: shares that add up to 100 % (as a reader checks it), and distances
// from the crowd's price to the thousandth of a percent, as a major coin's exchanges sit that close.

/** The weights (0–1) as percentages whose sum is exactly 100 (largest remainder); all zero when none traded. */
export function sharesOf(weights: readonly number[], decimals = 1): number[] {
  const unit = 10 ** decimals;
  const total = weights.reduce((sum, w) => sum + (Number.isFinite(w) && w > 0 ? w : 0), 0);
  if (total <= 0) return weights.map(() => 0);
  const exact = weights.map((w) => (Number.isFinite(w) && w > 0 ? (w / total) * 100 * unit : 0));
  const floors = exact.map(Math.floor);
  let left = 100 * unit - floors.reduce((sum, f) => sum + f, 0);
  const order = exact
    .map((value, index) => ({ index, remainder: value - (floors[index] as number) }))
    .sort((a, b) => b.remainder - a.remainder || a.index - b.index);
  for (const { index } of order) {
    if (left <= 0) break;
    floors[index] = (floors[index] as number) + 1;
    left--;
  }
  return floors.map((units) => units / unit);
}

/** A share: "42.3 %". */
export function formatShare(percent: number): string {
  return `${percent.toFixed(1)} %`;
}

/** A distance (a fraction, 0.0002 = 0.02 % above): "+0.020 %", "−0.004 %", "0.000 %"; "—" for none. */
export function formatDistance(distance: number | null): string {
  if (distance === null || !Number.isFinite(distance)) return "—";
  const percent = distance * 100;
  const text = Math.abs(percent).toFixed(3);
  if (Number(text) === 0) return "0.000 %";
  return `${percent > 0 ? "+" : "\u2212"}${text} %`;
}

/** How a distance is said aloud and in a title: "0.020 % above the crowd". */
export function describeDistance(distance: number | null): string {
  if (distance === null || !Number.isFinite(distance)) return "no price of its own";
  const text = Math.abs(distance * 100).toFixed(3);
  if (Number(text) === 0) return "level with the crowd";
  return `${text} % ${distance > 0 ? "above" : "below"} the crowd`;
}
