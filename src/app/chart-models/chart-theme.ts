// The chart's look: its colours, read from the app's design tokens so the chart follows the theme, and how
// it writes values. Types only from the chart library: pages import this module without loading it.
import type { DeepPartial, TimeChartOptions } from "lightweight-charts";
import type { Theme } from "../store/settings.ts";

export interface ChartTheme {
  background: string;
  text: string;
  textMuted: string;
  grid: string;
  border: string;
  /** A rising candle and buying volume; a falling candle and selling volume (the app's --up and --down). */
  up: string;
  down: string;
  /** One colour per series, the first for the main series. */
  series: string[];
}

/** Tokens the chart reads, and what each becomes. */
const TOKENS = {
  background: "--surface",
  text: "--text",
  textMuted: "--text-muted",
  grid: "--border",
  border: "--border",
  up: "--up",
  down: "--down",
} as const;

/** Series after the first: distinct from each other in both themes (the first is the accent). */
const COMPARE_COLOURS = ["#e8832a", "#17a398", "#b04fc9", "#d4a017", "#e0457b", "#5b8c2a", "#8a6d3b"];

export const FALLBACK_THEME: ChartTheme = {
  background: "#ffffff",
  text: "#151a21",
  textMuted: "#5b6573",
  grid: "#dde1e7",
  border: "#dde1e7",
  up: "#0f7b45",
  down: "#c62828",
  series: ["#2f5bea", ...COMPARE_COLOURS],
};

/** The colour of the series at `index` (0: main). */
export function seriesColour(theme: ChartTheme, index: number): string {
  return theme.series[index % theme.series.length] ?? FALLBACK_THEME.series[0] ?? "#2f5bea";
}

/**
 * The theme as the page shows it now, resolved inside `host`: the tokens are light-dark() values, which
 * getComputedStyle does not resolve on a custom property, so a hidden probe is coloured with each.
 */
export function readChartTheme(host: HTMLElement): ChartTheme {
  const view = host.ownerDocument.defaultView;
  if (!view || typeof view.getComputedStyle !== "function") return FALLBACK_THEME;
  const probe = host.ownerDocument.createElement("span");
  probe.style.display = "none";
  host.appendChild(probe);
  try {
    const resolve = (token: string, fallback: string): string => {
      probe.style.color = "";
      probe.style.color = `var(${token}, ${fallback})`;
      const colour = view.getComputedStyle(probe).color;
      return colour === "" ? fallback : colour;
    };
    const accent = resolve("--accent", FALLBACK_THEME.series[0] ?? "#2f5bea");
    const theme = { series: [accent, ...COMPARE_COLOURS] } as ChartTheme;
    for (const [name, token] of Object.entries(TOKENS) as [keyof typeof TOKENS, string][]) {
      theme[name] = resolve(token, FALLBACK_THEME[name]);
    }
    return theme;
  } finally {
    probe.remove();
  }
}

/** A colour with transparency, for an area's fill: rgb(…) and #rrggbb are understood, else unchanged. */
export function withAlpha(colour: string, alpha: number): string {
  const rgb = /^rgba?\((\d+)[,\s]+(\d+)[,\s]+(\d+)/.exec(colour);
  if (rgb) return `rgba(${rgb[1]}, ${rgb[2]}, ${rgb[3]}, ${alpha})`;
  const hex = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(colour);
  if (hex) {
    const [r, g, b] = [hex[1], hex[2], hex[3]].map((h) => Number.parseInt(h ?? "0", 16));
    return `rgba(${r}, ${g}, ${b}, ${alpha})`;
  }
  return colour;
}

export interface ValueFormat {
  currency: string;
  /** Units of `currency` per 1 USD: the points are USD. */
  rate: number;
  locale?: string;
}

/** How the axis and the tooltip write a value: USD points in a currency, or values already in their unit. */
export type ValueFormatting = ValueFormat | ((value: number) => string);

/** A value as written: a function as given; USD converted to the currency, cents kept below 1. */
export function valueWriter(format: ValueFormatting): (value: number) => string {
  if (typeof format === "function") return format;
  const { currency, locale, rate } = format;
  const big = new Intl.NumberFormat(locale, { style: "currency", currency, maximumFractionDigits: 2 });
  const small = new Intl.NumberFormat(locale, { style: "currency", currency, maximumSignificantDigits: 5 });
  return (usd) => {
    const value = usd * rate;
    return (Math.abs(value) >= 1 ? big : small).format(value);
  };
}

/** The chart options that carry the theme: colours of background, text, grid, borders and crosshair. */
export function chartThemeOptions(t: ChartTheme): DeepPartial<TimeChartOptions> {
  return {
    // The TradingView attribution is in the page footer (its licence asks for it on the page): the logo
    // inside the chart is a link, and a link inside a chart described as one image traps keyboard users.
    layout: {
      background: { color: t.background },
      textColor: t.textMuted,
      fontFamily: "inherit",
      attributionLogo: false,
    },
    grid: { vertLines: { color: withAlpha(t.grid, 0.6) }, horzLines: { color: withAlpha(t.grid, 0.6) } },
    rightPriceScale: { borderColor: t.border },
    timeScale: { borderColor: t.border },
    crosshair: { vertLine: { labelBackgroundColor: t.text }, horzLine: { labelBackgroundColor: t.text } },
  };
}

/** An area series' colours: the line, and a fill fading from it. */
export function areaColours(colour: string) {
  return { lineColor: colour, topColor: withAlpha(colour, 0.28), bottomColor: withAlpha(colour, 0.02) };
}

/**
 * Calls `onTheme` with the chart colours of the theme in force, on the next frame (the shell sets the theme
 * in an effect that runs after a chart's) and on each change of the system's scheme; returns the stop.
 */
export function followChartTheme(
  element: HTMLElement,
  theme: Theme,
  onTheme: (colours: ChartTheme) => void,
): () => void {
  let frame = 0;
  const apply = () => {
    cancelAnimationFrame(frame);
    frame = requestAnimationFrame(() => onTheme(readChartTheme(element)));
  };
  apply();
  const media =
    theme === "system" && typeof matchMedia === "function"
      ? matchMedia("(prefers-color-scheme: dark)")
      : null;
  media?.addEventListener("change", apply);
  return () => {
    cancelAnimationFrame(frame);
    media?.removeEventListener("change", apply);
  };
}

/** Whether two themes colour a chart alike (a theme read again is a new object). */
export function sameTheme(a: ChartTheme, b: ChartTheme): boolean {
  return (
    a.background === b.background &&
    a.text === b.text &&
    a.textMuted === b.textMuted &&
    a.grid === b.grid &&
    a.border === b.border &&
    a.up === b.up &&
    a.down === b.down &&
    a.series.length === b.series.length &&
    a.series.every((colour, index) => colour === b.series[index])
  );
}

/** Whether two value formats write values alike (a function only as itself). */
export function sameValueFormat(a: ValueFormatting, b: ValueFormatting): boolean {
  if (typeof a === "function" || typeof b === "function") return a === b;
  return a.currency === b.currency && a.rate === b.rate && a.locale === b.locale;
}
