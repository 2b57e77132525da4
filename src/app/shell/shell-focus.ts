// Where the keyboard was in the HTML shell, carried over to React's first render: a focused node React
// removes leaves the focus on the body, so a person who tabbed in early would find it gone.

/** A shell link React draws too, known by its address and classes. */
interface FocusedLink {
  href: string;
  className: string;
}

let focused: FocusedLink | null = null;

function linkOf(element: Element | null): FocusedLink | null {
  if (!(element instanceof HTMLAnchorElement)) return null;
  const href = element.getAttribute("href");
  return href === null ? null : { href, className: element.className };
}

/** Starts noting where the focus goes inside `root` (the shell), until takeShellFocus(). */
export function trackShellFocus(root: HTMLElement): void {
  // A person may have tabbed into the shell before this module ran: the scripts come after the HTML.
  const already = document.activeElement;
  if (already !== null && already !== root && root.contains(already)) focused = linkOf(already);
  const onFocus = (event: FocusEvent) => {
    if (event.target instanceof Element && root.contains(event.target)) focused = linkOf(event.target);
  };
  document.addEventListener("focusin", onFocus);
  stopTracking = () => document.removeEventListener("focusin", onFocus);
}

let stopTracking = () => {};

/**
 * After React's first commit: puts the focus on React's link where the shell's was, when the shell's link
 * is gone and nothing else took the focus.
 */
export function takeShellFocus(): void {
  stopTracking();
  stopTracking = () => {};
  const link = focused;
  focused = null;
  if (link === null || (document.activeElement !== null && document.activeElement !== document.body)) return;
  const same = [...document.querySelectorAll<HTMLAnchorElement>("a[href]")].find(
    (anchor) => anchor.getAttribute("href") === link.href && anchor.className === link.className,
  );
  same?.focus();
}
