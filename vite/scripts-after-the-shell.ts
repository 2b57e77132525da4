import type { Plugin } from "vite";

/**
 * The dashboard's scripts at low fetch priority: the HTML shell (its markup and the stylesheet) is the first
 * paint, and on a slow network the stylesheet should not share the bandwidth with 130 KB of scripts the
 * shell does not need. The scripts still start at once and run when the HTML is parsed, as a module's do.
 */
export function scriptsAfterTheShell(): Plugin {
  return {
    name: "crowd:scripts-after-the-shell",
    transformIndexHtml: {
      order: "post",
      handler: (html) =>
        html
          .replace(
            /<script type="module" crossorigin/g,
            '<script type="module" fetchpriority="low" crossorigin',
          )
          .replace(
            /<link rel="modulepreload" crossorigin/g,
            '<link rel="modulepreload" fetchpriority="low" crossorigin',
          ),
    },
  };
}
