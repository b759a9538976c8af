/**
 * Body limits over a real connection (issue 14, defects 7 and 8): the server as `npm start` runs it
 * (startServer: Node's HTTP server, the whole app, a stand-in web handler), a client with a
 * keep-alive agent. Every body limit answers 413 with `Connection: close`, and the client's next
 * request, on a new connection, succeeds.
 * @see issue 14
 */

import { mkdtemp, rm } from "node:fs/promises";
import { Agent, type IncomingHttpHeaders, request } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createTestDatabase } from "@heritage/db/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type RunningServer, startServer } from "../server";
import {
  AUTH_API_BODY_LIMIT_BYTES,
  DATA_VAULT_VALUE_BODY_LIMIT_BYTES,
  PROFILE_IMAGE_BODY_LIMIT_BYTES,
  WEB_FORM_BODY_LIMIT_BYTES,
} from "./body-limits";

let server: RunningServer;
let dataDir: string;
let port: number;

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), "heritage-body-limits-"));
  server = await startServer({
    env: {
      HOST: "127.0.0.1",
      PORT: "0",
      DATA_DIR: dataDir,
      LOG_LEVEL: "silent",
      SECRETS_KEY: "body-limit-test-secrets-key-0123456789",
    },
    database: await createTestDatabase(),
    // Like the site's form actions, the stand-in reads a posted body before it answers.
    loadWeb: async () => ({
      handler: async (incoming) => {
        const length = incoming.body ? (await incoming.arrayBuffer()).byteLength : 0;
        return new Response(`page ${incoming.method}, ${length} bytes`, {
          headers: { "content-type": "text/plain; charset=utf-8" },
        });
      },
    }),
  });
  port = Number(new URL(server.url).port);
}, 180_000);
afterAll(async () => {
  await server?.stop();
  await rm(dataDir, { recursive: true, force: true });
});

type Answer = { status: number; headers: IncomingHttpHeaders; body: string; reused: boolean };

/**
 * One request over `agent`. The body is sent with a Content-Length, or in chunks without one; a
 * write error after the answer arrived (the server closed while the rest was still being sent) is
 * expected and ignored.
 */
function send(
  agent: Agent,
  method: string,
  path: string,
  body?: { bytes: number; chunked?: boolean; contentType?: string },
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    let answered = false;
    const headers: Record<string, string> = {};
    if (body) {
      headers["content-type"] = body.contentType ?? "application/json";
      if (!body.chunked) headers["content-length"] = String(body.bytes);
    }
    const outgoing = request({ host: "127.0.0.1", port, method, path, agent, headers }, (res) => {
      answered = true;
      let text = "";
      res.setEncoding("utf8");
      res.on("data", (chunk: string) => {
        text += chunk;
      });
      res.on("end", () =>
        resolve({
          status: res.statusCode ?? 0,
          headers: res.headers,
          body: text,
          reused: outgoing.reusedSocket,
        }),
      );
      res.on("error", reject);
    });
    outgoing.on("socket", (socket) => socket.on("error", () => {}));
    outgoing.on("error", (error) => {
      if (!answered) reject(error);
    });
    outgoing.setTimeout(60_000, () => outgoing.destroy(new Error("request timed out")));
    if (!body) {
      outgoing.end();
    } else if (body.chunked) {
      // 64 KiB chunks, so the server sees the body grow past its limit as it streams in.
      const chunk = Buffer.alloc(64 * 1024, 0x20);
      for (let sent = 0; sent < body.bytes; sent += chunk.length) {
        outgoing.write(chunk.subarray(0, Math.min(chunk.length, body.bytes - sent)));
      }
      outgoing.end();
    } else {
      outgoing.end(Buffer.alloc(body.bytes, 0x20));
    }
  });
}

describe("body limits over a keep-alive connection", () => {
  it.each([
    ["an auth route without pictures", "/api/v1/auth/password/sign-in", AUTH_API_BODY_LIMIT_BYTES],
    ["a picture route of the auth API", "/api/v1/users/me", PROFILE_IMAGE_BODY_LIMIT_BYTES],
    [
      "a data vault store's set",
      "/api/v1/data-vault/stores/secrets/set",
      DATA_VAULT_VALUE_BODY_LIMIT_BYTES,
    ],
    [
      "a data vault store's get",
      "/api/v1/data-vault/stores/secrets/get",
      AUTH_API_BODY_LIMIT_BYTES,
    ],
    ["the content API", "/functions/api-contact_submissions", 1024 * 1024],
    ["send-contact-email", "/functions/send-contact-email", 64 * 1024],
    ["upload-image", "/functions/upload-image", 8 * 1024 * 1024],
    ["a page's form", "/contact", WEB_FORM_BODY_LIMIT_BYTES],
  ])(
    "%s: 413 with Connection: close, then the next request succeeds",
    async (_route, path, limit) => {
      const agent = new Agent({ keepAlive: true, maxSockets: 1 });
      try {
        const refused = await send(agent, "POST", path, { bytes: limit + 1 });
        expect({ status: refused.status, connection: refused.headers.connection }).toEqual({
          status: 413,
          connection: "close",
        });
        const next = await send(agent, "GET", "/healthz");
        expect(next.status).toBe(200);
        expect(next.reused).toBe(false);
      } finally {
        agent.destroy();
      }
    },
  );

  it("answers the auth API's 413 with CORS, as its other errors", async () => {
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    try {
      const refused = await send(agent, "POST", "/api/latest/auth/password/sign-in", {
        bytes: AUTH_API_BODY_LIMIT_BYTES + 1,
      });
      expect(refused.status).toBe(413);
      expect(refused.headers["access-control-allow-origin"]).toBe("*");
    } finally {
      agent.destroy();
    }
  });

  it("refuses a chunked body once it passes the limit, and closes the connection", async () => {
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    try {
      const refused = await send(agent, "POST", "/api/v1/auth/password/sign-in", {
        bytes: 2 * AUTH_API_BODY_LIMIT_BYTES,
        chunked: true,
      });
      expect({ status: refused.status, connection: refused.headers.connection }).toEqual({
        status: 413,
        connection: "close",
      });
      expect((await send(agent, "GET", "/healthz")).status).toBe(200);
    } finally {
      agent.destroy();
    }
  });

  it("lets a picture route take more than the other auth routes", async () => {
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    try {
      // Not signed in: refused, but only after the whole body was read (no 413).
      const picture = await send(agent, "PATCH", "/api/v1/users/me", {
        bytes: AUTH_API_BODY_LIMIT_BYTES + 1,
      });
      expect(picture.status).not.toBe(413);
      expect(picture.status).toBeLessThan(500);
    } finally {
      agent.destroy();
    }
  });

  it("lets a data vault store take a value larger than the other auth routes' bodies", async () => {
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    try {
      // A 1 MiB value, encrypted and base64-encoded by the SDK (Stack's 'should handle large
      // values'); without keys: refused, but only after the whole body was read (no 413).
      for (const prefix of ["/api/v1", "/api/latest"]) {
        const value = await send(agent, "POST", `${prefix}/data-vault/stores/secrets/set`, {
          bytes: 2 * AUTH_API_BODY_LIMIT_BYTES,
        });
        expect(value.status).not.toBe(413);
        expect(value.status).toBeLessThan(500);
      }
    } finally {
      agent.destroy();
    }
  });

  it("keeps the connection of an answer that read the whole body", async () => {
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    try {
      const first = await send(agent, "POST", "/contact", {
        bytes: 1024,
        contentType: "application/x-www-form-urlencoded",
      });
      expect({ status: first.status, body: first.body }).toEqual({
        status: 200,
        body: "page POST, 1024 bytes",
      });
      expect(first.headers.connection).toBe("keep-alive");
      const second = await send(agent, "GET", "/healthz");
      expect(second.status).toBe(200);
      expect(second.reused).toBe(true);
    } finally {
      agent.destroy();
    }
  });
});
