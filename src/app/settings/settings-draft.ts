// The settings form's values as typed, their checks, and what saving them changes: pure, so it is
// checked on its own. Nothing is saved until every field is right.
import type { DraftCheck, FieldErrors } from "../components/use-form-draft.tsx";
import { DISPLAY_CURRENCIES, type DisplayCurrency } from "../format/currency.ts";
import { formatNumber } from "../format/numbers.ts";
import { TIME_ZONE_SETTINGS, type TimeZoneSetting } from "../format/time-zone.ts";
import { normaliseBaseUrl, type Settings, THEMES, type Theme } from "../store/settings.ts";

export interface SettingsDraft {
  baseUrl: string;
  apiKey: string;
  writeKey: string;
  budgetPerMinute: string;
  theme: Theme;
  currency: DisplayCurrency;
  timeZone: TimeZoneSetting;
}

export type SettingsField = keyof SettingsDraft;
/** The fields in the order they appear, so the first invalid one takes the focus. */
export const SETTINGS_FIELDS: readonly SettingsField[] = [
  "baseUrl",
  "apiKey",
  "writeKey",
  "budgetPerMinute",
  "theme",
  "currency",
  "timeZone",
];

/** What a valid draft saves: the stored settings' fields, and the write key (session storage). */
export interface SettingsValues {
  settings: Pick<Settings, "baseUrl" | "apiKey" | "budgetPerMinute" | "theme" | "currency" | "timeZone">;
  writeKey: string;
}

export const MAX_BUDGET_PER_MINUTE = 10_000;

export function draftOf(settings: Settings, writeKey: string): SettingsDraft {
  return {
    baseUrl: settings.baseUrl,
    apiKey: settings.apiKey,
    writeKey,
    budgetPerMinute: String(settings.budgetPerMinute),
    theme: settings.theme,
    currency: settings.currency,
    timeZone: settings.timeZone,
  };
}

export function checkSettingsDraft(
  draft: SettingsDraft,
): DraftCheck<SettingsField, { values: SettingsValues }> {
  const errors: FieldErrors<SettingsField> = {};
  let baseUrl = "";
  try {
    baseUrl = normaliseBaseUrl(draft.baseUrl);
  } catch (error) {
    errors.baseUrl = baseUrlProblem(draft.baseUrl, error);
  }
  const apiKey = draft.apiKey.trim();
  if (!isKeyText(apiKey))
    errors.apiKey = "An API key has no spaces and only plain letters, digits and signs.";
  const writeKey = draft.writeKey.trim();
  if (!isKeyText(writeKey))
    errors.writeKey = "A write key has no spaces and only plain letters, digits and signs.";
  const budget = draft.budgetPerMinute.trim();
  const budgetPerMinute = /^\d{1,6}$/.test(budget) ? Number(budget) : Number.NaN;
  if (!(budgetPerMinute >= 1 && budgetPerMinute <= MAX_BUDGET_PER_MINUTE)) {
    errors.budgetPerMinute = `The budget must be a whole number of requests per minute, from 1 to ${formatNumber(MAX_BUDGET_PER_MINUTE, 0, "en-US")}.`;
  }
  if (!THEMES.includes(draft.theme)) errors.theme = "Choose system, light or dark.";
  if (!DISPLAY_CURRENCIES.includes(draft.currency)) errors.currency = "Choose one of the listed currencies.";
  if (!TIME_ZONE_SETTINGS.includes(draft.timeZone)) errors.timeZone = "Choose UTC or the browser's zone.";
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return {
    ok: true,
    values: {
      settings: {
        baseUrl,
        apiKey,
        budgetPerMinute,
        theme: draft.theme,
        currency: draft.currency,
        timeZone: draft.timeZone,
      },
      writeKey,
    },
  };
}

function baseUrlProblem(typed: string, error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  if (/^the service address/.test(message)) return `${message[0]?.toUpperCase()}${message.slice(1)}.`;
  return `“${typed.trim()}” is not a web address: write it like https://market.example.com, or leave it empty for this site.`;
}

function isKeyText(text: string): boolean {
  return /^[\x21-\x7e]*$/.test(text);
}

/** The stored settings a save changes: only the fields whose value differs. */
export function changedSettings(current: Settings, next: SettingsValues["settings"]): Partial<Settings> {
  const changes: Partial<Settings> = {};
  for (const key of Object.keys(next) as (keyof SettingsValues["settings"])[]) {
    if (current[key] !== next[key]) (changes as Record<string, unknown>)[key] = next[key];
  }
  return changes;
}

/** The draft after the settings changed elsewhere: untouched fields follow them, what was typed stays. */
export function followSettings(
  draft: SettingsDraft,
  before: SettingsDraft,
  after: SettingsDraft,
): SettingsDraft {
  const next = { ...draft };
  for (const field of SETTINGS_FIELDS) {
    if (draft[field] === before[field]) (next as Record<string, string>)[field] = after[field];
  }
  return next;
}
