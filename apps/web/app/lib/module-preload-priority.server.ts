/**
 * @module
 * Gives the page's module preloads a low fetch priority. A public page is complete in its HTML
 * (it is read without JavaScript); the scripts only hydrate it. At their default high priority
 * the preloads, which React hoists to the top of the head, compete with the HTML, the heading
 * font and the first images for a slow connection, and the first paint waits for them. React
 * Router renders these links itself, so the attribute is added to the HTML as it streams.
 */
import { Transform, type TransformCallback } from "node:stream";
import { StringDecoder } from "node:string_decoder";

const preloadTag = '<link rel="modulepreload"';
const lowPriorityPreloadTag = '<link rel="modulepreload" fetchpriority="low"';

/**
 * A stream that adds `fetchpriority="low"` to every `<link rel="modulepreload"`. Text that could
 * be the start of a tag split across two chunks is held back until the next chunk arrives.
 */
export function createModulePreloadPriorityStream(): Transform {
  let carry = "";
  // Chunks are bytes: a character may be split between two of them.
  const decoder = new StringDecoder("utf8");
  return new Transform({
    transform(chunk: Buffer | string, _encoding, callback: TransformCallback) {
      const text = carry + (typeof chunk === "string" ? chunk : decoder.write(chunk));
      const rewritten = text.split(preloadTag).join(lowPriorityPreloadTag);
      const keep = partialTagLength(rewritten);
      carry = rewritten.slice(rewritten.length - keep);
      callback(null, rewritten.slice(0, rewritten.length - keep));
    },
    flush(callback: TransformCallback) {
      callback(null, carry + decoder.end());
    },
  });
}

/** How many characters at the end of `text` could begin a preload tag. */
function partialTagLength(text: string): number {
  for (let length = Math.min(preloadTag.length - 1, text.length); length > 0; length--) {
    if (preloadTag.startsWith(text.slice(text.length - length))) return length;
  }
  return 0;
}
