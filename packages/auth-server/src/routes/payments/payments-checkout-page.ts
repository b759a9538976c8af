/**
 * The HTML frame of this server's checkout pages (the Stripe checkout page; the test-mode checkout
 * has its own copy): no caching, no referrer (the code in the URL must not leak to other sites), no
 * framing (no click-jacking of a pay button), no script; and the cross-site check for their POSTs.
 * @module
 */
import { escapeHtml } from "../../services/shared/escape-html";

export const checkoutPageHeaders = {
  "content-type": "text/html; charset=utf-8",
  "cache-control": "no-store",
  "referrer-policy": "no-referrer",
  "x-frame-options": "DENY",
  "x-content-type-options": "nosniff",
  "content-security-policy":
    "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'; base-uri 'none'",
};

/** A whole page; `body` must already be escaped HTML. */
export function checkoutPage(title: string, body: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><title>${escapeHtml(title)}</title>
<style>body{font-family:system-ui,sans-serif;max-width:32rem;margin:3rem auto;padding:0 1rem;line-height:1.5}
form{margin:.5rem 0}button{font-size:1rem;padding:.5rem 1.25rem;cursor:pointer}</style></head>
<body><h1>${escapeHtml(title)}</h1>${body}</body></html>`;
}

/** Whether the browser says a form POST comes from another site. */
export function isCrossSite(headers: Headers, ownOrigin: string): boolean {
  const fetchSite = headers.get("sec-fetch-site");
  if (fetchSite && fetchSite !== "same-origin" && fetchSite !== "none") return true;
  const origin = headers.get("origin");
  return origin !== null && origin !== ownOrigin;
}
