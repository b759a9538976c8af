import { Readable } from "node:stream";
import { text } from "node:stream/consumers";
import { runInNewContext } from "node:vm";
import { describe, expect, it } from "vitest";
import { createPaintFirstStream } from "./html-rewrite.server";

const nonce = "n0nce==";

async function rewrite(chunks: (string | Buffer)[]): Promise<string> {
  const input = Readable.from(chunks.map((chunk) => Buffer.from(chunk)));
  return text(input.pipe(createPaintFirstStream({ nonce })));
}

const page =
  '<html><head><link rel="modulepreload" href="/assets/a.js"/><link rel="preload" href="/f.woff2" as="font"/>' +
  '<link rel="modulepreload" href="/assets/b.js"/></head><body><p>Zdravo, svijete – ćevapi</p>' +
  `<script nonce="${nonce}">window.__context = 1;</script>` +
  `<script nonce="${nonce}" type="module" async="">import "/assets/entry.js";</script></body></html>`;

const rewritten = page
  .replaceAll('rel="modulepreload"', 'rel="modulepreload" fetchpriority="low"')
  .replace('type="module" async=""', 'type="text/x-paint-first-module"');

describe("createPaintFirstStream", () => {
  it("lowers the preloads, makes the bootstrap inert and appends its loader with the nonce", async () => {
    const output = await rewrite([page]);
    expect(output.startsWith(rewritten)).toBe(true);
    const loader = output.slice(rewritten.length);
    expect(loader).toMatch(new RegExp(`^<script nonce="${nonce}">.+</script>$`));
    // Nothing else is touched: the other preload and the classic script stay as they were.
    expect(output).toContain('<link rel="preload" href="/f.woff2" as="font"/>');
    expect(output).toContain(`<script nonce="${nonce}">window.__context = 1;</script>`);
  });

  it("finds the strings when a chunk boundary splits them anywhere", async () => {
    const whole = await rewrite([page]);
    for (let cut = 1; cut < page.length; cut++) {
      await expect(rewrite([page.slice(0, cut), page.slice(cut)])).resolves.toBe(whole);
    }
  });

  it("keeps characters split between byte chunks whole", async () => {
    const bytes = Buffer.from(page);
    const inside = bytes.indexOf(Buffer.from("ć")) + 1;
    await expect(rewrite([bytes.subarray(0, inside), bytes.subarray(inside)])).resolves.toBe(
      await rewrite([page]),
    );
  });

  it("adds no loader to a page without a bootstrap", async () => {
    const plain = "<html><body>Nothing to hydrate <link rel=</body></html>";
    await expect(rewrite([plain.slice(0, 20), plain.slice(20)])).resolves.toBe(plain);
  });

  it("starts the bootstrap once, as a module with the same nonce and text", async () => {
    const output = await rewrite([page]);
    const opening = `<script nonce="${nonce}">`;
    const loader = output.slice(output.lastIndexOf(opening) + opening.length, -"</script>".length);
    const created: { type: string; nonce: string; textContent: string }[] = [];
    const inert = {
      nonce,
      textContent: 'import "/assets/entry.js";',
      replaceWith: (script: (typeof created)[number]) => created.push({ ...script }),
    };
    const timers: (() => void)[] = [];
    runInNewContext(loader, {
      document: {
        querySelectorAll: (selector: string) =>
          selector === 'script[type="text/x-paint-first-module"]' ? [inert] : [],
        createElement: () => ({ type: "", nonce: "", textContent: "" }),
      },
      requestAnimationFrame: (callback: () => void) => timers.push(callback),
      setTimeout: (callback: () => void) => timers.push(callback),
    });
    // The frame, then the task it schedules, then the one-second fallback: one start only.
    for (let i = 0; i < timers.length; i++) timers[i]?.();
    expect(created).toEqual([{ type: "module", nonce, textContent: 'import "/assets/entry.js";' }]);
  });
});
