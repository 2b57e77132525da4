// The chosen theme on <html> before the first paint, or the HTML's frame would show in the system's theme
// and switch a second later. A file of its own, as the security policy allows no inline script.
try {
  const theme = JSON.parse(localStorage.getItem("cmd.settings") || "{}").theme;
  if (theme === "light" || theme === "dark") document.documentElement.dataset.theme = theme;
} catch {
  // No storage (blocked, private mode) or a broken record: the system's theme, as the dashboard would.
}
