/**
 * @module
 * The one HTML allow-list of the site. Rich text (about introText, impressum and datenschutz
 * content, project details written as HTML) is cleaned with it when it is written, and the web
 * app cleans again with the same function when it renders. Scripts, event handlers, `style`,
 * and `javascript:` / `data:` URLs never survive.
 */
import sanitizeHtml from "sanitize-html";

const allowList: sanitizeHtml.IOptions = {
  allowedTags: [
    "h2",
    "h3",
    "h4",
    "p",
    "br",
    "hr",
    "ul",
    "ol",
    "li",
    "strong",
    "b",
    "em",
    "i",
    "u",
    "s",
    "blockquote",
    "a",
    "img",
    "span",
    "div",
    "table",
    "thead",
    "tbody",
    "tr",
    "th",
    "td",
  ],
  allowedAttributes: {
    a: ["href", "title", "target", "rel"],
    img: ["src", "alt", "title", "width", "height", "loading"],
    th: ["colspan", "rowspan"],
    td: ["colspan", "rowspan"],
  },
  allowedSchemes: ["http", "https", "mailto", "tel"],
  allowedSchemesByTag: { img: ["http", "https"] },
  allowProtocolRelative: false,
  disallowedTagsMode: "discard",
  // Contents of these are dropped with the tag, not kept as text.
  nonTextTags: ["script", "style", "textarea", "option", "noscript", "iframe", "object", "embed"],
  transformTags: {
    a: (tagName, attribs) => {
      const attributes = { ...attribs };
      if (attributes.target === "_blank") attributes.rel = "noopener noreferrer";
      else delete attributes.target;
      return { tagName, attribs: attributes };
    },
  },
};

/** Cleans HTML with the site's allow-list; the result is safe to render with innerHTML. */
export function sanitizeRichText(html: string): string {
  return sanitizeHtml(html, allowList);
}

/**
 * Cleans a field that may hold plain text or HTML (project details). Plain text without any
 * `<` cannot carry markup, so it is kept byte for byte (no `&` turned into `&amp;`).
 */
export function sanitizeTextOrHtml(value: string): string {
  return value.includes("<") ? sanitizeRichText(value) : value;
}
