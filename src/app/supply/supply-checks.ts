// What the supply form checks before it spends a request, read the way a person types it, and what is
// wrong in words that say how to fix it.
import { MAX_CIRCULATING_SUPPLY, symbolParam } from "../../interface/parameters.ts";
import type { CoinSymbolAndName } from "../../interface/resources.ts";
import type { DraftCheck, FieldErrors } from "../components/use-form-draft.tsx";
import type { SupplyPost } from "./queries/supply.ts";

export type SupplyField = "symbol" | "supply" | "writeKey";
/** The fields in the order they appear, so the first invalid one can take the focus. */
export const SUPPLY_FIELDS: readonly SupplyField[] = ["symbol", "supply", "writeKey"];

export interface SupplyDraft {
  symbol: string;
  supply: string;
  writeKey: string;
}

export type Checked<T> = { ok: true; value: T } | { ok: false; error: string };

/** Spaces of any kind and underscores people put between digit groups: "19 912 345", "19_912_345". */
const GROUP_GAPS = /[\s\u00a0\u202f_']/g;
const PLAIN = /^(?:\d+\.?\d*|\.\d+)(?:e[+-]?\d+)?$/i;
const COMMA_GROUPED = /^\d{1,3}(?:,\d{3})+(?:\.\d*)?$/;

/** The number in `text` ("19,912,345", "19 912 345", "1.5e9"), > 0 and ≤ MAX_CIRCULATING_SUPPLY. */
export function parseSupply(text: string): Checked<number> {
  const trimmed = text.trim();
  if (trimmed === "")
    return { ok: false, error: "Enter the circulating supply: how many coins are in circulation." };
  const compact = trimmed.replace(GROUP_GAPS, "");
  const negative = compact.startsWith("-") || compact.startsWith("−");
  const digits = compact.replace(/^[+\-−]/, "");
  let value = Number.NaN;
  if (PLAIN.test(digits)) value = Number(digits);
  else if (COMMA_GROUPED.test(digits)) value = Number(digits.replaceAll(",", ""));
  if (!Number.isFinite(value)) {
    const commaHint = /^\d+,\d+$/.test(digits)
      ? " Use a point for decimals (1.5); commas only between groups of three digits."
      : "";
    return {
      ok: false,
      error: `“${trimmed}” is not a number. Write it like 19912345, 19,912,345 or 19912345.5.${commaHint}`,
    };
  }
  if (negative || value <= 0) return { ok: false, error: "The supply must be more than 0." };
  if (value > MAX_CIRCULATING_SUPPLY) {
    return { ok: false, error: "The supply must be at most 1,000,000,000,000,000 (10¹⁵) coins." };
  }
  return { ok: true, value };
}

/**
 * The symbol as the service knows it (case-sensitive, so the error names the symbol meant); without the
 * coin list (`coins` null) only its shape is checked and the service decides.
 */
export function checkSymbol(text: string, coins: readonly CoinSymbolAndName[] | null): Checked<string> {
  const symbol = text.trim();
  if (symbol === "") return { ok: false, error: "Enter a coin symbol, e.g. BTC." };
  if (!hasSymbolShape(symbol)) {
    return {
      ok: false,
      error: "A symbol has 1–20 letters, digits, “.”, “_” or “-”, e.g. BTC.",
    };
  }
  if (coins === null) return { ok: true, value: symbol };
  if (coins.some((coin) => coin.symbol === symbol)) return { ok: true, value: symbol };
  const meant = suggestSymbol(symbol, coins);
  if (meant) {
    return { ok: false, error: `Symbols are case-sensitive: did you mean ${meant.symbol} (${meant.name})?` };
  }
  return { ok: false, error: `“${symbol}” is not a coin the service knows. Pick one from the suggestions.` };
}

/** The coin a wrongly-cased symbol stands for: "btc" → BTC. */
export function suggestSymbol(text: string, coins: readonly CoinSymbolAndName[]): CoinSymbolAndName | null {
  const wanted = text.trim().toUpperCase();
  if (wanted === "") return null;
  return coins.find((coin) => coin.symbol.toUpperCase() === wanted) ?? null;
}

export function checkWriteKey(text: string): Checked<string> {
  const key = text.trim();
  if (key === "") return { ok: false, error: "Enter the write key the service's operator gave you." };
  if (!/^[\x21-\x7e]+$/.test(key)) {
    return { ok: false, error: "A write key has no spaces and only plain letters, digits and signs." };
  }
  return { ok: true, value: key };
}

/** Every field checked: the post to send, or each field's problem. */
export function checkSupplyDraft(
  draft: SupplyDraft,
  coins: readonly CoinSymbolAndName[] | null,
): DraftCheck<SupplyField, { post: SupplyPost }> {
  const symbol = checkSymbol(draft.symbol, coins);
  const supply = parseSupply(draft.supply);
  const writeKey = checkWriteKey(draft.writeKey);
  if (symbol.ok && supply.ok && writeKey.ok) {
    return {
      ok: true,
      post: { symbol: symbol.value, circulatingSupply: supply.value, writeKey: writeKey.value },
    };
  }
  const errors: FieldErrors<SupplyField> = {};
  if (!symbol.ok) errors.symbol = symbol.error;
  if (!supply.ok) errors.supply = supply.error;
  if (!writeKey.ok) errors.writeKey = writeKey.error;
  return { ok: false, errors };
}

/** The symbol a link pre-fills (/supply?symbol=BTC): kept only when it has a symbol's shape. */
export function symbolFromSearch(params: URLSearchParams): string {
  const symbol = (params.get("symbol") ?? "").trim();
  return hasSymbolShape(symbol) ? symbol : "";
}

function hasSymbolShape(text: string): boolean {
  return symbolParam.safeParse(text).success;
}
