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

/**
 * The auth API's limit for the request's route: 10 MiB for a data vault value, 5 MiB where a
 * picture may come, else 1 MiB.
 */
export function authApiBodyLimit(): MiddlewareHandler {
  const vaultValues = bodyLimit({
    maxSize: DATA_VAULT_VALUE_BODY_LIMIT_BYTES,
    onError: apiTooLarge,
  });
  const pictures = bodyLimit({ maxSize: PROFILE_IMAGE_BODY_LIMIT_BYTES, onError: apiTooLarge });
  const others = bodyLimit({ maxSize: AUTH_API_BODY_LIMIT_BYTES, onError: apiTooLarge });
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
