// Light/dark switch: flips away from whatever is showing now, so the first press always changes something.
import { useSettings } from "../store/settings-context.tsx";
import { effectiveTheme, useAppliedTheme } from "./theme.ts";

export function ThemeToggle() {
  const [settings, update] = useSettings();
  useAppliedTheme(settings.theme);
  const showing = effectiveTheme(settings.theme);
  const next = showing === "dark" ? "light" : "dark";
  return (
    <button
      type="button"
      className="icon-button"
      onClick={() => update({ theme: next })}
      aria-label={`Switch to ${next} theme`}
      title={`Switch to ${next} theme`}
    >
      <span aria-hidden="true">{showing === "dark" ? "☀" : "☾"}</span>
    </button>
  );
}
