import type { Plugin, Rolldown } from "vite";

/**
 * Preload links for the parts the entry imports one per task (main.tsx) and the chunks they import, and
 * their stylesheets: Vite links only an entry's static imports, and a part asked for when the one before
 * has run would wait a round trip for each.
 */
export function stagesPreloaded(): Plugin {
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
