/**
 * @module
 * Request body limits of the auth API and the web app's forms (issue 14, defect 7). The content
 * API and the functions set their own (content-api.ts, functions-api.ts).
 *
 * The auth API takes profile images (users, teams, team member profiles) and project logos as
 * data URLs, so those routes accept up to 5 MiB (four logos of at most 1,000,000 characters each); a data vault store takes a client-encrypted value
 * of any size up to the reference's ceiling, 10 MiB; every other auth route needs far less, and a
 * smaller limit there keeps one client from making the server parse megabytes per request.
 */
import { IncomingMessage } from "node:http";
import type { Context, MiddlewareHandler } from "hono";
import { bodyLimit } from "hono/body-limit";

/** Auth routes that take a picture as a data URL. */
export const PROFILE_IMAGE_BODY_LIMIT_BYTES = 5 * 1024 * 1024;
/**
 * `POST /data-vault/stores/{id}/set`. The reference sets no limit of its own there, but its backend
 * runs behind a Next.js proxy, which buffers request bodies up to 10 MiB (the rest never reaches
 * the route). The value arrives encrypted and base64-encoded, a third larger than the plain value,
 * so 1 MiB values (Stack's suite stores one) need more than the 1 MiB of the other routes.
 */
export const DATA_VAULT_VALUE_BODY_LIMIT_BYTES = 10 * 1024 * 1024;
/** Every other auth route. */
export const AUTH_API_BODY_LIMIT_BYTES = 1024 * 1024;
/** The site's own forms (contact, sign-in, admin user forms) post a few kilobytes at most. */
export const WEB_FORM_BODY_LIMIT_BYTES = 256 * 1024;

const pictureRoutes =
  /^\/api\/(?:v1|latest)\/(?:users|teams|team-member-profiles|internal\/projects)(?:\/|$)/;

const dataVaultSetRoute = /^\/api\/(?:v1|latest)\/data-vault\/stores\/[^/]+\/set\/?$/;

const tooLarge = (c: Context) => c.text("Request body too large", 413);

/** As the auth API answers every error: with CORS, so a browser client can read the status. */
const apiTooLarge = (c: Context) => {
  c.header("access-control-allow-origin", "*");
  return tooLarge(c);
};

/**
 * Whether the request may bring a body. Over HTTP/1.1 a body is announced by Content-Length or
 * Transfer-Encoding (RFC 9112, section 6.1); a GET, HEAD, OPTIONS or DELETE without either has
 * none. Other methods are always checked: a Fetch Request made in process (tests, `app.request`)
 * carries its body without those headers.
 */
const usuallyBodiless = new Set(["GET", "HEAD", "OPTIONS", "DELETE"]);
function hasBody(c: Context): boolean {
  if (!usuallyBodiless.has(c.req.method)) return true;
  const length = c.req.header("content-length");
  return (
    (length !== undefined && length !== "0") || c.req.header("transfer-encoding") !== undefined
  );
}

/** Node's request under @hono/node-server; absent for a Fetch Request made in process. */
function nodeIncoming(c: Context): IncomingMessage | undefined {
  const incoming = (c.env as { incoming?: unknown } | undefined)?.incoming;
  return incoming instanceof IncomingMessage ? incoming : undefined;
}

/**
 * Node's request body, read straight from its stream: the bytes, or `undefined` once more than
 * `maxBytes` came (announced by Content-Length, or counted as chunks arrive). A body cut short
 * (the client went away) rejects.
 */
function readNodeBody(incoming: IncomingMessage, maxBytes: number): Promise<Buffer | undefined> {
  const declared = Number(incoming.headers["content-length"]);
  if (incoming.headers["transfer-encoding"] === undefined && declared > maxBytes) {
    return Promise.resolve(undefined);
  }
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const finish = (result: Buffer | undefined, error?: Error) => {
      incoming.off("data", onData);
      incoming.off("end", onEnd);
      incoming.off("error", onError);
      incoming.off("close", onClose);
      if (error) reject(error);
      else resolve(result);
    };
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > maxBytes) {
        // What is left is not read: the answer says Connection: close (close-on-unread-body.ts).
        incoming.pause();
        finish(undefined);
        return;
      }
      chunks.push(chunk);
    };
    const onEnd = () =>
      finish(chunks.length === 1 ? (chunks[0] as Buffer) : Buffer.concat(chunks, size));
    const onError = (error: Error) => finish(undefined, error);
    // Closed before its end: the client went away with the body half sent.
    const onClose = () => finish(undefined, new Error("The request's body was cut short"));
    incoming.on("data", onData);
    incoming.on("end", onEnd);
    incoming.on("error", onError);
    incoming.on("close", onClose);
  });
}

/**
 * The limit of one auth route. Under Node's server the body is read from Node's stream and kept in
 * Hono's body cache, where `c.req.arrayBuffer()`, `text()` and `json()` find it (the auth API's body
 * parser, its raw-body routes and the OpenID provider's route read it there): the Fetch Request
 * and the web streams that `c.req.raw.body` would make around Node's stream cost a refresh about a
 * tenth of its CPU (decision 042). For a Fetch Request made in process, Hono's limit reads it.
 */
function authRouteBodyLimit(maxBytes: number): MiddlewareHandler {
  const viaFetch = bodyLimit({ maxSize: maxBytes, onError: apiTooLarge });
  return async (c, next) => {
    const incoming = nodeIncoming(c);
    if (!incoming || incoming.readableDidRead) {
      return viaFetch(c, next);
    }
    const bytes = await readNodeBody(incoming, maxBytes);
    if (bytes === undefined) return apiTooLarge(c);
    const arrayBuffer = bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength);
    // Hono types its cache by the value each method resolves to; it keeps the promise.
    (c.req.bodyCache as Record<string, Promise<ArrayBuffer>>).arrayBuffer = Promise.resolve(
      arrayBuffer as ArrayBuffer,
    );
    await next();
  };
}

/**
 * The auth API's limit for the request's route: 10 MiB for a data vault value, 5 MiB where a
 * picture may come, else 1 MiB.
 */
export function authApiBodyLimit(): MiddlewareHandler {
  const vaultValues = authRouteBodyLimit(DATA_VAULT_VALUE_BODY_LIMIT_BYTES);
  const pictures = authRouteBodyLimit(PROFILE_IMAGE_BODY_LIMIT_BYTES);
  const others = authRouteBodyLimit(AUTH_API_BODY_LIMIT_BYTES);
  return (c, next) => {
    // A request without a body has nothing to limit; asking for its body would make Node's
    // request a full Fetch Request (an AbortSignal and a stream: 17 µs of every GET, decision 030).
    if (!hasBody(c)) return next();
    const path = c.req.path;
    if (dataVaultSetRoute.test(path)) return vaultValues(c, next);
    return (pictureRoutes.test(path) ? pictures : others)(c, next);
  };
}

/** The limit of a form posted to a page. */
export function webFormBodyLimit(): MiddlewareHandler {
  return bodyLimit({ maxSize: WEB_FORM_BODY_LIMIT_BYTES, onError: tooLarge });
}
