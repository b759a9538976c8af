/**
 * @module
 * Text answers (HTML, CSS, JS, JSON) compressed for clients that accept it.
 *
 * - **A JSON answer the auth API made finished** (finished-answers.ts) is compressed here, from
 *   the string it was made of, in one call to zlib, and goes out with its length. Under 1 KiB it
 *   goes out as it is. Every browser and Node's own `fetch` (so the official SDK) accept gzip;
 *   through Hono's `compress` each such answer became a Fetch Response piped through a
 *   `CompressionStream` and sent in chunks, and `GET /users/me` answered 3,100 requests a second
 *   instead of 18,000 (decision 050).
 * - **Any other text answer that says its length**, from 1 KiB to 64 KiB, is read whole and
 *   compressed the same way (`gzipWholeAnswer`).
 * - **Any other text answer** goes through Hono's `compress`.
 * - **A client that names neither gzip, deflate nor `*`** gets the answer as it is, without that
 *   middleware looking at it: Hono's version adds its `Vary` through `c.header`, which turns the
 *   Node adapter's lightweight answer into a full Fetch Response (a stream and its transfer
 *   machinery, about 15 µs of every such request, decision 030). The `Vary: Accept-Encoding` a
 *   cache needs is still added, on the answer's own headers.
 */
import { promisify } from "node:util";
import { gzip, gzipSync, type ZlibOptions } from "node:zlib";
import {
  type FinishedAnswerParts,
  finishedAnswerParts,
  headersForApiAnswers,
  isFinishedAnswer,
} from "@heritage/auth-server";
import type { Context, MiddlewareHandler } from "hono";
import { compress } from "hono/compress";
import { COMPRESSIBLE_CONTENT_TYPE_REGEX } from "hono/utils/compress";
import { codingWeights } from "../content-negotiation/accept-encoding";

/** Names gzip or deflate, or any coding (`*`): the answer may be compressed (weights aside). */
const ACCEPTS_AN_ENCODING = /\b(?:gzip|deflate)\b|\*/i;
const VARIES_ON_ENCODING = /(?:^|,)\s*(?:accept-encoding|\*)\s*(?:,|$)/i;
const NO_TRANSFORM = /(?:^|,)\s*no-transform\s*(?:,|$)/i;

/** Smaller answers go out as they are: Hono's own threshold, and the size of a few packets' headers. */
const MINIMUM_COMPRESSED_BYTES = 1024;
/**
 * Up to this size a finished answer is compressed on the main thread (about 50 µs for 32 KiB on
 * the bench machines); a larger one in zlib's thread pool, so one large answer does not hold up
 * every other request.
 */
const COMPRESSED_IN_PLACE_BYTES = 64 * 1024;
/**
 * Level 1, nginx's default for answers made per request: the API's JSON (ids, e-mail addresses,
 * field names repeated) came out under 1 % larger than at zlib's default level 6, in 48–80 % of
 * the time (decision 050).
 */
const GZIP_OPTIONS: ZlibOptions = { level: 1 };
/**
 * Answers that browsers and caches keep (the build's static files: `public`, `immutable`) are
 * fetched once and read many times: they get zlib's default level, as `CompressionStream` gave
 * them, so no visitor downloads more bytes than before.
 */
const GZIP_KEPT_OPTIONS: ZlibOptions = { level: 6 };
const KEPT_BY_CACHES = /(?:^|,)\s*(?:public|immutable)\s*(?:,|$)/i;
const gzipInThreadPool = promisify(gzip);

export function compressText(): MiddlewareHandler {
  const compressing = compress();
  return async (c, next) => {
    // A JSON answer of the auth API is compressible: it carries the `Vary` when made.
    headersForApiAnswers(c).vary = "Accept-Encoding";
    const acceptEncoding = c.req.header("accept-encoding");
    if (acceptEncoding !== undefined && ACCEPTS_AN_ENCODING.test(acceptEncoding)) {
      await next();
      const takesGzip = codingWeights(acceptEncoding).gzip > 0;
      const finished = finishedAnswerParts(c);
      if (finished) {
        if (takesGzip) await sendGzipped(c, finished);
        return;
      }
      if (takesGzip && (await gzipWholeAnswer(c))) return;
      // Hono's middleware does all its work after the handlers, which have answered by now.
      return compressing(c, handlersDone);
    }
    await next();
    if (isFinishedAnswer(c)) return;
    const headers = c.res.headers;
    const type = headers.get("content-type");
    if (!type || !COMPRESSIBLE_CONTENT_TYPE_REGEX.test(type) || headers.has("content-encoding")) {
      return;
    }
    // Another client would have got it compressed: a shared cache must not hand it this one.
    headers.set("vary", varyingOnEncoding(headers.get("vary")));
  };
}

/** A `Vary` value that names `Accept-Encoding`, keeping what it named before. */
function varyingOnEncoding(vary: string | null): string {
  if (!vary) return "Accept-Encoding";
  return VARIES_ON_ENCODING.test(vary) ? vary : `${vary}, Accept-Encoding`;
}

/** The compressed bytes differ from the plain ones: a strong ETag becomes weak. */
function weakened(etag: string): string {
  return etag.startsWith("W/") ? etag : `W/${etag}`;
}

const handlersDone = async () => {};

/**
 * The finished answer again, its body gzipped and its other headers as they were (a strong ETag
 * becomes weak: the bytes differ from the plain answer's). Left as it is when it has no body worth
 * compressing or asks not to be transformed. (A finished answer always has a body: it is made
 * from a string.)
 */
async function sendGzipped(c: Context, answer: FinishedAnswerParts): Promise<void> {
  // A HEAD answer's body is dropped: it keeps the headers of the plain answer.
  if (c.req.method === "HEAD") return;
  const { headers } = answer;
  if (headers["content-encoding"] || NO_TRANSFORM.test(headers["cache-control"] ?? "")) return;
  if (isUnderMinimum(answer.body)) return;
  const plain = Buffer.from(answer.body);
  const gzipped =
    plain.length <= COMPRESSED_IN_PLACE_BYTES
      ? gzipSync(plain, GZIP_OPTIONS)
      : await gzipInThreadPool(plain, GZIP_OPTIONS);
  const compressedHeaders: Record<string, string> = { ...headers, "content-encoding": "gzip" };
  if (headers.etag) compressedHeaders.etag = weakened(headers.etag);
  // Assigning through undefined first stops Hono from copying the old answer's headers onto the
  // new one, which would also rebuild it around a stream. As it is, the Node adapter writes the
  // byte body with its length, in one write.
  c.res = undefined;
  c.res = new Response(gzipped, { status: answer.status, headers: compressedHeaders });
}

/**
 * Any other text answer that says its length, from 1 KiB to 64 KiB (the content API's lists,
 * static files): read whole and gzipped in one zlib call, as a finished answer is. Through Hono's
 * `compress` such an answer was piped through a `CompressionStream` and sent in chunks: the
 * content API's public project list (17 KB) answered 1,545 requests a second with gzip against
 * 2,594 without. False, and nothing changed, for any other answer (a stream of unknown length,
 * a larger one), which Hono's `compress` then handles.
 */
async function gzipWholeAnswer(c: Context): Promise<boolean> {
  if (c.req.method === "HEAD") return false;
  const answer = c.res;
  // Partial content would change meaning; 204 and 304 have no body.
  if (answer.status === 206 || answer.status === 204 || answer.status === 304) return false;
  const headers = answer.headers;
  const length = Number(headers.get("content-length") ?? Number.NaN);
  if (!(length >= MINIMUM_COMPRESSED_BYTES && length <= COMPRESSED_IN_PLACE_BYTES)) return false;
  const type = headers.get("content-type");
  if (
    !type ||
    !COMPRESSIBLE_CONTENT_TYPE_REGEX.test(type) ||
    headers.has("content-encoding") ||
    headers.has("transfer-encoding") ||
    NO_TRANSFORM.test(headers.get("cache-control") ?? "")
  ) {
    return false;
  }
  const kept = KEPT_BY_CACHES.test(headers.get("cache-control") ?? "");
  const gzipped = gzipSync(
    new Uint8Array(await answer.arrayBuffer()),
    kept ? GZIP_KEPT_OPTIONS : GZIP_OPTIONS,
  );
  const compressedHeaders = new Headers(headers);
  compressedHeaders.set("content-encoding", "gzip");
  compressedHeaders.set("content-length", String(gzipped.length));
  compressedHeaders.set("vary", varyingOnEncoding(headers.get("vary")));
  const etag = headers.get("etag");
  if (etag) compressedHeaders.set("etag", weakened(etag));
  c.res = undefined;
  c.res = new Response(gzipped, { status: answer.status, headers: compressedHeaders });
  return true;
}

/**
 * Whether a body is under `MINIMUM_COMPRESSED_BYTES` in UTF-8. A UTF-16 code unit is 1 to 3 bytes
 * there, so only a length in between is counted, and a large body is encoded once, not twice.
 */
function isUnderMinimum(body: string): boolean {
  if (body.length >= MINIMUM_COMPRESSED_BYTES) return false;
  if (body.length * 3 < MINIMUM_COMPRESSED_BYTES) return true;
  return Buffer.byteLength(body) < MINIMUM_COMPRESSED_BYTES;
}
