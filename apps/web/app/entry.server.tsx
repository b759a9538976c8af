import { isbot } from "isbot";
// The web-streams build, not react-dom/server's Node build: that one renders inside an
// AsyncLocalStorage, and on Node 20 the first `run` switches on async hooks for the whole process
// for good, so every promise and tick of every later request (the auth API's too) pays for them:
// +30 % CPU per `GET /api/v1` once one page was rendered (decision 041).
import { renderToReadableStream } from "react-dom/server.edge";
import type { AppLoadContext, EntryContext, HandleErrorFunction } from "react-router";
import { isRouteErrorResponse, ServerRouter } from "react-router";
import { matchesIfNoneMatch } from "./lib/http-cache.server";
import { describeError, describeStack, logServerEvent } from "./lib/log.server";
import { NonceProvider } from "./lib/nonce";

export const streamTimeout = 5_000;

/**
 * Unexpected errors of loaders, actions and rendering. React Router's default prints the whole
 * error, and a failed query's error holds its parameters (a visitor's message, an address): one
 * JSON line without them instead (issue 14).
 */
export const handleError: HandleErrorFunction = (error, { request }) => {
  if (request.signal.aborted) return;
  // A 4xx React Router answered itself (a POST to a page without an action): the client's mistake.
  if (isRouteErrorResponse(error) && error.status < 500) return;
  // React Router's own check refused a form posted from another site (400): a forger or a
  // confused proxy, not a fault of ours. One warning, no stack (issue 28).
  const refusedOrigin = crossSiteOrigin(request);
  if (refusedOrigin !== null) {
    logServerEvent("warn", "refused a form posted from another site", {
      origin: refusedOrigin,
      path: new URL(request.url).pathname,
    });
    return;
  }
  // A 500 response made from a thrown error keeps that error (unwrapped as the default does).
  const cause = isRouteErrorResponse(error)
    ? ((error as { error?: unknown }).error ?? error)
    : error;
  logServerEvent("error", "unexpected error in a loader, action or render", {
    error: describeError(cause),
    stack: describeStack(cause),
  });
};

/**
 * The `Origin` of a form post that React Router refuses as cross-site (its CSRF check: an
 * `Origin` that is not the request's own, "null" included), or null when the request is not one.
 */
export function crossSiteOrigin(request: Request): string | null {
  if (request.method === "GET" || request.method === "HEAD") return null;
  const origin = request.headers.get("origin");
  if (origin === null) return null;
  try {
    return new URL(origin).origin === new URL(request.url).origin ? null : origin;
  } catch {
    // "null" (a sandboxed or privacy-sensitive context) and anything that is not a URL.
    return origin;
  }
}

export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: AppLoadContext,
) {
  const nonce = loadContext.cspNonce;
  if (request.method === "GET" || request.method === "HEAD") {
    // Public pages carry an ETag from the content version (routes/site/layout.tsx): answer an
    // unchanged page with 304 before rendering it. Browsers too: the server leaves the CSP off a
    // 304, so the cached page keeps the policy (and nonce) it was stored with. A browser updates
    // the page it keeps with the 304's headers, so the page's own opener policy goes along, or
    // the server's would replace it (decision 026).
    const etag = responseHeaders.get("ETag");
    if (responseStatusCode === 200 && matchesIfNoneMatch(request, etag)) {
      const headers = new Headers({ ETag: etag ?? "" });
      for (const name of ["Cache-Control", "Cross-Origin-Opener-Policy"]) {
        const value = responseHeaders.get(name);
        if (value) headers.set(name, value);
      }
      return new Response(null, { status: 304, headers });
    }
  } else {
    // The answer to a form is never stored.
    responseHeaders.set("Cache-Control", "no-store");
    responseHeaders.delete("ETag");
  }
  const userAgent = request.headers.get("user-agent");
  // Crawlers and SPA-mode builds get the whole document at once; browsers get it streamed.
  const waitForAll = (userAgent !== null && isbot(userAgent)) || routerContext.isSpaMode;
  const timeout = new AbortController();
  const timer = setTimeout(() => timeout.abort(), streamTimeout + 1000);
  const stopTimer = () => clearTimeout(timer);
  let shellRendered = false;
  // An error in the shell rejects: React Router answers it as a 500 with the error boundary.
  const body = await renderToReadableStream(
    <NonceProvider value={nonce}>
      <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
    </NonceProvider>,
    {
      nonce,
      signal: timeout.signal,
      onError(error: unknown) {
        // Errors after the shell are reported by the error boundary; log the rest.
        if (shellRendered) process.stderr.write(`SSR error: ${String(error)}\n`);
        responseStatusCode = 500;
      },
    },
  ).catch((error: unknown) => {
    stopTimer();
    throw error;
  });
  shellRendered = true;
  body.allReady.then(stopTimer, stopTimer);
  if (waitForAll) await body.allReady;
  responseHeaders.set("Content-Type", "text/html; charset=utf-8");
  return new Response(body, { headers: responseHeaders, status: responseStatusCode });
}
