import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { compileInlineScript, INLINE_SCRIPT_QUERY, inlineScripts } from "./inline-script";

let dir = "";
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "inline-script-"));
  await writeFile(
    join(dir, "words.ts"),
    "export const greeting: string = 'hello';\nexport const unused = () => 'never shipped';\n",
  );
  await writeFile(
    join(dir, "page.browser.ts"),
    [
      "import { greeting } from './words';",
      "// a comment the output drops",
      "const target = document.querySelector<HTMLElement>('[data-greeting]');",
      "const text: string = target?.dataset.name ?? greeting;",
      "if (target) target.textContent = text + '!';",
    ].join("\n"),
  );
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe("compileInlineScript", () => {
  it("bundles the file into one minified ES2017 IIFE: no types, imports, comments or newer syntax", async () => {
    const { code, inputs } = await compileInlineScript(join(dir, "page.browser.ts"));
    expect(code.startsWith("(()=>{")).toBe(true);
    expect(code).toContain("hello");
    expect(code).not.toContain("never shipped");
    expect(code).not.toMatch(/\bimport\b|\bexport\b|HTMLElement|comment|\?\.|\?\?|\n/);
    expect(inputs.sort()).toEqual([join(dir, "page.browser.ts"), join(dir, "words.ts")]);
    // The page cache names inline scripts by their hash: the same sources give the same text.
    expect((await compileInlineScript(join(dir, "page.browser.ts"))).code).toBe(code);
    // It runs as a classic script.
    expect(() => new Function(code)).not.toThrow();
  });
});

describe("inlineScripts", () => {
  it("loads `?inline-script` imports as the compiled text and watches their sources", async () => {
    const plugin = inlineScripts();
    const load = plugin.load as (this: unknown, id: string) => Promise<unknown>;
    const watched: string[] = [];
    const context = { addWatchFile: (file: string) => watched.push(file) };
    const file = join(dir, "page.browser.ts");
    const result = (await load.call(context, `${file}${INLINE_SCRIPT_QUERY}`)) as { code: string };
    const { code } = await compileInlineScript(file);
    expect(result.code).toBe(`export default ${JSON.stringify(code)};`);
    expect(watched.sort()).toEqual([file, join(dir, "words.ts")]);
    expect(await load.call(context, file)).toBeNull();
  });
});
