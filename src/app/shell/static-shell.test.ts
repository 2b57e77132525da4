// @vitest-environment jsdom
import { describe, expect, it } from "vitest";
import { PAGE_ADDRESSES } from "../page-addresses.ts";
import { BRAND, NAV } from "./navigation.ts";
import { escapeHtml, SHELL_MARK, staticShell } from "./static-shell.ts";

describe("the HTML shell", () => {
  const root = document.createElement("div");
  root.innerHTML = staticShell();

  it("links every page of the navigation, as plain links that work before the scripts", () => {
    const links = [...root.querySelectorAll<HTMLAnchorElement>('nav[aria-label="Main"] a')];
    expect(links.map((link) => [link.textContent, link.getAttribute("href")])).toEqual(
      NAV.map((item) => [item.label, item.to]),
    );
    expect(root.querySelector(".brand")?.getAttribute("aria-label")).toBe(`${BRAND}, home`);
  });

  it("shows the coin list's heading and lede, marked for the service to put in another page's", () => {
    expect(root.querySelector(`h1[${SHELL_MARK}="heading"]`)?.textContent).toBe(PAGE_ADDRESSES.coins.heading);
    expect(root.querySelector(`p[${SHELL_MARK}="lede"]`)?.textContent).toBe(PAGE_ADDRESSES.coins.description);
    expect(root.querySelector("main#main")).not.toBeNull();
  });

  it("escapes what it writes", () => {
    expect(escapeHtml(`<a href="x">&</a>`)).toBe("&lt;a href=&quot;x&quot;&gt;&amp;&lt;/a&gt;");
  });
});
