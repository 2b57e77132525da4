// The user's settings, kept in localStorage so every tab shares them, and read back field by field through
// a schema so that a hand-edited or outdated entry falls back to the defaults instead of breaking the page.
import { z } from "zod";
import { DEFAULT_RATE_LIMIT } from "../../interface/vocabulary.ts";
import { DISPLAY_CURRENCIES, type DisplayCurrency } from "../format/currency.ts";
import { DEFAULT_TIME_ZONE_SETTING, TIME_ZONE_SETTINGS, type TimeZoneSetting } from "../format/time-zone.ts";
import { readStored, writeStored } from "./browser-storage.ts";
import { ExternalStore } from "./external-store.ts";

export const THEMES = ["system", "light", "dark"] as const;
export type Theme = (typeof THEMES)[number];

export interface Settings {
  /** Where the service is: "" means the page's own origin (where `npm start` serves both). */
  baseUrl: string;
  /** An issued client key, sent as X-Api-Key; "" for none. */
  apiKey: string;
  /** Requests per minute to plan with until the server states its own policy. */
  budgetPerMinute: number;
  currency: DisplayCurrency;
  theme: Theme;
  /** The zone every time on screen and in an export is written in (see format/time-zone.ts). */
  timeZone: TimeZoneSetting;
  favourites: string[];
}

export const DEFAULT_SETTINGS: Settings = {
  baseUrl: "",
  apiKey: "",
  budgetPerMinute: DEFAULT_RATE_LIMIT,
  currency: "USD",
  theme: "system",
  timeZone: DEFAULT_TIME_ZONE_SETTING,
  favourites: [],
};

const SettingsFields = z.object({
  baseUrl: z.string(),
  apiKey: z.string(),
  budgetPerMinute: z.int().min(1).max(10_000),
  currency: z.enum(DISPLAY_CURRENCIES),
  theme: z.enum(THEMES),
  timeZone: z.enum(TIME_ZONE_SETTINGS),
  favourites: z.array(z.string()).max(10_000),
});

export const SETTINGS_KEY = "cmd.settings";

/** The stored settings; every field that is missing or unreadable takes its default. */
export function readSettings(text: string | null): Settings {
  let stored: unknown = null;
  try {
    stored = text === null ? null : JSON.parse(text);
  } catch {
    stored = null;
  }
  const settings: Settings = { ...DEFAULT_SETTINGS, favourites: [...DEFAULT_SETTINGS.favourites] };
  if (typeof stored !== "object" || stored === null) return settings;
  for (const key of Object.keys(SettingsFields.shape) as (keyof Settings)[]) {
    const field = SettingsFields.shape[key].safeParse((stored as Record<string, unknown>)[key]);
    if (field.success) (settings as unknown as Record<string, unknown>)[key] = field.data;
  }
  return settings;
}

/** A base URL as the transport needs it: trimmed, no trailing slash; "" stays the page's origin. */
export function normaliseBaseUrl(input: string): string {
  const trimmed = input.trim().replace(/\/+$/, "");
  if (trimmed === "") return "";
  const url = new URL(trimmed);
  if (url.protocol !== "http:" && url.protocol !== "https:") {
    throw new TypeError(`the service address must start with http:// or https://; got ${url.protocol}`);
  }
  return url.href.replace(/\/+$/, "");
}

/** The settings, written through to storage, and taken again when another tab writes them. */
export class SettingsStore extends ExternalStore<Settings> {
  constructor(private readonly storage: Storage | null) {
    super(readSettings(readStored(SETTINGS_KEY, storage)));
  }

  update(change: Partial<Settings>): void {
    const next = { ...this.get(), ...change };
    writeStored(SETTINGS_KEY, JSON.stringify(next), this.storage);
    this.set(next);
  }

  /** Another tab changed the settings: take them. */
  reload(): void {
    this.set(readSettings(readStored(SETTINGS_KEY, this.storage)));
  }
}
