import { relative } from "node:path";
import type { Plugin } from "vite";
import { PAGE_ADDRESSES } from "../src/app/page-addresses.ts";
import { staticShell } from "../src/app/shell/static-shell.ts";

/**
 * The page table (src/app/page-addresses.ts) into the build: the coin list's description and HTML shell
 * into index.html (the service swaps in the page's own heading and lede), and the table beside Vite's manifest as .vite/pages.json. The
 * build fails when a page's module is not a chunk of its own, since the service could not preload it.
 */
export function pageAddresses(): Plugin {
  return {
    name: "crowd:page-addresses",
    transformIndexHtml: (html) => ({
      // The page's frame, shown before the scripts run (src/app/shell/static-shell.ts).
      html: html.replace('<div id="root"></div>', () => `<div id="root">${staticShell()}</div>`),
      tags: [
        {
          tag: "meta",
          attrs: { name: "description", content: PAGE_ADDRESSES.coins.description },
          injectTo: "head",
        },
      ],
    }),
    generateBundle(_options, bundle) {
      const pageChunks = new Set(
        Object.values(bundle).flatMap((output) =>
          output.type === "chunk" && output.isDynamicEntry && output.facadeModuleId
            ? [relative(process.cwd(), output.facadeModuleId)]
            : [],
        ),
      );
      for (const [name, page] of Object.entries(PAGE_ADDRESSES)) {
        if ("module" in page && !pageChunks.has(page.module))
          this.error(`page ${name}: ${page.module} is not a lazily loaded page chunk (see routes.tsx)`);
      }
      this.emitFile({
        type: "asset",
        fileName: ".vite/pages.json",
        source: JSON.stringify(Object.values(PAGE_ADDRESSES), null, 2),
      });
    },
  };
}
