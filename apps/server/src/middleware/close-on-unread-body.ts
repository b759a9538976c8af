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
import onHeaders from "on-headers";

type NodeListener = (request: IncomingMessage, response: ServerResponse) => void;

/** Whether the request announced a body (a length above zero, or chunks). */
function hasBody(request: IncomingMessage): boolean {
  if (request.headers["transfer-encoding"] !== undefined) return true;
  const length = Number(request.headers["content-length"] ?? 0);
  return Number.isFinite(length) && length > 0;
}

export function closeConnectionOnUnreadBody(listener: NodeListener): NodeListener {
  return (request, response) => {
    if (hasBody(request)) {
      onHeaders(response, () => {
        // `complete`: the parser has seen the whole body (whether or not the app read it).
        if (!request.complete) response.setHeader("Connection", "close");
      });
    }
    listener(request, response);
  };
}
