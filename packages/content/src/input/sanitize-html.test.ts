import { describe, expect, it } from "vitest";
import { findExecutableMarkup, xssPayloads } from "../testing/xss-payloads";
import { sanitizeRichText, sanitizeTextOrHtml } from "./sanitize-html";

describe("sanitizeRichText", () => {
  it.each(xssPayloads)("neutralises %s", (payload) => {
    const clean = sanitizeRichText(`<p>before</p>${payload}<p>after</p>`);
    expect(findExecutableMarkup(clean)).toEqual([]);
    // Text after an unclosed <style> or <noscript> is swallowed with it; that is safe.
    expect(clean.startsWith("<p>before</p>")).toBe(true);
  });

  it("keeps the markup the default copy uses", () => {
    const html =
      '<h2>Contact</h2><p><strong>Email:</strong> <a href="mailto:info@example.org">info@example.org</a></p><ul><li>One</li></ul><h3>Links</h3><p><a href="https://example.org">site</a></p>';
    expect(sanitizeRichText(html)).toBe(html);
  });

  it("forces rel=noopener on links that open a new tab", () => {
    expect(sanitizeRichText('<a href="https://example.org" target="_blank">x</a>')).toBe(
      '<a href="https://example.org" target="_blank" rel="noopener noreferrer">x</a>',
    );
  });
});

describe("sanitizeTextOrHtml", () => {
  it("keeps plain text byte for byte", () => {
    const text = "Music & dance: 5 > 3, \"quoted\" and 'single'";
    expect(sanitizeTextOrHtml(text)).toBe(text);
  });

  it("sanitises text that contains markup", () => {
    expect(sanitizeTextOrHtml("Hi <img src=x onerror=alert(1)>there")).toBe(
      'Hi <img src="x" />there',
    );
  });
});
