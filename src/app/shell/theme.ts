// The colour theme: the system's by default, or the user's choice, set on <html> for the CSS to follow.
import { useEffect } from "react";
import type { Theme } from "../store/settings.ts";

export function useAppliedTheme(theme: Theme): void {
  useEffect(() => {
    const root = document.documentElement;
    if (theme === "system") delete root.dataset.theme;
    else root.dataset.theme = theme;
  }, [theme]);
}

/** The theme the page shows now: the choice, or the system's when the choice is "system". */
export function effectiveTheme(theme: Theme): "light" | "dark" {
  if (theme !== "system") return theme;
  return typeof matchMedia === "function" && matchMedia("(prefers-color-scheme: dark)").matches
    ? "dark"
    : "light";
}
