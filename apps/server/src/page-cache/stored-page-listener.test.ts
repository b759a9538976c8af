/**
 * The fast path answers a stored page exactly as the app would: the same requests, sent as raw
 * bytes to two servers over one app (one with the fast path in front, one without), get the same
 * bytes back but for the date and the request id, and the same request log line.
 */
import { once } from "node:events";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import { type AddressInfo, connect } from "node:net";
import { Writable } from "node:stream";
import { testSecretsKey } from "@heritage/auth-server/testing";
import type { DatabaseConnection } from "@heritage/db";
import { createTestDatabase } from "@heritage/db/testing";
import { getRequestListener } from "@hono/node-server";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../app";
import { loadConfig } from "../config/config";
import type { WebRequestHandler } from "../routes/web";
import { migrationSets } from "../server";
import { ensureSiteAuth } from "../site-auth/site-auth";
import { serveStoredPagesFirst } from "./stored-page-listener";

/**
 * A public page of a few KiB (over the compress middleware's threshold) with an app script. Under
 * /de/ it brings its own opener policy, as the site's public pages do (decision 026); elsewhere
 * it gets the app's.
 */
const page: WebRequestHandler = async (request, context) => {
  const { pathname } = new URL(request.url);
  return new Response(
    `<html><body><h1>${pathname}</h1>${"<p>Stories of the Balkans</p>".repeat(200)}<script nonce="${context.cspNonce}">start()</script></body></html>`,
    {
      headers: {
        "Content-Type": "text/html; charset=utf-8",
        "Cache-Control": "public, max-age=0, must-revalidate",
        ETag: '"v1"',
        Link: "</assets/entry.js>; rel=modulepreload",
        ...(pathname.startsWith("/de/") ? { "Cross-Origin-Opener-Policy": "unsafe-none" } : {}),
      },
    },
  );
};

type Listener = (request: IncomingMessage, response: ServerResponse) => void;

async function listen(listener: Listener): Promise<{ server: Server; port: number }> {
  const server = createServer(listener);
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  return { server, port: (server.address() as AddressInfo).port };
}

/** Sends `head` (request line and headers) and reads the whole answer (the server closes). */
async function exchange(port: number, head: string, body = ""): Promise<Buffer> {
  const socket = connect(port, "127.0.0.1");
  const chunks: Buffer[] = [];
  socket.on("data", (chunk: Buffer) => chunks.push(chunk));
  socket.write(`${head}\r\nConnection: close\r\n\r\n${body}`);
  await once(socket, "end");
  return Buffer.concat(chunks);
}

/** The answer's bytes with the date and the request id (made per answer) blanked. */
function comparable(answer: Buffer): string {
  return answer
    .toString("latin1")
    .replace(/\r\ndate: [^\r]*/i, "\r\ndate: -")
    .replace(/\r\nx-request-id: [0-9a-f-]{36}/, "\r\nx-request-id: -");
}

describe("stored pages from the Node listener", () => {
  let database: DatabaseConnection;
  let app: ReturnType<typeof createApp>;
  const logLines: Record<string, unknown>[] = [];
  let viaApp: { server: Server; port: number };
  let fast: { server: Server; port: number };
  /** Requests the fast server passed on to the app. */
  let passedOn = 0;

  beforeAll(async () => {
    database = await createTestDatabase();
    const logger = pino(
      { level: "info" },
      new Writable({
        write(chunk, _encoding, done) {
          logLines.push(JSON.parse(String(chunk)));
          done();
        },
      }),
    );
    const siteAuth = await ensureSiteAuth(
      database.db,
      { SECRETS_KEY: testSecretsKey },
      { baseUrl: "http://localhost:3000", logger },
    );
    app = createApp({
      config: loadConfig({ SECRETS_KEY: testSecretsKey, TRUST_PROXY: "true" }),
      database,
      logger,
      migrationSets,
      siteAuth,
      web: { handler: page },
    });
    const pageCache = app.pageCache;
    if (!pageCache) throw new Error("the page cache is on by default");
    await pageCache.idle();
    const appListener = getRequestListener(app.fetch) as Listener;
    viaApp = await listen(appListener);
    fast = await listen(
      serveStoredPagesFirst(
        (request, response) => {
          passedOn++;
          appListener(request, response);
        },
        { pageCache, logger, trustProxy: true },
      ),
    );
    // Stored by a first visit.
    await exchange(viaApp.port, "GET /de/about HTTP/1.1\r\nHost: example.org");
    await exchange(viaApp.port, "GET /bs/about HTTP/1.1\r\nHost: example.org");
    await pageCache.idle();
  });
  afterAll(async () => {
    for (const { server } of [viaApp, fast]) {
      if (server) await new Promise((resolve) => server.close(resolve));
    }
    await app?.close();
    await database?.close();
  });

  /** The same request to both servers: the answers and log lines, made comparable. */
  async function both(head: string) {
    const lines = logLines.length;
    const expected = await exchange(viaApp.port, head);
    const actual = await exchange(fast.port, head);
    const [appLine, fastLine] = logLines.slice(lines).map((line) => ({
      ...line,
      time: 0,
      requestId: "-",
      durationMs: 0,
    }));
    return {
      expected: comparable(expected),
      actual: comparable(actual),
      appLine,
      fastLine,
    };
  }

  const strong = '"v1"';
  const answeredHere = [
    ["gzip", "GET /de/about HTTP/1.1\r\nHost: example.org\r\nAccept-Encoding: gzip"],
    ["Brotli", "GET /de/about HTTP/1.1\r\nHost: example.org\r\nAccept-Encoding: gzip, deflate, br"],
    ["plain, asked", "GET /de/about HTTP/1.1\r\nHost: example.org\r\nAccept-Encoding: identity"],
    ["plain, no header", "GET /de/about HTTP/1.1\r\nHost: 127.0.0.1:3000"],
    ["HEAD", "HEAD /de/about HTTP/1.1\r\nHost: example.org\r\nAccept-Encoding: br"],
    ["HEAD, plain", "HEAD /de/about HTTP/1.1\r\nHost: example.org"],
    ["304, strong tag", `GET /de/about HTTP/1.1\r\nHost: example.org\r\nIf-None-Match: ${strong}`],
    [
      "304, weak tag, gzip",
      `GET /de/about HTTP/1.1\r\nHost: example.org\r\nAccept-Encoding: gzip\r\nIf-None-Match: "x", W/${strong}`,
    ],
    [
      "200, another tag",
      'GET /de/about HTTP/1.1\r\nHost: example.org\r\nAccept-Encoding: br\r\nIf-None-Match: "v0"',
    ],
    [
      "HTTPS behind a trusted proxy (HSTS)",
      "GET /de/about HTTP/1.1\r\nHost: example.org\r\nAccept-Encoding: br\r\nX-Forwarded-Proto: https",
    ],
    [
      "the app's opener policy",
      "GET /bs/about HTTP/1.1\r\nHost: example.org\r\nAccept-Encoding: br",
    ],
    [
      "the app's opener policy, 304",
      `GET /bs/about HTTP/1.1\r\nHost: example.org\r\nIf-None-Match: ${strong}`,
    ],
  ];

  it.each(answeredHere)("answers as the app does, without it: %s", async (_name, head) => {
    const before = passedOn;
    const { expected, actual, appLine, fastLine } = await both(head);
    expect(passedOn).toBe(before);
    expect(actual).toBe(expected);
    expect(actual).toMatch(/x-page-cache: hit/);
    expect(actual).toContain(
      head.includes("/de/")
        ? "cross-origin-opener-policy: unsafe-none\r\n"
        : "cross-origin-opener-policy: same-origin\r\n",
    );
    expect(fastLine).toEqual(appLine);
    expect(appLine).toMatchObject({ msg: "request", path: head.split(" ")[1] });
  });

  const passed = [
    ["a cookie", "GET /de/about HTTP/1.1\r\nHost: example.org\r\nCookie: a=b"],
    ["a query", "GET /de/about?x=1 HTTP/1.1\r\nHost: example.org"],
    ["an escaped path", "GET /de/%61bout HTTP/1.1\r\nHost: example.org"],
    [
      "plain bytes the app deflates",
      "GET /de/about HTTP/1.1\r\nHost: example.org\r\nAccept-Encoding: deflate",
    ],
    ["a page not stored", "GET /en/about HTTP/1.1\r\nHost: example.org\r\nAccept-Encoding: br"],
    ["a body", "GET /de/about HTTP/1.1\r\nHost: example.org\r\nContent-Length: 2", "hi"],
  ];

  it.each(passed)("passes a request with %s to the app", async (_name, head, body) => {
    const before = passedOn;
    await exchange(fast.port, head, body);
    expect(passedOn).toBe(before + 1);
  });
});
