/**
 * @module
 * Paint first, then run the page's JavaScript. A public page is complete in its HTML (it is read
 * without JavaScript); the scripts only hydrate it. Two things otherwise hold its first paint back:
 *
 * - the module preloads, which React hoists to the top of the head at high priority, compete with
 *   the HTML, the heading font and the first images for a slow connection;
 * - on a fast one, React Router's bootstrap module (`<script type="module" async>`) arrives and
 *   evaluates React and the routes before the browser paints its first frame.
 *
 * React Router renders both itself, so they are adjusted as the HTML streams: the preloads get
 * `fetchpriority="low"`, and the bootstrap becomes an inert script that a small inline loader
 * starts as a real module after the first frame (or after a second at most, for a page opened in a
 * background tab, where animation frames wait).
 */
import { Transform, type TransformCallback } from "node:stream";
import { StringDecoder } from "node:string_decoder";

const deferredType = "text/x-paint-first-module";

/** Fixed strings to replace as the HTML streams, in order. */
const replacements: readonly [from: string, to: string][] = [
  ['<link rel="modulepreload"', '<link rel="modulepreload" fetchpriority="low"'],
  ['type="module" async=""', `type="${deferredType}"`],
];

/** Starts the deferred bootstrap once: after a frame and a task, or after a second. */
function loaderScript(nonce: string): string {
  const start = [
    "var started=false;function start(){if(started)return;started=true;",
    `document.querySelectorAll('script[type="${deferredType}"]').forEach(function(inert){`,
    "var module=document.createElement('script');module.type='module';module.nonce=inert.nonce;",
    "module.textContent=inert.textContent;inert.replaceWith(module);});}",
    "requestAnimationFrame(function(){setTimeout(start,0);});setTimeout(start,1000);",
  ].join("");
  return `<script nonce="${nonce}">${start}</script>`;
}

/**
 * A stream over the server-rendered HTML that applies the changes above. Text that could be the
 * start of a replaced string split across two chunks is held back until the next chunk arrives.
 */
export function createPaintFirstStream(options: { nonce: string }): Transform {
  let carry = "";
  let sawBootstrap = false;
  // Chunks are bytes: a character may be split between two of them.
  const decoder = new StringDecoder("utf8");
  const longest = Math.max(...replacements.map(([from]) => from.length));
  return new Transform({
    transform(chunk: Buffer | string, _encoding, callback: TransformCallback) {
      let text = carry + (typeof chunk === "string" ? chunk : decoder.write(chunk));
      for (const [from, to] of replacements) {
        if (from.startsWith("type=") && text.includes(from)) sawBootstrap = true;
        text = text.split(from).join(to);
      }
      const keep = partialMatchLength(text, longest);
      carry = text.slice(text.length - keep);
      callback(null, text.slice(0, text.length - keep));
    },
    flush(callback: TransformCallback) {
      const rest = carry + decoder.end();
      // Without a bootstrap (an error page rendered without scripts) there is nothing to start.
      callback(null, sawBootstrap ? rest + loaderScript(options.nonce) : rest);
    },
  });
}

/** How many characters at the end of `text` could begin one of the replaced strings. */
function partialMatchLength(text: string, longest: number): number {
  for (let length = Math.min(longest - 1, text.length); length > 0; length--) {
    const tail = text.slice(text.length - length);
    if (replacements.some(([from]) => from.startsWith(tail))) return length;
  }
  return 0;
}
