/**
 * @module
 * Where Prometheus scrapes: `GET /metrics` on the public port behind a bearer token
 * (METRICS_TOKEN), or on a listener of its own (METRICS_PORT, bound to HOST), never both on the
 * public port without a token.
 */
import { createHash, timingSafeEqual } from "node:crypto";
import { createServer, type Server } from "node:http";
import type { Context } from "hono";
import { listenOnPort } from "../listen-on-port";
import type { Metrics } from "./metrics";

export const METRICS_PATH = "/metrics";

const digest = (value: string) => createHash("sha256").update(value).digest();

/**
 * Whether an Authorization header carries `Bearer <token>`: compared in constant time (both sides
 * hashed first, so neither the token's length nor its first differing byte shows in the timing).
 */
export function hasBearerToken(authorization: string | null | undefined, token: string): boolean {
  const match = /^Bearer +(\S+) *$/i.exec(authorization ?? "");
  const given = match?.[1] ?? "";
  return timingSafeEqual(digest(given), digest(token)) && given.length > 0;
}

const unauthorized = () =>
  new Response("Unauthorized\n", {
    status: 401,
    headers: {
      "content-type": "text/plain; charset=utf-8",
      "www-authenticate": 'Bearer realm="metrics"',
      "cache-control": "no-store",
    },
  });

async function exposition(metrics: Metrics): Promise<Response> {
  const { body, contentType } = await metrics.render();
  return new Response(body, {
    headers: { "content-type": contentType, "cache-control": "no-store" },
  });
}

/** The public port's `/metrics` handler: the token, then the figures. */
export function metricsHandler(metrics: Metrics, token: string) {
  return (c: Context) =>
    hasBearerToken(c.req.header("authorization"), token) ? exposition(metrics) : unauthorized();
}

export interface MetricsServer {
  server: Server;
  port: number;
  close(): Promise<void>;
}

/**
 * The metrics port's own listener: `GET /metrics` (and HEAD), a token only when one is set;
 * everything else 404 (405 for other methods on /metrics).
 */
export async function startMetricsServer(
  metrics: Metrics,
  options: { host: string; port: number; token?: string | undefined },
): Promise<MetricsServer> {
  const server = createServer((request, response) => {
    const path = (request.url ?? "").split("?")[0];
    const send = async (answer: Response) => {
      response.writeHead(answer.status, Object.fromEntries(answer.headers));
      response.end(request.method === "HEAD" ? undefined : await answer.text());
    };
    if (path !== METRICS_PATH) {
      void send(new Response("Not found\n", { status: 404 }));
      return;
    }
    if (request.method !== "GET" && request.method !== "HEAD") {
      void send(new Response("Method not allowed\n", { status: 405, headers: { allow: "GET" } }));
      return;
    }
    if (
      options.token !== undefined &&
      !hasBearerToken(request.headers.authorization, options.token)
    ) {
      void send(unauthorized());
      return;
    }
    exposition(metrics).then(send, () => {
      response.writeHead(500, { "content-type": "text/plain" });
      response.end("Metrics unavailable\n");
    });
  });
  const port = await listenOnPort(server, options);
  return {
    server,
    port,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
