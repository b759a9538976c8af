/**
 * @module
 * Starts a side listener (metrics, the Svix-compatible API) on `host:port`, failing with the
 * listen error (a port in use) instead of an unhandled 'error' event, and answers the port it got
 * (`0` asks the system for a free one, as tests do).
 */
import type { Server } from "node:http";

export async function listenOnPort(
  server: Server,
  options: { host: string; port: number },
): Promise<number> {
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port, options.host, () => {
      server.off("error", reject);
      resolve();
    });
  });
  const address = server.address();
  return typeof address === "object" && address ? address.port : options.port;
}
