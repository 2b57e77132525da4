// The theme the user chose in the settings, on <html> before the first paint: the page's HTML shows its
// frame before the dashboard's scripts run, and without this it would show in the system's theme first and
// switch a second later. A file of its own, since the pages' security policy allows no inline script; the
// build puts it into the head (vite.config.ts) and the dashboard (theme.ts) keeps it in step from then on.
try {
  const theme = JSON.parse(localStorage.getItem("cmd.settings") || "{}").theme;
  if (theme === "light" || theme === "dark") document.documentElement.dataset.theme = theme;
} catch {
  // No storage (blocked, private mode) or a broken record: the system's theme, as the dashboard would.
}
