/**
 * @module
 * Request body limits of the auth API and the web app's forms (issue 14, defect 7). The content
 * API and the functions set their own (content-api.ts, functions-api.ts).
 *
 * The auth API takes profile images (users, teams, team member profiles) and project logos as
 * data URLs, so those routes accept up to 8 MiB; every other auth route needs far less, and a
 * smaller limit there keeps one client from making the server parse megabytes per request.
 */
import type { Context, MiddlewareHandler } from "hono";
import { bodyLimit } from "hono/body-limit";

/** Auth routes that take a picture as a data URL. */
export const PROFILE_IMAGE_BODY_LIMIT_BYTES = 8 * 1024 * 1024;
/** Every other auth route. */
export const AUTH_API_BODY_LIMIT_BYTES = 1024 * 1024;
/** The site's own forms (contact, sign-in, admin user forms) post a few kilobytes at most. */
export const WEB_FORM_BODY_LIMIT_BYTES = 256 * 1024;

const pictureRoutes =
  /^\/api\/(?:v1|latest)\/(?:users|teams|team-member-profiles|internal\/projects)(?:\/|$)/;

const tooLarge = (c: Context) => c.text("Request body too large", 413);

/** As the auth API answers every error: with CORS, so a browser client can read the status. */
const apiTooLarge = (c: Context) => {
  c.header("access-control-allow-origin", "*");
  return tooLarge(c);
};

/** The auth API's limit for the request's route: 8 MiB where a picture may come, else 1 MiB. */
export function authApiBodyLimit(): MiddlewareHandler {
  const pictures = bodyLimit({ maxSize: PROFILE_IMAGE_BODY_LIMIT_BYTES, onError: apiTooLarge });
  const others = bodyLimit({ maxSize: AUTH_API_BODY_LIMIT_BYTES, onError: apiTooLarge });
  return (c, next) => (pictureRoutes.test(c.req.path) ? pictures : others)(c, next);
}

/** The limit of a form posted to a page. */
export function webFormBodyLimit(): MiddlewareHandler {
  return bodyLimit({ maxSize: WEB_FORM_BODY_LIMIT_BYTES, onError: tooLarge });
}
