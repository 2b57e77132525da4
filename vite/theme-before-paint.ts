import { readFileSync } from "node:fs";
import type { Plugin } from "vite";

const THEME_SCRIPT = "src/app/shell/theme-before-paint.js";

/**
 * The few lines that put the chosen theme on <html> before the first paint (see the file), as a classic
 * script in the head: a hashed file of the build, kept a year like the others, served as is in dev.
 */
export function themeBeforePaint(): Plugin {
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
