/**
 * @module
 * The Svix-compatible API's own listener (SVIX_API_PORT, bound to HOST): the auth platform's
 * `svixApi` app and nothing else, so Svix's `/api/v1/app/…` paths never meet the public port's
 * `/api/v1` (the auth API). It stops before the database closes (server.ts).
 */
import { createServer, type Server } from "node:http";
import { getRequestListener } from "@hono/node-server";
import { listenOnPort } from "../listen-on-port";

export interface SvixApiServer {
  server: Server;
  port: number;
  /** Stops taking connections, lets requests in flight finish (closing them after `forceAfterMs`). */
  close(forceAfterMs: number): Promise<void>;
}

/** The auth platform's `svixApi` (a Hono app): anything with a Fetch handler. */
export interface FetchHandler {
  fetch(request: Request): Response | Promise<Response>;
}

export async function startSvixApiServer(
  svixApi: FetchHandler,
  options: { host: string; port: number },
): Promise<SvixApiServer> {
  const server = createServer(getRequestListener((request) => svixApi.fetch(request)));
  const port = await listenOnPort(server, options);
  return {
    server,
    port,
    close: async (forceAfterMs) => {
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeIdleConnections();
      const forceTimer = setTimeout(() => server.closeAllConnections(), forceAfterMs);
      await closed;
      clearTimeout(forceTimer);
    },
  };
}
