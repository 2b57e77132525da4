// Numbers as a reader of a market table wants them: prices to significant digits (a coin at 0.00001234 and
// one at 95 123 both keep their meaningful digits), volumes and supplies compact, changes signed.

const cache = new Map<string, Intl.NumberFormat>();

function formatter(key: string, make: () => Intl.NumberFormat): Intl.NumberFormat {
  let format = cache.get(key);
  if (!format) {
    format = make();
    cache.set(key, format);
  }
  return format;
}

/** Below this a price is written to 4 significant digits: 0.99995 and up round to 1.000. */
const SMALL_PRICE_LIMIT = 0.99995;

/** A price in `currency`: 2 decimals from 1 up, else 4 significant digits (0.0001234). */
export function formatPrice(value: number | null | undefined, currency = "USD", locale?: string): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return "—";
  const abs = Math.abs(value);
  // What rounds to 1 at 4 significant digits (a stablecoin at 0.99996) is written as the cents it rounds
  // to, $1.00, not $1.0.
  const big = abs >= SMALL_PRICE_LIMIT;
  const key = `price|${currency}|${locale ?? ""}|${big ? "big" : "small"}`;
  return formatter(key, () =>
    big
      ? new Intl.NumberFormat(locale, {
          style: "currency",
          currency,
          minimumFractionDigits: 2,
          maximumFractionDigits: 2,
        })
      : new Intl.NumberFormat(locale, {
          style: "currency",
          currency,
          maximumSignificantDigits: 4,
          minimumSignificantDigits: 2,
        }),
  ).format(value);
}

/** A large amount of money, compact: $1.23B. */
export function formatMoneyCompact(
  value: number | null | undefined,
  currency = "USD",
  locale?: string,
): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return "—";
  return formatter(
    `money|${currency}|${locale ?? ""}`,
    () =>
      new Intl.NumberFormat(locale, {
        style: "currency",
        currency,
        notation: "compact",
        maximumFractionDigits: 2,
      }),
  ).format(value);
}

/** A count of coins, compact: 19.91M. */
export function formatAmountCompact(value: number | null | undefined, locale?: string): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return "—";
  return formatter(
    `amount|${locale ?? ""}`,
    () => new Intl.NumberFormat(locale, { notation: "compact", maximumFractionDigits: 2 }),
  ).format(value);
}

/** A plain number with grouping, up to `digits` decimals: 19,912,345.5. */
export function formatNumber(value: number | null | undefined, digits = 2, locale?: string): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return "—";
  return formatter(
    `number|${digits}|${locale ?? ""}`,
    () => new Intl.NumberFormat(locale, { maximumFractionDigits: digits }),
  ).format(value);
}

/** The change from `before` to `now` in percent, or null when there is no `before` to compare with. */
export function changePercent(now: number, before: number | null | undefined): number | null {
  if (before === null || before === undefined || !Number.isFinite(before) || before === 0) return null;
  return ((now - before) / before) * 100;
}

/** A signed percentage: +1.23 %, −0.50 %, 0.00 %. */
export function formatPercent(value: number | null | undefined, locale?: string): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return "—";
  return formatter(
    `percent|${locale ?? ""}`,
    () =>
      new Intl.NumberFormat(locale, {
        style: "percent",
        signDisplay: "exceptZero",
        minimumFractionDigits: 2,
        maximumFractionDigits: 2,
      }),
  ).format(value / 100);
}

/** "up", "down" or "flat": the colour class of a change. */
export function trendOf(value: number | null | undefined): "up" | "down" | "flat" {
  if (value === null || value === undefined || !Number.isFinite(value) || value === 0) return "flat";
  return value > 0 ? "up" : "down";
}

/** How long ago, compact: "12 s ago", "3 min ago". */
export function formatAge(ms: number): string {
  const seconds = Math.max(0, Math.round(ms / 1000));
  if (seconds < 60) return `${seconds} s ago`;
  const minutes = Math.round(seconds / 60);
  if (minutes < 60) return `${minutes} min ago`;
  const hours = Math.round(minutes / 60);
  if (hours < 48) return `${hours} h ago`;
  return `${Math.round(hours / 24)} d ago`;
}

/** A wait as m:ss, for countdowns. */
export function formatCountdown(ms: number): string {
  const seconds = Math.max(0, Math.ceil(ms / 1000));
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, "0")}`;
}
