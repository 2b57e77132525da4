import { readFileSync } from "node:fs";
import { readdir, readFile, stat, writeFile } from "node:fs/promises";
import { join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";
import react from "@vitejs/plugin-react";
import { defineConfig, type Plugin, type Rolldown } from "vite";
import { PAGE_ADDRESSES } from "./src/app/page-addresses.ts";
import { staticShell } from "./src/app/shell/static-shell.ts";

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
            { name: "zod", test: /node_modules[\\/]zod[\\/]|src[\\/]app[\\/]zod-without-eval\.ts$/ },
            { name: "query", test: /node_modules[\\/](@tanstack|idb-keyval)[\\/]/ },
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

/** V8's explicit compile hint (Chrome 136+); it must open the file. */
const COMPILE_ALL_ON_LOAD = "//# allFunctionsCalledOnLoad";

/**
 * Every chunk opens with V8's compile hint: all its functions compiled eagerly, on a background thread while
 * the file streams in, not lazily on the main thread at their first call. Each chunk is asked for by a page
 * that runs it at once (the entry's graph, a page's own module, the chart library when it draws); a worker
 * compiles off the main thread already. Measured on the symbol page at a phone's speed (4x CPU): making
 * its chart 115 -> 30 ms, its points 112 -> 50 ms. Added after Vite's own additions (a chunk may open
 * with its preload map); the source map moved down a line with it.
 */
function compiledOnLoad(): Plugin {
  return {
    name: "crowd:compiled-on-load",
    enforce: "post",
    generateBundle: {
      order: "post",
      handler(_options, bundle) {
        for (const output of Object.values(bundle)) {
          if (output.type !== "chunk" || output.code.startsWith(COMPILE_ALL_ON_LOAD)) continue;
          output.code = `${COMPILE_ALL_ON_LOAD}\n${output.code}`;
          const map = bundle[`${output.fileName}.map`];
          if (map?.type === "asset" && typeof map.source === "string") {
            const parsed = JSON.parse(map.source) as { mappings: string };
            map.source = JSON.stringify({ ...parsed, mappings: `;${parsed.mappings}` });
          }
        }
      },
    },
  };
}

/**
 * The modules of the app's part (render-app.tsx and the project's modules it imports statically, but for the
 * entry's own) and the entry's own (what main.tsx imports statically); filled once the module graph is built.
 */
const appPart = new Set<string>();
const entryPart = new Set<string>();

function appPartOfTheGraph(): Plugin {
  return {
    name: "crowd:app-part",
    apply: "build",
    buildEnd() {
      const graphOf = (file: string): Set<string> => {
        const graph = new Set<string>();
        const visit = (id: string) => {
          if (graph.has(id)) return;
          graph.add(id);
          for (const imported of this.getModuleInfo(id)?.importedIds ?? []) visit(imported);
        };
        const root = [...this.getModuleIds()].find((id) => id.endsWith(file));
        if (root) visit(root);
        return graph;
      };
      // The libraries have groups of their own; the entry's own modules are evaluated with it.
      const library = /[\\/]node_modules[\\/]/;
      const entry = graphOf("/src/app/main.tsx");
      appPart.clear();
      entryPart.clear();
      for (const id of entry) if (!id.endsWith("/src/app/main.tsx")) entryPart.add(id);
      for (const id of graphOf("/src/app/render-app.tsx"))
        if (!entry.has(id) && !library.test(id)) appPart.add(id);
    },
  };
}

/**
 * react-router's build for production. Its package exports name only its development build, whose one
 * difference is that its warnings are on (remix-run/react-router#12532, #14102): a production bundle
 * carried them and checked them at run time.
 */
function productionRouter(): Plugin {
  return {
    name: "crowd:production-router",
    apply: "build",
    config: () => ({
      resolve: {
        alias: [
          {
            find: /^react-router$/,
            replacement: fileURLToPath(
              new URL("./node_modules/react-router/dist/production/index.mjs", import.meta.url),
            ),
          },
        ],
      },
    }),
  };
}

const THEME_SCRIPT = "src/app/shell/theme-before-paint.js";

/**
 * The few lines that put the chosen theme on <html> before the first paint (see the file), as a classic
 * script in the head: a hashed file of the build, kept a year like the others, served as is in dev.
 */
function themeBeforePaint(): Plugin {
  let building = false;
  return {
    name: "crowd:theme-before-paint",
    configResolved(config) {
      building = config.command === "build";
    },
    buildStart() {
      if (building)
        this.emitFile({ type: "asset", name: "theme.js", source: readFileSync(THEME_SCRIPT, "utf8") });
    },
    transformIndexHtml: {
      order: "post",
      handler: (_html, context) => {
        const built = Object.values(context.bundle ?? {}).find(
          (output) => output.type === "asset" && output.names.includes("theme.js"),
        );
        if (building && !built) throw new Error(`${THEME_SCRIPT} was not emitted`);
        return [
          {
            tag: "script",
            attrs: { src: built ? `/${built.fileName}` : `/${THEME_SCRIPT}` },
            injectTo: "head",
          },
        ];
      },
    },
  };
}

/**
 * The dashboard's scripts at low fetch priority: the HTML shell (its markup and the stylesheet) is the first
 * paint, and on a slow network the stylesheet should not share the bandwidth with 130 KB of scripts the
 * shell does not need. The scripts still start at once and run when the HTML is parsed, as a module's do.
 */
/**
 * Preload links for the parts the entry imports one per task (main.tsx) and the chunks they import, and
 * their stylesheets: Vite links only an entry's static imports, and a part asked for when the one before
 * has run would wait a round trip for each.
 */
function stagesPreloaded(): Plugin {
  return {
    name: "crowd:stages-preloaded",
    transformIndexHtml: {
      order: "post",
      handler: (html, context) => {
        const chunks = new Map<string, Rolldown.OutputChunk>();
        for (const output of Object.values(context.bundle ?? {}))
          if (output.type === "chunk") chunks.set(output.fileName, output);
        const entry = [...chunks.values()].find((chunk) => chunk.isEntry);
        if (!entry) return html;
        const files = new Set<string>();
        const visit = (fileName: string) => {
          const chunk = chunks.get(fileName);
          if (!chunk || files.has(fileName) || fileName === entry.fileName) return;
          files.add(fileName);
          for (const imported of chunk.imports) visit(imported);
        };
        for (const part of entry.dynamicImports) visit(part);
        // Their stylesheets as the entry's own: the coin list's rules came with the entry's until it
        // moved into a part, and a stylesheet only Vite's loader asks for is a round trip after the part.
        const styles = [...files].flatMap((file) => [...(chunks.get(file)?.viteMetadata?.importedCss ?? [])]);
        const link = (rel: string, file: string) => ({
          tag: "link",
          attrs: { rel, crossorigin: true, href: `/${file}` },
          injectTo: "head" as const,
        });
        return [
          ...[...new Set(styles)]
            .filter((file) => !html.includes(`/${file}"`))
            .map((file) => link("stylesheet", file)),
          ...[...files]
            .filter((file) => !html.includes(`/${file}"`))
            .map((file) => link("modulepreload", file)),
        ];
      },
    },
  };
}

function scriptsAfterTheShell(): Plugin {
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

/**
 * The page table (src/app/page-addresses.ts) into the build: the coin list's description and HTML shell
 * into index.html (the service swaps in the page's own heading and lede), and the table beside Vite's manifest as .vite/pages.json. The
 * build fails when a page's module is not a chunk of its own, since the service could not preload it.
 */
function pageAddresses(): Plugin {
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

/** Text the service sends as it is stored: scripts, styles, the SVG icon, JSON. */
const COMPRESSIBLE = /\.(js|mjs|css|svg|json|txt|webmanifest)$/;

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

/**
 * Every text file of the build also as .br and .gz beside it, at the strongest settings (brotli 11, gzip 9):
 * done once here, the service never compresses a dashboard file per request, and the build can afford the
 * time a request cannot (brotli 11 is some 15 % smaller than the 5 a live answer gets). A variant not
 * smaller than the file is not written, and the service then sends the file as it is. Left out: index.html
 * (the service writes each page's head into it, and compresses what it sends), source maps (only a
 * developer's tools fetch them, and they would double the build's time) and Vite's own .vite directory.
 * Node's zlib does the work; a plugin for it would add two dependencies for these few lines.
 */
function precompressed(): Plugin {
  let outDir = OUT_DIR;
  return {
    name: "crowd:precompressed",
    apply: "build",
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const files = (await readdir(outDir, { recursive: true }))
        .filter((file) => COMPRESSIBLE.test(file) && !file.startsWith(".vite"))
        .map((file) => join(outDir, file));
      await Promise.all(
        files.map(async (file) => {
          if (!(await stat(file)).isFile()) return;
          const body = await readFile(file);
          const [br, gz] = await Promise.all([
            brotli(body, {
              params: {
                [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
                [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
                [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
              },
            }),
            gzipped(body, { level: constants.Z_BEST_COMPRESSION }),
          ]);
          if (br.length < body.length) await writeFile(`${file}.br`, br);
          if (gz.length < body.length) await writeFile(`${file}.gz`, gz);
        }),
      );
    },
  };
}
