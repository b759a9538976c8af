/**
 * @module
 * How the site's server code calls its own auth platform: in process, as a `fetch` function that
 * hands the request straight to the process's own HTTP app. Nothing about where the call goes is
 * taken from the incoming request (its `Host`, `Origin` or `X-Forwarded-*` headers): a forged
 * `Host` once made the server send the site project's secret key to an address the attacker chose.
 * The call never leaves the process, so it cannot be aimed anywhere else.
 */

/** A `fetch` as the auth client library takes it (`AppOptions.fetch`). */
export type AuthApiFetch = (input: string, init: RequestInit) => Promise<Response>;

export interface InProcessAuthApiOptions {
  /** The configured public origin (`PUBLIC_URL`): the URL the auth API sees on these calls. */
  publicUrl: string;
  /** The process's own request handler (the Hono app's `fetch`). */
  dispatch: (request: Request) => Response | Promise<Response>;
  /** Bound on one call; the caller gets an error when it passes. */
  timeoutMs?: number;
}

/** The auth platform's REST API prefixes the client library may call. */
const AUTH_API_PREFIXES = ["/api/v1/", "/api/latest/"];
const DEFAULT_TIMEOUT_MS = 10_000;

export class AuthApiCallRefusedError extends Error {}

export class AuthApiTimeoutError extends Error {}

export function createInProcessAuthApiFetch(options: InProcessAuthApiOptions): AuthApiFetch {
  const origin = new URL(options.publicUrl).origin;
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  return async (input, init) => {
    // Only the path and query of the caller's URL are kept; the origin is always our own.
    const asked = new URL(input, origin);
    if (!AUTH_API_PREFIXES.some((prefix) => asked.pathname.startsWith(prefix))) {
      throw new AuthApiCallRefusedError(`Not an auth API path: ${asked.pathname}`);
    }
    const request = new Request(`${origin}${asked.pathname}${asked.search}`, init);
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_resolve, reject) => {
      timer = setTimeout(
        () => reject(new AuthApiTimeoutError(`The auth API did not answer within ${timeoutMs} ms`)),
        timeoutMs,
      );
    });
    try {
      return await Promise.race([Promise.resolve(options.dispatch(request)), timeout]);
    } finally {
      clearTimeout(timer);
    }
  };
}
