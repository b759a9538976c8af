/**
 * @module
 * Text answers (HTML, CSS, JS, JSON) compressed for clients that accept it, by Hono's `compress`.
 * A client that accepts neither gzip nor deflate gets the answer as it is, without that middleware
 * looking at it: Hono's version adds its `Vary` through `c.header`, which turns the Node adapter's
 * lightweight answer into a full Fetch Response (a stream and its transfer machinery, about 15 µs
 * of every such request, decision 030). The `Vary: Accept-Encoding` a cache needs is still added,
 * on the answer's own headers.
 */
import { headersForApiAnswers, isFinishedAnswer } from "@heritage/auth-server";
import type { MiddlewareHandler } from "hono";
import { compress } from "hono/compress";
import { COMPRESSIBLE_CONTENT_TYPE_REGEX } from "hono/utils/compress";

const ACCEPTS_AN_ENCODING = /\b(?:gzip|deflate)\b/i;
const VARIES_ON_ENCODING = /(?:^|,)\s*(?:accept-encoding|\*)\s*(?:,|$)/i;

export function compressText(): MiddlewareHandler {
  const compressing = compress();
  return async (c, next) => {
    if (ACCEPTS_AN_ENCODING.test(c.req.header("accept-encoding") ?? "")) {
      return compressing(c, next);
    }
    // A JSON answer of the auth API is compressible: it carries the `Vary` when made.
    headersForApiAnswers(c).vary = "Accept-Encoding";
    await next();
    if (isFinishedAnswer(c)) return;
    const headers = c.res.headers;
    const type = headers.get("content-type");
    if (!type || !COMPRESSIBLE_CONTENT_TYPE_REGEX.test(type) || headers.has("content-encoding")) {
      return;
    }
    // Another client would have got it compressed: a shared cache must not hand it this one.
    const vary = headers.get("vary");
    if (!vary) headers.set("vary", "Accept-Encoding");
    else if (!VARIES_ON_ENCODING.test(vary)) headers.set("vary", `${vary}, Accept-Encoding`);
  };
}
