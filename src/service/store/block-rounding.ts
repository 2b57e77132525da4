// The precision a block's figures are kept at, decided as the block is made: its rows and its packed day
// (block-codec.ts stores integers) then hold the same numbers, and a response never changes when its day
// is packed.

/** Significant digits of a stored USD price: far finer than any exchange's tick relative to its price. */
export const PRICE_DIGITS = 9;

/** The power of ten a price is a whole multiple of once rounded: 10^(its decade − 8). */
export function priceExponent(x: number): number {
  return Math.floor(Math.log10(Math.abs(x))) - (PRICE_DIGITS - 1);
}

/** 10^n for n in 0…22, each exactly the double a literal would be. */
const POWERS = Array.from({ length: 23 }, (_, n) => Number(`1e${n}`));

// The decade of the last price rounded: prices of a series move little, so most calls skip the logarithm.
let decadeLow = 1;
let decadeHigh = 0;
let decadeScale = 1;

/**
 * `x` to PRICE_DIGITS significant digits, computed as k / 10^n (or k × 10^n) so that it is the double
 * nearest that decimal and prints as it.
 */
export function roundPrice(x: number): number {
  const size = Math.abs(x);
  if (size >= decadeLow && size < decadeHigh) return Math.round(x * decadeScale) / decadeScale;
  if (x === 0 || !Number.isFinite(x)) return x;
  const e = priceExponent(x);
  if (e >= 0 || -e > 22)
    return e >= 0 ? Math.round(x / 10 ** e) * 10 ** e : Number(x.toPrecision(PRICE_DIGITS));
  decadeScale = POWERS[-e] as number;
  // The decade [10^(e+8), 10^(e+9)) itself, checked against the scale so that a boundary the logarithm
  // put on the wrong side is never cached.
  decadeLow = (POWERS[PRICE_DIGITS - 1] as number) / decadeScale;
  decadeHigh = (POWERS[PRICE_DIGITS] as number) / decadeScale;
  if (size < decadeLow || size >= decadeHigh) {
    decadeHigh = 0;
    return Number(x.toPrecision(PRICE_DIGITS));
  }
  return Math.round(x * decadeScale) / decadeScale;
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
