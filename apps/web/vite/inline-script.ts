/**
 * @module
 * Scripts inlined into server-rendered pages, written in TypeScript. `import code from
 * "./file.browser.ts?inline-script"` gives the file compiled by esbuild into one small classic
 * script: bundled (its imports included), an ES2017 IIFE, minified, no source map or comments.
 * The text is the same on every build of the same sources, so a page that inlines it keeps the
 * hash its Content-Security-Policy names (decision 011). Public pages ship this and no framework
 * (decision 023). Works in `vite dev` too: the file and what it imports are watched.
 */
import { resolve } from "node:path";
import { build } from "esbuild";
import type { Plugin } from "vite";

export const INLINE_SCRIPT_QUERY = "?inline-script";

/** `file` and what it imports, compiled to one minified ES2017 IIFE. */
export async function compileInlineScript(
  file: string,
): Promise<{ code: string; inputs: string[] }> {
  const result = await build({
    entryPoints: [file],
    bundle: true,
    write: false,
    format: "iife",
    platform: "browser",
    target: "es2017",
    minify: true,
    legalComments: "none",
    charset: "utf8",
    metafile: true,
    logLevel: "silent",
  });
  const output = result.outputFiles[0];
  if (!output) throw new Error(`inline script: esbuild wrote nothing for ${file}`);
  return {
    code: output.text.trimEnd(),
    // esbuild names inputs relative to the working directory.
    inputs: Object.keys(result.metafile.inputs).map((input) => resolve(input)),
  };
}

export function inlineScripts(): Plugin {
  return {
    name: "heritage:inline-script",
    enforce: "pre",
    async load(id) {
      if (!id.endsWith(INLINE_SCRIPT_QUERY)) return null;
      const file = id.slice(0, -INLINE_SCRIPT_QUERY.length);
      const { code, inputs } = await compileInlineScript(file);
      for (const input of inputs) this.addWatchFile(input);
      return { code: `export default ${JSON.stringify(code)};`, map: null };
    },
  };
}
