import { Readable } from "node:stream";
import { text } from "node:stream/consumers";
import { runInNewContext } from "node:vm";
import { describe, expect, it } from "vitest";
import {
  createPaintFirstStream,
  LOADER_MAX_WAIT_MS,
  PRELOADS_PER_TASK,
} from "./html-rewrite.server";

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
  .replaceAll('rel="modulepreload"', 'rel="x-paint-first-modulepreload"')
  .replace('type="module" async=""', 'type="text/x-paint-first-module"');

describe("createPaintFirstStream", () => {
  it("makes the preloads and the bootstrap inert and appends its loader with the nonce", async () => {
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

  /** Runs the appended loader against a stand-in document; returns what it did. */
  async function runLoader(
    readyState: "loading" | "complete",
    linkCount = 2,
    { observesPaint = false } = {},
  ) {
    const output = await rewrite([page]);
    const opening = `<script nonce="${nonce}">`;
    const loader = output.slice(output.lastIndexOf(opening) + opening.length, -"</script>".length);
    const created: { type: string; nonce: string; textContent: string }[] = [];
    const links = Array.from({ length: linkCount }, () => ({ rel: "x-paint-first-modulepreload" }));
    const inert = {
      nonce,
      textContent: 'import "/assets/entry.js";',
      replaceWith: (script: (typeof created)[number]) => created.push({ ...script }),
    };
    const frames: (() => void)[] = [];
    const timers: { callback: () => void; delay: number }[] = [];
    const loadListeners: (() => void)[] = [];
    const paintCallbacks: ((
      list: { getEntries: () => { name: string }[] },
      observer: unknown,
    ) => void)[] = [];
    // Reports the browser's paint entries to the loader's observer, as Chromium does.
    const reportPaint = (name: string) => {
      for (const callback of paintCallbacks) {
        callback({ getEntries: () => [{ name }] }, { disconnect: () => {} });
      }
    };
    const paintObserver = {
      PerformanceObserver: class {
        constructor(callback: (typeof paintCallbacks)[number]) {
          paintCallbacks.push(callback);
        }
        observe() {}
      },
    };
    runInNewContext(loader, {
      ...(observesPaint ? paintObserver : {}),
      document: {
        readyState,
        querySelectorAll: (selector: string) => {
          if (selector === 'script[type="text/x-paint-first-module"]') return [inert];
          if (selector === 'link[rel="x-paint-first-modulepreload"]') return links;
          return [];
        },
        createElement: () => ({ type: "", nonce: "", textContent: "" }),
      },
      addEventListener: (type: string, listener: () => void) => {
        if (type === "load") loadListeners.push(listener);
      },
      requestAnimationFrame: (callback: () => void) => frames.push(callback),
      setTimeout: (callback: () => void, delay: number) => timers.push({ callback, delay }),
    });
    return { created, links, frames, timers, loadListeners, reportPaint };
  }

  const started = [{ type: "module", nonce, textContent: 'import "/assets/entry.js";' }];

  it("starts nothing before the page has loaded, except after the longest wait", async () => {
    const { created, links, frames, timers, loadListeners } = await runLoader("loading");
    expect(frames).toEqual([]);
    expect(timers.map(({ delay }) => delay)).toEqual([LOADER_MAX_WAIT_MS]);
    expect(created).toEqual([]);
    expect(links.map(({ rel }) => rel)).toEqual([
      "x-paint-first-modulepreload",
      "x-paint-first-modulepreload",
    ]);
    expect(loadListeners).toHaveLength(1);
    timers[0]?.callback();
    // The preloads first, a few per task; the bootstrap in a task of its own.
    for (let task = 1; created.length === 0 && task < 10; task++) {
      expect(timers.map(({ delay }) => delay)).toEqual([
        LOADER_MAX_WAIT_MS,
        ...Array(task).fill(0),
      ]);
      timers[task]?.callback();
    }
    expect(links.map(({ rel }) => rel)).toEqual(["modulepreload", "modulepreload"]);
    expect(created).toEqual(started);
  });

  it("starts the preloads and the bootstrap once, after the load event and a frame", async () => {
    const { created, links, frames, timers, loadListeners } = await runLoader("loading");
    for (const listener of loadListeners) listener();
    expect(created).toEqual([]);
    // The frame, then the task it schedules, then the fallbacks: one start only.
    for (const frame of frames) frame();
    for (let i = 0; i < timers.length; i++) timers[i]?.callback();
    expect(created).toEqual(started);
    expect(links.map(({ rel }) => rel)).toEqual(["modulepreload", "modulepreload"]);
  });

  it("waits for the first contentful paint to be on screen after the load event", async () => {
    const { created, frames, timers, loadListeners, reportPaint } = await runLoader("loading", 2, {
      observesPaint: true,
    });
    for (const listener of loadListeners) listener();
    reportPaint("first-paint");
    expect(frames).toEqual([]);
    reportPaint("first-contentful-paint");
    // Two frames, then a task.
    expect(frames).toHaveLength(1);
    frames[0]?.();
    expect(frames).toHaveLength(2);
    frames[1]?.();
    // The task after the frames starts the preloads; each schedules the next, then the bootstrap.
    for (let task = 0; created.length === 0 && task < 10; task++) {
      timers.findLast(({ delay }) => delay === 0)?.callback();
    }
    expect(created).toEqual(started);
  });

  it("starts the preloads a few per task, then the bootstrap", async () => {
    const linkCount = PRELOADS_PER_TASK * 2 + 1;
    const { created, links, timers } = await runLoader("loading", linkCount);
    const started = () => links.filter(({ rel }) => rel === "modulepreload").length;
    timers[0]?.callback();
    expect(started()).toBe(PRELOADS_PER_TASK);
    timers[1]?.callback();
    expect(started()).toBe(PRELOADS_PER_TASK * 2);
    timers[2]?.callback();
    expect(started()).toBe(linkCount);
    expect(created).toEqual([]);
    timers[3]?.callback();
    expect(created).toHaveLength(1);
    expect(timers).toHaveLength(4);
  });

  it("waits for a frame only when the page has already loaded", async () => {
    const { created, frames, timers, loadListeners } = await runLoader("complete");
    expect(loadListeners).toEqual([]);
    expect(frames).toHaveLength(1);
    for (const frame of frames) frame();
    for (let i = 0; i < timers.length; i++) {
      if (timers[i]?.delay === 0) timers[i]?.callback();
    }
    expect(created).toEqual(started);
  });
});
