import { fileURLToPath } from "node:url";
import type { Plugin } from "vite";

/**
 * react-router's build for production. Its package exports name only its development build, whose one
 * difference is that its warnings are on (remix-run/react-router#12532, #14102): a production bundle
 * carried them and checked them at run time.
 */
export function productionRouter(): Plugin {
  return {
    name: "crowd:production-router",
    apply: "build",
    config: () => ({
      resolve: {
        alias: [
          {
            find: /^react-router$/,
            replacement: fileURLToPath(
              new URL("../node_modules/react-router/dist/production/index.mjs", import.meta.url),
            ),
          },
        ],
      },
    }),
  };
}
