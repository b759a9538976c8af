/**
 * @module
 * Whether the request comes from a signed-in visitor, as far as the public site needs to know
 * (the "Admin" link of the navigation, and never caching that page in shared caches).
 *
 * For now this is only a hint: it looks for the auth cookies the official Stack SDK writes
 * (`hexclave-access`, `hexclave-refresh-{projectId}--default` and their `__Host-` / legacy
 * `stack-` variants; auth-api-contract.md section 1.6) and does not verify any token. A forged
 * cookie shows a visitor an "Admin" link and nothing more: every admin read and write is
 * checked by the server. The admin area will replace the body with a verified check.
 */
import type { AppLoadContext } from "react-router";

const signedInCookiePatterns = [
  /^hexclave-access$/,
  /^(__Host-)?hexclave-refresh-.+$/,
  /^stack-access$/,
  /^(__Host-)?stack-refresh(-.+)?$/,
];

/** The names of the cookies a request carries (values are never read here). */
function cookieNames(request: Request): string[] {
  const header = request.headers.get("cookie");
  if (!header) return [];
  return header
    .split(";")
    .map((part) => part.split("=", 1)[0]?.trim() ?? "")
    .filter((name) => name !== "");
}

/**
 * True when the request carries a Stack SDK session cookie (unverified, see the module notes).
 * `context` is unused until the admin engineer verifies the token with the auth platform.
 */
export function isSignedIn(request: Request, _context?: AppLoadContext): boolean {
  return cookieNames(request).some((name) =>
    signedInCookiePatterns.some((pattern) => pattern.test(name)),
  );
}
