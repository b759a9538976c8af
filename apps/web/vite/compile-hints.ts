/**
 * @module
 * V8 compiles a script's top level while it downloads, off the main thread, but each function
 * only when it is first called, on the main thread. Bundled React DOM is one large CommonJS
 * wrapper function called at start-up, so a phone compiled all of it inside one long task before
 * hydration could begin (about 30 ms of a 2-core machine, 120 ms at Lighthouse's 4x slowdown).
 * The `allFunctionsCalledOnLoad` magic comment (Chrome 136+; other browsers ignore it) asks for
 * every function of the file to be compiled eagerly with the top level, off the main thread.
 *
 * It is added to the chunks every page runs at start: the client entry and the chunks it
 * imports, directly or not (React, React DOM, React Router). Route chunks stay lazy: most of
 * their functions never run on a given page.
 */
import type { Plugin } from "vite";

export const compileHintComment = "//# allFunctionsCalledOnLoad";

type ChunkImports = { readonly imports: readonly string[] };

/** The chunk files that `entryFile` loads before it runs: itself and its static imports. */
export function startupChunkFiles(
  entryFile: string,
  chunks: Readonly<Record<string, ChunkImports>>,
): Set<string> {
  const found = new Set<string>();
  const pending = [entryFile];
  for (let file = pending.pop(); file !== undefined; file = pending.pop()) {
    if (found.has(file) || !chunks[file]) continue;
    found.add(file);
    pending.push(...(chunks[file]?.imports ?? []));
  }
  return found;
}

/**
 * Prepends the compile hint to the start-up chunks of the client build. It is added to the
 * finished bundle: the minifier, which runs after the chunk hooks, would drop the comment.
 */
export function compileHints(options: { entryChunkName: string }): Plugin {
  return {
    name: "heritage:compile-hints",
    apply: "build",
    generateBundle(_outputOptions, bundle) {
      if (this.environment?.name !== "client") return;
      const chunks = Object.fromEntries(
        Object.entries(bundle).flatMap(([file, output]) =>
          output.type === "chunk" ? [[file, output] as const] : [],
        ),
      );
      const entry = Object.values(chunks).find(
        (chunk) => chunk.isEntry && chunk.name === options.entryChunkName,
      );
      if (!entry) {
        this.error(`compile hints: no entry chunk named "${options.entryChunkName}"`);
      }
      for (const file of startupChunkFiles(entry.fileName, chunks)) {
        const chunk = chunks[file];
        if (chunk) chunk.code = `${compileHintComment}\n${chunk.code}`;
      }
    },
  };
}
