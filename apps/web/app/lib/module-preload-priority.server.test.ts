import { Readable } from "node:stream";
import { text } from "node:stream/consumers";
import { describe, expect, it } from "vitest";
import { createModulePreloadPriorityStream } from "./module-preload-priority.server";

async function rewrite(chunks: string[]): Promise<string> {
  return text(
    Readable.from(chunks.map((chunk) => Buffer.from(chunk))).pipe(
      createModulePreloadPriorityStream(),
    ),
  );
}

const head =
  '<head><link rel="modulepreload" href="/assets/a.js"/><link rel="preload" href="/f.woff2" as="font"/>' +
  '<link rel="modulepreload" href="/assets/b.js"/></head><body><p>Zdravo, svijete – ćevapi</p></body>';
const expected = head.replaceAll('rel="modulepreload"', 'rel="modulepreload" fetchpriority="low"');

describe("createModulePreloadPriorityStream", () => {
  it("gives every module preload a low priority and leaves everything else alone", async () => {
    await expect(rewrite([head])).resolves.toBe(expected);
  });

  it("finds tags split across chunks at any point", async () => {
    for (let cut = 1; cut < head.length; cut++) {
      await expect(rewrite([head.slice(0, cut), head.slice(cut)])).resolves.toBe(expected);
    }
  });

  it("keeps characters split between byte chunks whole", async () => {
    const bytes = Buffer.from(head);
    const inside = bytes.indexOf(Buffer.from("ć")) + 1;
    const chunks = [bytes.subarray(0, inside), bytes.subarray(inside)];
    const output = await text(Readable.from(chunks).pipe(createModulePreloadPriorityStream()));
    expect(output).toBe(expected);
  });

  it("passes a document without preloads through unchanged", async () => {
    const page = "<html><body>No scripts <link rel=</body></html>";
    await expect(rewrite([page.slice(0, 20), page.slice(20)])).resolves.toBe(page);
  });
});
