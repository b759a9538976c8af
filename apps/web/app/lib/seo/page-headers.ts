/**
 * @module
 * The `headers` export of every public page: the cache headers the site layout's loader
 * computed (Cache-Control and ETag), so each page answers with them, and the public pages' own
 * opener policy.
 */
import type { HeadersArgs } from "react-router";

/**
 * Public pages are the same for every visitor and hold nothing of theirs, so they opt out of the
 * Cross-Origin-Opener-Policy the server puts on every other answer (decision 026): Chrome on
 * Android gives every site that sends one a process of its own, a cold start on a phone at each
 * visit from elsewhere. The server keeps a policy an answer brings (middleware/security-headers).
 */
export function withPublicPageOpenerPolicy(headers: Headers): Headers {
  headers.set("Cross-Origin-Opener-Policy", "unsafe-none");
  return headers;
}

export function forwardLayoutHeaders({ parentHeaders, actionHeaders }: HeadersArgs): Headers {
  const headers = withPublicPageOpenerPolicy(new Headers());
  // A form's answer is never stored; a rate-limited one says when to come back.
  if ([...actionHeaders.keys()].length > 0) {
    headers.set("Cache-Control", "no-store");
    const retryAfter = actionHeaders.get("Retry-After");
    if (retryAfter) headers.set("Retry-After", retryAfter);
    return headers;
  }
  // X-Robots-Tag: a signed-in admin's preview of a draft (decision 036).
  for (const name of ["Cache-Control", "ETag", "X-Robots-Tag"]) {
    const value = parentHeaders.get(name);
    if (value) headers.set(name, value);
  }
  return headers;
}
