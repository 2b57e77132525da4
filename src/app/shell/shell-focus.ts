// Where the keyboard was in the HTML shell (static-shell.ts), carried over to React's first render. React
// replaces the shell's nodes, and a focused node that is removed leaves the focus on the body: a person who
// tabbed to the skip link or a navigation link while the scripts were on their way would find it gone.

let focused: string | null = null;

/** The selector of a shell element React draws too: a link by its address and class, or the skip link. */
function selectorOf(element: Element): string | null {
  if (!(element instanceof HTMLAnchorElement)) return null;
  const href = element.getAttribute("href");
  const classes = [...element.classList].map((name) => `.${CSS.escape(name)}`).join("");
  return href === null ? null : `a${classes}[href="${CSS.escape(href)}"]`;
}

/** Starts noting where the focus goes inside `root` (the shell), until takeShellFocus(). */
export function trackShellFocus(root: HTMLElement): void {
  const onFocus = (event: FocusEvent) => {
    if (event.target instanceof Element && root.contains(event.target)) focused = selectorOf(event.target);
  };
  document.addEventListener("focusin", onFocus);
  stopTracking = () => document.removeEventListener("focusin", onFocus);
}

let stopTracking = () => {};

/**
 * After React's first commit: puts the focus on React's element where the shell's was, when the shell's
 * element is gone and nothing else took the focus.
 */
export function takeShellFocus(): void {
  stopTracking();
  const selector = focused;
  focused = null;
  if (selector === null || (document.activeElement !== null && document.activeElement !== document.body))
    return;
  const element = document.querySelector<HTMLElement>(selector);
  element?.focus();
}
