import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";
import { appPart, appPartOfTheGraph, entryPart } from "./vite/app-part.ts";
import { compiledOnLoad } from "./vite/compiled-on-load.ts";
import { pageAddresses } from "./vite/page-addresses.ts";
import { precompressed } from "./vite/precompressed.ts";
import { productionRouter } from "./vite/production-router.ts";
import { scriptsAfterTheShell } from "./vite/scripts-after-the-shell.ts";
import { stagesPreloaded } from "./vite/stages-preloaded.ts";
import { themeBeforePaint } from "./vite/theme-before-paint.ts";

/**
 * The interface's modules the app's part imports, in the parts main.tsx evaluates a task each, in its
 * order (each after those it imports). A module left out goes into the app's chunk, evaluated with it.
 */
const INTERFACE_PARTS = [
  ["resources"],
  ["provenance"],
  ["vocabulary", "parameters"],
  ["live-events"],
  ["status", "extension-endpoints", "endpoints"],
];

// The dashboard is built into dist/app; the service serves it at / (see src/service/http/static.ts).
const OUT_DIR = "dist/app";

export default defineConfig({
  plugins: [
    react(),
    productionRouter(),
    appPartOfTheGraph(),
    pageAddresses(),
    themeBeforePaint(),
    stagesPreloaded(),
    scriptsAfterTheShell(),
    compiledOnLoad(),
    precompressed(),
  ],
  build: {
    outDir: OUT_DIR,
    emptyOutDir: true,
    sourcemap: true,
    // .vite/manifest.json: which chunks and stylesheets each page's module needs, read by the service to
    // put a page's preload links into the HTML it answers for that page's address.
    manifest: true,
    rolldownOptions: {
      output: {
        codeSplitting: {
          // A chunk per part of the entry (main.tsx), and as few as that: every chunk of a first load is a
          // request and a preload link the HTML parser sets up.
          groups: [
            { name: "react", test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/ },
            // With zod, the module that turns its eval probe off (zod-without-eval.ts): the schemas are
            // made, and zod probes, as soon as a chunk that defines them runs, which is before the entry's
            // own modules; in zod's chunk the setting comes first.
            // Above the interface's parts, which would otherwise take zod in as their dependency.
            {
              name: "zod",
              test: /node_modules[\\/]zod[\\/]|src[\\/]app[\\/]zod-without-eval\.ts$/,
              priority: 3,
            },
            { name: "query", test: /node_modules[\\/](@tanstack|idb-keyval)[\\/]/ },
            // The interface's schemas in the parts main.tsx evaluates one per task, each with the small
            // modules only it imports: zod makes every schema as its module runs, ~30 ms in one task.
            ...INTERFACE_PARTS.map((files, at) => ({
              name: `interface-${at + 1}`,
              test: new RegExp(`src[\\\\/]interface[\\\\/](${files.join("|")})\\.ts$`),
              priority: 2,
            })),
            // The app's part: the modules render-app.tsx imports, directly or not (the shell, the coin list,
            // the budget, the transport); what only other pages use stays in their chunks.
            { name: "app", test: (id) => appPart.has(id) },
            // The entry's own few modules (the shell's focus, Vite's preload helper) in a chunk of their
            // own: left to the automatic split, they went into the app's chunk, which the entry then
            // imported statically, evaluating the whole app in its first task.
            { name: "index", test: (id) => entryPart.has(id), priority: 1 },
          ],
        },
      },
    },
  },
  server: { proxy: { "/v1": "http://localhost:8080" } },
});
