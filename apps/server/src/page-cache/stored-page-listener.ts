/**
 * @module
 * Stored pages straight from the Node listener (issue 16): a request the page cache can answer
 * from memory is answered here, before @hono/node-server turns it into a Fetch `Request` and
 * before Hono's middleware runs. Those cost a hit about three quarters of its CPU (decision 014);
 * what is left is Node's HTTP parser and `res.end()` of ready bytes.
 *
 * The answer is the one the app gives for the same request, byte for byte but for the request id
 * and the date (`stored-page-listener.test.ts` compares both): the stored headers, what the app's
 * middleware adds to every answer (`x-request-id`, the security headers, HSTS over HTTPS), in the
 * order @hono/node-server sends a `Headers` object (sorted by name), and the request log line.
 * The compress middleware adds nothing to a stored page's answer (it already has its encoding)
 * unless plain bytes go to a client that also accepts gzip or deflate: such requests, and anything
 * unusual (a query, a body, an odd path or Host), go to the app, whose page cache answers them
 * by the same rules.
 */
import { randomUUID } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import type { Logger } from "pino";
import { requestLineWriter } from "../logging/request-line";
import {
  isHttpsRequest,
  OPENER_POLICY,
  SECURITY_HEADERS,
  STRICT_TRANSPORT_SECURITY,
} from "../middleware/security-headers";
import type { PageCache, StoredAnswer } from "./page-cache";

type NodeListener = (request: IncomingMessage, response: ServerResponse) => void;

export interface StoredPageListenerOptions {
  pageCache: PageCache;
  /** The app's logger: a request answered here logs the line `requestLog` would. */
  logger: Logger;
  /** As the security headers middleware: trust `X-Forwarded-Proto` for HSTS. */
  trustProxy: boolean;
  /** Told of each answer given here (the metrics count it as Hono's middleware would). */
  onAnswered?: (method: string, status: number, durationSeconds: number) => void;
}

/**
 * A path the URL parser leaves as it is (no percent-escapes, dot segments or backslashes), so it
 * is the `pathname` the page cache keys by; no query string.
 */
const PLAIN_PATH = /^\/[A-Za-z0-9\-_~/]*$/;
/** A Host @hono/node-server takes as it is (its own check); others go to the app (it may 400). */
const PLAIN_HOST = /^[a-z0-9._-]+(?::(?:[1-5]\d{3,4}|[6-9]\d{3}))?$/;
/** The compress middleware's codings: it would compress plain bytes for a client naming one. */
const COMPRESSIBLE = /gzip|deflate|\*/i;
const REQUEST_ID = "x-request-id";

/** A header as one value (Node joins repeated ones, as `Headers.get` does), or null. */
function single(value: string | string[] | undefined): string | null {
  if (value === undefined) return null;
  return typeof value === "string" ? value : value.join(", ");
}

/**
 * The outgoing headers of a stored answer as Node's flat `[name, value, name, value, …]` list,
 * with a place for the request id: kept per stored header array (which never changes once
 * stored), one for HTTP and one for HTTPS. Each answer copies the list and fills in its id. A
 * flat list is what `writeHead` reads fastest: an object made per answer as `{ ...headers,
 * [id]: value }` went through V8's slow path for a computed key after a spread (profile of
 * 2026-12-01, decision 046).
 */
interface Prepared {
  headers: string[];
  /** Where in `headers` the request id's value goes. */
  requestIdAt: number;
}
function prepare(stored: StoredAnswer["headers"], https: boolean): Prepared {
  const all: [string, string][] = stored.map(([name, value]) => [name.toLowerCase(), value]);
  all.push(...SECURITY_HEADERS.map(([name, value]): [string, string] => [name, value]));
  // As the middleware: a page that brings its own opener policy keeps it (decision 026).
  if (!all.some(([name]) => name === OPENER_POLICY[0])) all.push([...OPENER_POLICY]);
  if (https) all.push([...STRICT_TRANSPORT_SECURITY]);
  all.push([REQUEST_ID, ""]);
  // @hono/node-server sends a Headers object, which iterates its names sorted.
  all.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  // One value per name, the last given, as the middleware's `headers.set` leaves it.
  const headers = [...new Map(all)].flat();
  const nameAt = headers.findIndex((item, index) => index % 2 === 0 && item === REQUEST_ID);
  return { headers, requestIdAt: nameAt + 1 };
}

export function serveStoredPagesFirst(
  listener: NodeListener,
  options: StoredPageListenerOptions,
): NodeListener {
  const { pageCache, logger, trustProxy, onAnswered } = options;
  const writeRequestLine = requestLineWriter(logger);
  const prepared = {
    http: new WeakMap<StoredAnswer["headers"], Prepared>(),
    https: new WeakMap<StoredAnswer["headers"], Prepared>(),
  };

  return (request, response) => {
    const { headers, url, method } = request;
    if (
      (method !== "GET" && method !== "HEAD") ||
      url === undefined ||
      !PLAIN_PATH.test(url) ||
      headers.host === undefined ||
      !PLAIN_HOST.test(headers.host) ||
      headers["content-length"] !== undefined ||
      headers["transfer-encoding"] !== undefined
    ) {
      return listener(request, response);
    }
    const acceptEncoding = single(headers["accept-encoding"]);
    const answer = pageCache.find({
      method,
      path: url,
      cookie: single(headers.cookie),
      authorization: single(headers.authorization),
      acceptEncoding,
      ifNoneMatch: single(headers["if-none-match"]),
    });
    if (answer === undefined) return listener(request, response);
    if (
      answer.status === 200 &&
      acceptEncoding !== null &&
      COMPRESSIBLE.test(acceptEncoding) &&
      !answer.headers.some(([name]) => name.toLowerCase() === "content-encoding")
    ) {
      // Plain bytes to a client that accepts gzip or deflate (e.g. `deflate` alone, or a
      // refused `br` and `gzip`): the app's compress middleware has its say.
      return listener(request, response);
    }

    const startedAt = performance.now();
    const https = isHttpsRequest(
      (request.socket as { encrypted?: boolean }).encrypted ? "https:" : "http:",
      single(headers["x-forwarded-proto"]) ?? undefined,
      trustProxy,
    );
    const byHeaders = https ? prepared.https : prepared.http;
    let ready = byHeaders.get(answer.headers);
    if (!ready) {
      ready = prepare(answer.headers, https);
      byHeaders.set(answer.headers, ready);
    }
    const id = randomUUID();
    const outgoing = ready.headers.slice();
    outgoing[ready.requestIdAt] = id;
    response.writeHead(answer.status, outgoing);
    response.end(answer.body ?? undefined);
    onAnswered?.(method, answer.status, (performance.now() - startedAt) / 1000);

    writeRequestLine({
      requestId: id,
      method,
      path: url,
      status: answer.status,
      durationMs: Math.round((performance.now() - startedAt) * 10) / 10,
    });
  };
}
