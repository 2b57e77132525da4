// @vitest-environment jsdom
import { afterEach, describe, expect, it } from "vitest";
import { takeShellFocus, trackShellFocus } from "./shell-focus.ts";

function shell(): HTMLElement {
  const root = document.createElement("div");
  root.innerHTML = `<a class="skip" href="#main">Skip</a><nav><a class="app-nav__link" href="/rates">Rates</a></nav>`;
  document.body.append(root);
  return root;
}

/** What React does at its first commit: the shell's nodes replaced by its own, the same links. */
function replaceWithReact(root: HTMLElement): void {
  root.innerHTML = `<a class="skip" href="#main">Skip</a><nav><a class="app-nav__link" href="/rates">Rates</a></nav>`;
}

afterEach(() => {
  takeShellFocus();
  document.body.innerHTML = "";
});

describe("the shell's focus", () => {
  it("follows a link focused after tracking began", () => {
    const root = shell();
    trackShellFocus(root);
    root.querySelector<HTMLElement>(".app-nav__link")?.focus();
    replaceWithReact(root);
    expect(document.activeElement).toBe(document.body);
    takeShellFocus();
    expect(document.activeElement).toBe(root.querySelector(".app-nav__link"));
  });

  it("follows a link focused before the entry ran (tabbed while the scripts were on their way)", () => {
    const root = shell();
    root.querySelector<HTMLElement>(".skip")?.focus();
    trackShellFocus(root);
    replaceWithReact(root);
    takeShellFocus();
    expect(document.activeElement).toBe(root.querySelector(".skip"));
  });

  it("leaves alone a focus something else took meanwhile", () => {
    const root = shell();
    const input = document.createElement("input");
    document.body.append(input);
    trackShellFocus(root);
    root.querySelector<HTMLElement>(".app-nav__link")?.focus();
    replaceWithReact(root);
    input.focus();
    takeShellFocus();
    expect(document.activeElement).toBe(input);
  });
});
