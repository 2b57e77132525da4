import type { Plugin } from "vite";

/**
 * The modules of the app's part (render-app.tsx and the project's modules it imports statically, but for the
 * entry's own) and the entry's own (what main.tsx imports statically); filled once the module graph is built.
 */
export const appPart = new Set<string>();
export const entryPart = new Set<string>();

export function appPartOfTheGraph(): Plugin {
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
