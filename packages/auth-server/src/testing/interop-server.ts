/**
 * Serves the test auth API on a loopback port (like apps/server, mounted at `/api/v1`) for the SDK
 * interop tests, and records which requests arrived.
 * @module
 */
import type { AddressInfo } from "node:net";
import { serve } from "@hono/node-server";
import { Hono } from "hono";
import {
  type CreateTestAuthApiOptions,
  createTestAuthApi,
  type TestAuthApi,
} from "./test-auth-api";

export interface InteropServer {
  t: TestAuthApi;
  /** `http://127.0.0.1:{port}`: the SDK's `baseUrl`. */
  baseUrl: string;
  countRequests(method: string, path: string): number;
  close(): Promise<void>;
}

export async function startInteropServer(
  options: CreateTestAuthApiOptions = {},
): Promise<InteropServer> {
  const t = await createTestAuthApi(options);
  const requests: string[] = [];
  const root = new Hono();
  root.use("*", async (c, next) => {
    requests.push(`${c.req.method} ${c.req.path}`);
    await next();
  });
  root.route("/", t.app);
  const server = await new Promise<ReturnType<typeof serve>>((resolve) => {
    const started = serve({ fetch: root.fetch, hostname: "127.0.0.1", port: 0 }, () =>
      resolve(started),
    );
  });
  const { port } = server.address() as AddressInfo;
  return {
    t,
    baseUrl: `http://127.0.0.1:${port}`,
    countRequests: (method, path) =>
      requests.filter((request) => request === `${method} ${path}`).length,
    async close() {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await t.close();
    },
  };
}
