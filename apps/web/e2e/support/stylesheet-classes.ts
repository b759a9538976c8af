/**
 * @module
 * Reads class names out of a served page: the classes its inline stylesheet has rules for, and the
 * classes its elements carry. Public pages get their own smaller stylesheet (public-pages.css,
 * decision 026); comparing the two tells whether it misses a class the full one styles.
 */

/** Tailwind escapes `:`, `/`, `[`, `(` and the like in selectors: `.hover\:underline`. */
const classSelector = /\.((?:\\[0-9a-fA-F]{1,6} ?|\\[^0-9a-fA-F]|[\w-])+)/g;

function unescapeCss(name: string): string {
  return name
    .replace(/\\([0-9a-fA-F]{1,6}) ?/g, (_, hex: string) => String.fromCodePoint(parseInt(hex, 16)))
    .replace(/\\(.)/g, "$1");
}

/** The text of the page's first `<style>` element (the inlined stylesheet). */
export function inlineStylesheet(html: string): string {
  const match = /<style[^>]*>([\s\S]*?)<\/style>/.exec(html);
  if (!match) throw new Error("the page has no inline stylesheet");
  return match[1] ?? "";
}

/** Every class a selector of the stylesheet names (in any selector, pseudo-class or at-rule). */
export function classesStyledBy(css: string): Set<string> {
  // Declarations may hold dots too (`.25rem`), so only what stands before a `{` is read.
  const selectors = css.match(/[^{};]+(?=\{)/g) ?? [];
  const names = new Set<string>();
  for (const selector of selectors) {
    for (const match of selector.matchAll(classSelector)) names.add(unescapeCss(match[1] ?? ""));
  }
  return names;
}

function decodeAttribute(value: string): string {
  return value
    .replace(/&quot;/g, '"')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&");
}

/** Every class an element of the page carries, templates (the pending views) included. */
export function classesUsedBy(html: string): Set<string> {
  const names = new Set<string>();
  for (const match of html.matchAll(/\sclass="([^"]*)"/g)) {
    for (const name of decodeAttribute(match[1] ?? "").split(/\s+/)) if (name) names.add(name);
  }
  return names;
}
