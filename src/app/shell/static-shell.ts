// The page as the HTML shows it before any script has run, so a phone on a slow network does not stay blank
// for seconds; React replaces it with the same frame, so nothing moves. Plain code, as the build runs it.
import { PAGE_ADDRESSES } from "../page-addresses.ts";
import { BRAND, NAV } from "./navigation.ts";

/** The attribute that marks the shell's heading and lede for the service to fill in. */
export const SHELL_MARK = "data-shell";

export function staticShell(): string {
  const page = PAGE_ADDRESSES.coins;
  const links = NAV.map(
    (item) => `<a class="app-nav__link" href="${item.to}">${escapeHtml(item.label)}</a>`,
  ).join("");
  return [
    '<div class="app">',
    '<a class="skip-link" href="#main">Skip to content</a>',
    '<header class="app-header">',
    `<a class="brand" href="/" aria-label="${escapeHtml(BRAND)}, home">`,
    `<span class="brand__mark" aria-hidden="true">◆</span><span class="brand__name">${escapeHtml(BRAND)}</span></a>`,
    `<nav aria-label="Main" class="app-nav">${links}</nav>`,
    "</header>",
    '<main id="main" class="app-main"><section class="page"><header class="page-header">',
    `<h1 ${SHELL_MARK}="heading">${escapeHtml(page.heading)}</h1>`,
    `<p class="muted page-lede" ${SHELL_MARK}="lede">${escapeHtml(page.description)}</p>`,
    "</header></section></main>",
    "</div>",
  ].join("");
}

export function escapeHtml(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
}
