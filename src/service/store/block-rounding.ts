// The precision a block's figures are kept at, decided as the block is made: its rows and its packed day
// (block-codec.ts stores integers) then hold the same numbers, and an answer never changes when its day is
// packed.

/** Significant digits of a stored USD price: far finer than any exchange's tick relative to its price. */
export const PRICE_DIGITS = 9;

/** The power of ten a price is a whole multiple of once rounded: 10^(its decade − 8). */
export function priceExponent(x: number): number {
  return Math.floor(Math.log10(Math.abs(x))) - (PRICE_DIGITS - 1);
}

/**
 * `x` to PRICE_DIGITS significant digits, computed as k / 10^n (or k × 10^n) so that it prints as the short
 * decimal it is.
 */
export function roundPrice(x: number): number {
  if (x === 0 || !Number.isFinite(x)) return x;
  const e = priceExponent(x);
  return e >= 0 ? Math.round(x / 10 ** e) * 10 ** e : Math.round(x * 10 ** -e) / 10 ** -e;
}

/** Decimals of a stored coin amount: the finest that exchanges (and the simulator) trade in. */
export const VOLUME_DECIMALS = 8;
const VOLUME_SCALE = 10 ** VOLUME_DECIMALS;

/** A coin amount as whole units of 10^-VOLUME_DECIMALS (exact for amounts given to that many decimals). */
export function amountUnits(amount: number): number {
  return Math.round(Math.abs(amount) * VOLUME_SCALE);
}

/**
 * A block's summed amount: its whole units summed as integers, exact while they stay within a double's 53
 * bits (summing the amounts as doubles would leave last-digit errors the packed day must then keep); past
 * that (a coin priced at a millionth of a dollar), the amounts' own sum.
 */
export function amountOfUnits(units: number, sum: number): number {
  return units < 2 ** 53 ? units / VOLUME_SCALE : sum;
}
