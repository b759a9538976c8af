/**
 * @module
 * Paint first, then run the page's JavaScript. A public page is complete in its HTML (it is read
 * without JavaScript); the scripts only hydrate it. Two things otherwise hold its first paint
 * and its largest paint back:
 *
 * - the module preloads, which React hoists to the top of the head, compete with the HTML, the
 *   heading font and the first images for a slow connection (even at low priority: on a fast
 *   link they finish before the first paint, and a slow one then has to carry them first);
 * - on a fast one, React Router's bootstrap module (`<script type="module" async>`) arrives and
 *   evaluates React and the routes before the browser paints its first frame.
 *
 * React Router renders both itself, so they are adjusted as the HTML streams: the preloads become
 * inert links and the bootstrap an inert script. A small inline loader turns them back on once
 * the page has loaded (its images and fonts) and painted a frame, or after a few seconds at most.
 */
import { Transform, type TransformCallback } from "node:stream";
import { StringDecoder } from "node:string_decoder";

const deferredType = "text/x-paint-first-module";
/** A link relation browsers do not know, so they fetch nothing for it. */
const deferredPreload = "x-paint-first-modulepreload";

/** Fixed strings to replace as the HTML streams, in order. */
const replacements: readonly [from: string, to: string][] = [
  ['<link rel="modulepreload"', `<link rel="${deferredPreload}"`],
  ['type="module" async=""', `type="${deferredType}"`],
];

/**
 * The longest the JavaScript waits for the page's load event. Links and forms work without it,
 * but a stalled image must not keep the page from becoming interactive.
 */
export const LOADER_MAX_WAIT_MS = 3000;

/**
 * Preloads started per task. Each costs the main thread a request to set up: about 6 ms on a
 * 2-core machine under Lighthouse, so even two in one task made a long task at its 4x slowdown.
 * A public page has six scripts (vite/public-chunks.ts), so one per task is six short tasks.
 */
export const PRELOADS_PER_TASK = 1;

/**
 * Starts the deferred preloads and bootstrap once the page has loaded (its images and fonts) and
 * its first contentful paint is on screen, two frames and a task later (so the images that came
 * with the load event are painted too); or a second after each step when frames or paints do not
 * come (a background tab); or after `LOADER_MAX_WAIT_MS` at most. The preloads
 * start a few per task and the bootstrap in a task of its own, so none of them is a long task
 * on a phone.
 */
function loaderScript(nonce: string): string {
  const start = [
    "var started=false;function start(){if(started)return;started=true;",
    `preload(Array.prototype.slice.call(document.querySelectorAll('link[rel="${deferredPreload}"]')));}`,
    `function preload(links){links.splice(0,${PRELOADS_PER_TASK}).forEach(function(link){link.rel='modulepreload';});`,
    "setTimeout(links.length?function(){preload(links);}:bootstrap,0);}",
    "function bootstrap(){",
    `document.querySelectorAll('script[type="${deferredType}"]').forEach(function(inert){`,
    "var module=document.createElement('script');module.type='module';module.nonce=inert.nonce;",
    "module.textContent=inert.textContent;inert.replaceWith(module);});}",
    "function afterPaint(){requestAnimationFrame(function(){requestAnimationFrame(function(){",
    "setTimeout(start,0);});});setTimeout(start,1000);}",
    // The first contentful paint is reported once it is on screen, which can be well after the
    // frame that drew it on a busy device.
    "function afterLoad(){var painted=false;function onPaint(){if(painted)return;painted=true;afterPaint();}",
    "try{new PerformanceObserver(function(list,observer){if(list.getEntries().some(function(entry){",
    "return entry.name==='first-contentful-paint';})){observer.disconnect();onPaint();}})",
    ".observe({type:'paint',buffered:true});}catch(error){onPaint();}setTimeout(onPaint,1000);}",
    "if(document.readyState==='complete')afterLoad();else addEventListener('load',afterLoad);",
    `setTimeout(start,${LOADER_MAX_WAIT_MS});`,
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
