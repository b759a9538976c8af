/**
 * The auth API's body limit under Node's server (decision 042): the body is read from Node's
 * stream into Hono's body cache, where the auth API's parser finds it, bytes and characters intact
 * however the chunks fall; past the limit the answer is 413 with CORS. A Fetch Request made in
 * process keeps Hono's own limit.
 */

import { request } from "node:http";
import type { AddressInfo } from "node:net";
import { serve } from "@hono/node-server";
import { Hono } from "hono";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AUTH_API_BODY_LIMIT_BYTES, authApiBodyLimit } from "./body-limits";

const app = new Hono();
app.use("/api/*", authApiBodyLimit());
app.all("/api/*", async (c) => {
  // What the body limit left in Hono's cache before anyone read the body.
  const cached = Object.keys(c.req.bodyCache);
  const text = await c.req.text();
  return c.json({ cached, text });
});

let server: ReturnType<typeof serve>;
let port: number;
beforeAll(async () => {
  server = serve({ fetch: app.fetch, hostname: "127.0.0.1", port: 0 });
  await new Promise<void>((resolve) => server.once("listening", () => resolve()));
  port = (server.address() as AddressInfo).port;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

/** Posts `chunks` over a connection of its own: with a Content-Length, or chunked without one. */
function post(
  path: string,
  chunks: Buffer[],
  options: { chunked?: boolean } = {},
): Promise<{ status: number; cors: string | undefined; body: string }> {
  return new Promise((resolve, reject) => {
    const length = chunks.reduce((sum, chunk) => sum + chunk.length, 0);
    const outgoing = request(
      {
        host: "127.0.0.1",
        port,
        method: "POST",
        path,
        headers: {
          "content-type": "application/json",
          connection: "close",
          ...(options.chunked ? {} : { "content-length": String(length) }),
        },
      },
      (res) => {
        let body = "";
        res.setEncoding("utf8");
        res.on("data", (chunk: string) => {
          body += chunk;
        });
        res.on("end", () =>
          resolve({
            status: res.statusCode ?? 0,
            cors: res.headers["access-control-allow-origin"] as string | undefined,
            body,
          }),
        );
      },
    );
    outgoing.on("socket", (socket) => socket.on("error", () => {}));
    outgoing.on("error", reject);
    for (const chunk of chunks) outgoing.write(chunk);
    outgoing.end();
  });
}

describe("authApiBodyLimit under Node's server", () => {
  it("reads the body from Node's stream into Hono's cache, characters intact across chunks", async () => {
    const json = Buffer.from(JSON.stringify({ name: "Čaršija ćevapi 🎻" }));
    // Cut inside a multi-byte character (the "🎻"'s four bytes begin near the end).
    const cut = json.length - 5;
    for (const chunked of [false, true]) {
      const answer = await post(
        "/api/v1/auth/password/sign-in",
        [json.subarray(0, cut), json.subarray(cut)],
        { chunked },
      );
      expect(answer.status).toBe(200);
      expect(JSON.parse(answer.body)).toEqual({
        cached: ["arrayBuffer"],
        text: json.toString("utf8"),
      });
    }
  });

  it("answers 413 with CORS past the limit, announced or counted as chunks arrive", async () => {
    const declared = await post("/api/v1/auth/password/sign-in", [
      Buffer.alloc(AUTH_API_BODY_LIMIT_BYTES + 1, 0x20),
    ]);
    expect({ status: declared.status, cors: declared.cors }).toEqual({ status: 413, cors: "*" });
    const chunk = Buffer.alloc(64 * 1024, 0x20);
    const counted = await post(
      "/api/v1/auth/password/sign-in",
      Array.from({ length: AUTH_API_BODY_LIMIT_BYTES / chunk.length + 1 }, () => chunk),
      { chunked: true },
    );
    expect({ status: counted.status, cors: counted.cors }).toEqual({ status: 413, cors: "*" });
    // Exactly at the limit is still taken.
    const atLimit = await post("/api/v1/auth/password/sign-in", [
      Buffer.alloc(AUTH_API_BODY_LIMIT_BYTES, 0x20),
    ]);
    expect(atLimit.status).toBe(200);
  });

  it("keeps Hono's limit for a Fetch Request made in process", async () => {
    const answer = await app.request("/api/v1/auth/password/sign-in", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: '{"a":1}',
    });
    expect(await answer.json()).toEqual({ cached: [], text: '{"a":1}' });
    const tooLarge = await app.request("/api/v1/auth/password/sign-in", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: "x".repeat(AUTH_API_BODY_LIMIT_BYTES + 1),
    });
    expect(tooLarge.status).toBe(413);
  });
});
