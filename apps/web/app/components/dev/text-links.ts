/**
 * @module
 * The web addresses in a mail's plain text, so the development outbox can make them clickable.
 * Only http(s) addresses become links: a mail's text can never produce a `javascript:` link.
 */

export type TextPart = { text: string; href?: string };

const ADDRESS = /https?:\/\/[^\s<>"']+/g;
/** Punctuation that ends a sentence after an address rather than belonging to it. */
const TRAILING_PUNCTUATION = /[.,;:!?)\]]+$/;

/** Splits `text` into plain runs and addresses (each with its `href`), in order. */
export function splitTextLinks(text: string): TextPart[] {
  const parts: TextPart[] = [];
  let last = 0;
  for (const match of text.matchAll(ADDRESS)) {
    const address = match[0].replace(TRAILING_PUNCTUATION, "");
    if (match.index > last) parts.push({ text: text.slice(last, match.index) });
    parts.push({ text: address, href: address });
    last = match.index + address.length;
  }
  if (last < text.length) parts.push({ text: text.slice(last) });
  return parts;
}
