/**
 * @module
 * The `headers` export of every public page: the cache headers the site layout's loader
 * computed (Cache-Control and ETag), so each page answers with them.
 */
import type { HeadersArgs } from "react-router";

export function forwardLayoutHeaders({ parentHeaders, actionHeaders }: HeadersArgs): Headers {
  const headers = new Headers();
  // A form's answer is never stored; a rate-limited one says when to come back.
  if ([...actionHeaders.keys()].length > 0) {
    headers.set("Cache-Control", "no-store");
    const retryAfter = actionHeaders.get("Retry-After");
    if (retryAfter) headers.set("Retry-After", retryAfter);
    return headers;
  }
  for (const name of ["Cache-Control", "ETag"]) {
    const value = parentHeaders.get(name);
    if (value) headers.set(name, value);
  }
  return headers;
}
