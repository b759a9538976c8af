/**
 * @module
 * An answer sent before the request's body has arrived in full (a 413 from a body limit, a 401 that
 * never reads the upload) ends the connection with `Connection: close` (issue 14, defect 8).
 *
 * Node keeps such a connection alive, and @hono/node-server then reads the rest of the body for at
 * most 500 ms before destroying the socket; a client still sending (or reusing the connection, as
 * the answer said it could) saw its next request fail. Saying `close` tells every client to open a
 * new connection, and Node closes this one once the answer is out. Wraps the Node listener, so it
 * covers every body limit in the process (auth API, content API, functions, web forms) and Vite's
 * development middleware alike.
 */
import type { IncomingMessage, ServerResponse } from "node:http";

type NodeListener = (request: IncomingMessage, response: ServerResponse) => void;

/** Whether the request announced a body (a length above zero, or chunks). */
function hasBody(request: IncomingMessage): boolean {
  if (request.headers["transfer-encoding"] !== undefined) return true;
  const length = Number(request.headers["content-length"] ?? 0);
  return Number.isFinite(length) && length > 0;
}

/**
 * Adds `Connection: close` to the answer when, as its head is written, the parser has not yet seen
 * the whole body (`complete`, whether or not the app read it). It wraps this answer's `writeHead`,
 * which Node's implicit head (a `write` or `end` without one) calls too, and passes the call on
 * untouched when the body is complete: the headers given to `writeHead` keep Node's fast path.
 * (on-headers, used before, turned every such call's headers into `setHeader` calls: writing a
 * token refresh's head took 3.5 % of the main thread with it, 2.4 % without, profiles of
 * 2026-11-30.)
 */
function closeIfUnreadWhenAnswered(request: IncomingMessage, response: ServerResponse): void {
  const writeHead = response.writeHead;
  response.writeHead = function (this: ServerResponse, ...args: unknown[]) {
    if (!request.complete && !this.headersSent) this.setHeader("Connection", "close");
    return writeHead.apply(this, args as Parameters<typeof writeHead>);
  } as ServerResponse["writeHead"];
}

export function closeConnectionOnUnreadBody(listener: NodeListener): NodeListener {
  return (request, response) => {
    if (hasBody(request)) closeIfUnreadWhenAnswered(request, response);
    listener(request, response);
  };
}
