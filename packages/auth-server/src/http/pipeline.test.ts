/**
 * The transport rules every response follows (contract §1.1, §1.4): request ids, cache-control, CORS
 * (errors and OPTIONS included), override-error-status, 405, body parsing and SCHEMA_ERROR wording,
 * and the 500 mapper that never leaks the cause in production.
 */
import { randomUUID } from "node:crypto";
import { get } from "node:http";
import type { AddressInfo } from "node:net";
import { inspect } from "node:util";
import { corsExposeHeaders } from "@heritage/auth-protocol";
import { serve } from "@hono/node-server";
import { sql } from "drizzle-orm";
import { Hono } from "hono";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { silentLogger } from "../services/shared/auth-logger";
import { expectKnownError } from "../testing/expect-known-error";
import { createTestAuthApi, type TestAuthApi } from "../testing/test-auth-api";
import type { AuthEnv } from "./context";
import { createErrorHandler, jsonContentType, textContentType } from "./error-response";
import { headersForApiAnswers, isFinishedAnswer } from "./finished-answers";
import { protocolHeaders } from "./protocol-headers";
import { sendJson, sendText } from "./respond";

let t: TestAuthApi;

/** The header names of an answer as they came over the wire, one per header line. */
function rawHeaderNames(url: string): Promise<string[]> {
  return new Promise((resolve, reject) => {
    get(url, { headers: { "x-stack-project-id": "p" } }, (response) => {
      response.resume();
      resolve(
        response.rawHeaders.filter((_, index) => index % 2 === 0).map((name) => name.toLowerCase()),
      );
    }).on("error", reject);
  });
}

beforeAll(async () => {
  t = await createTestAuthApi();
});
afterAll(async () => {
  await t.close();
});

/** A JSON error that is not a known error (no known-error header); returns the body. */
async function expectJsonError(response: Response, status: number): Promise<unknown> {
  expect(response.status).toBe(status);
  expect(response.headers.get("content-type")).toBe("application/json; charset=utf-8");
  expect(response.headers.get("x-stack-known-error")).toBeNull();
  return response.json();
}

/** The reference's 405: the status, no body and so no content type, no `Allow`, no known error. */
function expectBodilessMethodNotAllowed(response: Response): void {
  expect(response.status).toBe(405);
  expect(response.headers.get("content-type")).toBeNull();
  expect(response.headers.get("allow")).toBeNull();
  expect(response.headers.get("x-stack-known-error")).toBeNull();
}

/** Names of the response's headers of one protocol spelling. */
function headersSpelled(response: Response, prefix: "x-stack-" | "x-hexclave-"): string[] {
  return [...response.headers.keys()].filter((name) => name.startsWith(prefix));
}

/** CORS, and the request id in the `x-stack-*` spelling only (the test requests use it). */
function expectProtocolHeaders(response: Response): void {
  const requestId = response.headers.get("x-stack-request-id");
  expect(requestId).toMatch(/^[0-9a-f]{32}$/);
  expect(headersSpelled(response, "x-hexclave-")).toEqual([]);
  expect(response.headers.get("access-control-allow-origin")).toBe("*");
  expect(response.headers.get("access-control-expose-headers")).toBe(corsExposeHeaders.join(", "));
}

/** An app whose one route throws an unexpected error, answered by the error handler. */
function appThatThrows(isDevelopment: boolean, logged: unknown[]) {
  const app = new Hono<AuthEnv>();
  app.use("*", protocolHeaders());
  app.get("/boom", () => {
    throw new Error("secret database detail");
  });
  app.onError(
    createErrorHandler({
      logger: { ...silentLogger, error: (data) => logged.push(data) },
      isDevelopment,
    }),
  );
  return app;
}

describe("response headers (happy)", () => {
  it("sets request ids, no-store and CORS on success", async () => {
    const response = await t.request("/projects/current", { accessType: "client" });
    expect(response.status).toBe(200);
    expectProtocolHeaders(response);
    expect(response.headers.get("cache-control")).toBe("no-store, max-age=0");
    expect(response.headers.get("content-type")).toBe("application/json; charset=utf-8");
  });

  it("answers OPTIONS with an empty 200 and the CORS headers, without authentication", async () => {
    const response = await t.request("/users/me", {
      method: "OPTIONS",
      headers: {
        "access-control-request-headers": "x-hexclave-project-id, content-type",
        "x-stack-access-type": "nonsense",
      },
    });
    expect(response.status).toBe(200);
    expect(await response.text()).toBe("");
    // The reference's preflight answer carries CORS headers only, no request id.
    expect(headersSpelled(response, "x-stack-")).toEqual([]);
    expect(headersSpelled(response, "x-hexclave-")).toEqual([]);
    expect(response.headers.get("access-control-expose-headers")).toBe(
      corsExposeHeaders.join(", "),
    );
    expect(response.headers.get("access-control-allow-methods")).toBe(
      "GET, POST, PUT, PATCH, DELETE, OPTIONS",
    );
    expect(response.headers.get("access-control-max-age")).toBe("86400");
    expect(response.headers.get("access-control-allow-headers")).toBe(
      "x-hexclave-project-id, content-type",
    );
  });
});

describe("error responses (error)", () => {
  it("carries CORS, request id and the known-error header", async () => {
    const response = await t.request("/users/me");
    expectProtocolHeaders(response);
    await expectKnownError(response, "ACCESS_TYPE_REQUIRED", 400);
  });

  it("answers in the spelling the request used: x-stack-* alone, x-hexclave-* alone", async () => {
    for (const [spelling, prefix, other] of [
      ["stack", "x-stack-", "x-hexclave-"],
      ["hexclave", "x-hexclave-", "x-stack-"],
    ] as const) {
      const response = await t.request("/users/me", { accessType: "client", spelling });
      expect(response.headers.get(`${prefix}known-error`)).toBe("CANNOT_GET_OWN_USER_WITHOUT_USER");
      expect(response.headers.get(`${prefix}request-id`)).toMatch(/^[0-9a-f]{32}$/);
      expect(headersSpelled(response, other)).toEqual([]);
    }
    // A request with no protocol header (a browser redirect, a JWKS fetch) gets the reference's.
    const bare = await t.request("/users/me");
    expect(headersSpelled(bare, "x-stack-").sort()).toEqual([
      "x-stack-known-error",
      "x-stack-request-id",
    ]);
  });

  it("turns 4xx into 200 with the actual status when override-error-status is sent", async () => {
    for (const [name, prefix, other] of [
      ["x-stack-override-error-status", "x-stack-", "x-hexclave-"],
      ["x-hexclave-override-error-status", "x-hexclave-", "x-stack-"],
    ] as const) {
      const response = await t.request("/users/me", {
        accessType: "client",
        spelling: prefix === "x-hexclave-" ? "hexclave" : "stack",
        headers: { [name]: "true" },
      });
      expect(response.status).toBe(200);
      expect(response.headers.get(`${prefix}actual-status`)).toBe("400");
      expect(response.headers.get(`${prefix}known-error`)).toBe("CANNOT_GET_OWN_USER_WITHOUT_USER");
      expect(headersSpelled(response, other)).toEqual([]);
      expect(((await response.json()) as { code: string }).code).toBe(
        "CANNOT_GET_OWN_USER_WITHOUT_USER",
      );
    }
  });

  it("finishes answers whose headers are immutable (a redirect, a fetched response) too", async () => {
    const app = new Hono<AuthEnv>();
    app.use("*", protocolHeaders());
    app.get("/redirect", () => Response.redirect("https://example.org/next", 307));
    app.get("/fetched", () => fetch("data:text/plain,fetched%20text"));
    // Served as in production: @hono/node-server then makes its lighter Response the global one,
    // which keeps the Headers object it is built with (an immutable one, here).
    const server = serve({ fetch: app.fetch, hostname: "127.0.0.1", port: 0 });
    await new Promise((resolve) => server.once("listening", resolve));
    try {
      const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      const headers = { "x-stack-project-id": "p" };
      for (const redirect of [
        await app.request("/redirect", { headers }),
        await fetch(`${origin}/redirect`, { redirect: "manual", headers }),
      ]) {
        expect(redirect.status).toBe(307);
        expect(redirect.headers.get("location")).toBe("https://example.org/next");
        expectProtocolHeaders(redirect);
        expect(redirect.headers.get("cache-control")).toBe("no-store, max-age=0");
      }
      const fetched = await app.request("/fetched", { headers });
      expect(await fetched.text()).toBe("fetched text");
      expectProtocolHeaders(fetched);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it("sends a JSON or text answer with the very headers finishing it afterwards gives, over HTTP too", async () => {
    // `sendJson` finishes its answer when made (finished-answers.ts); `/late` is the same answer
    // finished afterwards by the middleware, as any other answer is.
    const app = new Hono<AuthEnv>();
    app.use("*", async (c, next) => {
      // A layer in front, as the site's security headers are: its headers win.
      headersForApiAnswers(c)["x-frame-options"] = "SAMEORIGIN";
      await next();
      if (!isFinishedAnswer(c)) c.res.headers.set("x-frame-options", "SAMEORIGIN");
    });
    app.use("*", protocolHeaders());
    const body = { id: "u1", display_name: "Ana" };
    app.get("/now", (c) => sendJson(c, body));
    app.get("/late", (c) => c.body(JSON.stringify(body), 200, { "content-type": jsonContentType }));
    app.get("/now-text", (c) => sendText(c, "Welcome"));
    app.get("/late-text", (c) => c.body("Welcome", 200, { "content-type": textContentType }));
    app.get("/own", (c) => sendJson(c, body, 200, { "Cache-Control": "public, max-age=60" }));
    app.get("/conflict", (c) => sendJson(c, body, 409));
    const server = serve({ fetch: app.fetch, hostname: "127.0.0.1", port: 0 });
    await new Promise((resolve) => server.once("listening", resolve));
    // Each answer has its own request id, and over HTTP a date that may be the next second's.
    const withoutId = (response: Response) =>
      [...response.headers].filter(([name]) => !name.endsWith("request-id") && name !== "date");
    try {
      const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      const requests: Record<string, string>[] = [
        { "x-stack-project-id": "p" },
        { "X-Hexclave-Project-Id": "p", "Access-Control-Request-Headers": "x-custom" },
      ];
      for (const headers of requests) {
        for (const get of [
          (path: string) => app.request(path, { headers }),
          (path: string) => fetch(`${origin}${path}`, { headers }),
        ]) {
          const [now, late] = [await get("/now"), await get("/late")];
          expect(withoutId(now)).toEqual(withoutId(late));
          const [nowText, lateText] = [await get("/now-text"), await get("/late-text")];
          expect(withoutId(nowText)).toEqual(withoutId(lateText));
          expect(withoutId(nowText)).toContainEqual(["x-frame-options", "SAMEORIGIN"]);
          expect(await nowText.text()).toBe("Welcome");
          expect(withoutId(now)).toContainEqual(["x-frame-options", "SAMEORIGIN"]);
          expect(await now.json()).toEqual(body);
          const spelling = "x-stack-project-id" in headers ? "x-stack-" : "x-hexclave-";
          expect(now.headers.get(`${spelling}request-id`)).toMatch(/^[0-9a-f]{32}$/);
          expect((await get("/own")).headers.get("cache-control")).toBe("public, max-age=60");
          // A 4xx the client asked to see as a 200 is rebuilt afterwards, as before.
          const conflict = await get("/conflict");
          expect(conflict.status).toBe(409);
        }
      }
      const overridden = await fetch(`${origin}/conflict`, {
        headers: { "x-stack-project-id": "p", "x-stack-override-error-status": "true" },
      });
      expect(overridden.status).toBe(200);
      expect(overridden.headers.get("x-stack-actual-status")).toBe("409");
      expect(overridden.headers.get("x-frame-options")).toBe("SAMEORIGIN");
      // Over the wire, each header once (a plain object with two spellings of a name would not).
      const raw = await rawHeaderNames(`${origin}/own`);
      expect(raw.length).toBe(new Set(raw).size);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it("answers methods outside the protocol with a 405 without a body", async () => {
    const response = await t.request("/users/me", { method: "PROPFIND" });
    expectBodilessMethodNotAllowed(response);
    expect(await response.text()).toBe("");
  });

  it("answers unknown paths with a JSON 404 in the reference's wording, before authentication", async () => {
    for (const path of ["/api/v1/no/such/path", "/api/latest/users/me/extra", "/api/v1/usersx"]) {
      // Keys of no project: the path is refused before anyone is authenticated.
      const response = await t.request(path, { accessType: "admin", keys: null });
      expect(await expectJsonError(response, 404)).toEqual({
        error: `404 — this page does not exist in Stack Auth's API.\n\nURL: ${path}`,
      });
      expectProtocolHeaders(response);
    }
  });

  it("says the length of every error's body, so a compressing layer can leave a small one as it is", async () => {
    const bodyLength = async (response: Response) =>
      String((await response.arrayBuffer()).byteLength);
    const answers = [
      await t.request("/users/me"),
      await t.request("/users/me", {
        accessType: "client",
        headers: { "x-stack-override-error-status": "true" },
      }),
      // "—" is three bytes: the length counts bytes, not characters.
      await t.request("/api/v1/no/such/path", { accessType: "admin", keys: null }),
    ];
    for (const response of answers) {
      const declared = response.headers.get("content-length");
      expect({ status: response.status, declared }).toEqual({
        status: response.status,
        declared: await bodyLength(response),
      });
    }
    const boom = await appThatThrows(false, []).request("/boom");
    expect(boom.headers.get("content-length")).toBe(await bodyLength(boom));
  });

  it("answers a known path asked with another method with a bare 405", async () => {
    const signIn = await t.request("/auth/password/sign-in", {
      method: "GET",
      accessType: "client",
    });
    expectBodilessMethodNotAllowed(signIn);
    expect(await signIn.text()).toBe("");
    const user = await t.request("/users/me", { method: "PUT", accessType: "client", body: {} });
    expectBodilessMethodNotAllowed(user);
    expect(await user.text()).toBe("");
    const withParam = await t.request(`/users/${randomUUID()}`, { method: "POST", body: {} });
    expect(withParam.status).toBe(405);
    expect(await withParam.text()).toBe("");
  });

  it("rejects malformed JSON and unknown content types", async () => {
    const badJson = await t.request("/auth/password/sign-in", {
      accessType: "client",
      body: "{not json",
      headers: { "content-type": "application/json" },
    });
    const body = await expectKnownError(badJson, "BODY_PARSING_ERROR", 400);
    expect(body.error).toBe("Invalid JSON in request body");
    const unknown = await t.request("/auth/password/sign-in", {
      accessType: "client",
      body: "<xml/>",
      headers: { "content-type": "application/xml; charset=utf-8" },
    });
    expect((await expectKnownError(unknown, "BODY_PARSING_ERROR", 400)).error).toBe(
      "Unknown content type in request body: application/xml",
    );
  });

  it("words SCHEMA_ERROR like the reference, unknown properties included", async () => {
    const response = await t.request("/auth/password/sign-in", {
      accessType: "client",
      body: { email: "", extra: 1, other: 2 },
    });
    const body = await expectKnownError(response, "SCHEMA_ERROR", 400);
    const message =
      "Request validation failed on POST /api/v1/auth/password/sign-in:\n" +
      "  - body contains unknown properties: extra, other\n" +
      "  - body.email must not be empty\n" +
      "  - body.password must be defined";
    expect(body.error).toBe(message);
    expect(body.details).toEqual({ message });
    const query = await t.request("/api/latest?x=1", {});
    expect((await expectKnownError(query, "SCHEMA_ERROR", 400)).error).toBe(
      "Request validation failed on GET /api/latest:\n  - query contains unknown properties: x",
    );
  });
});

describe("malformed input (security)", () => {
  const schemaError = (method: string, path: string, problem: string) =>
    `Request validation failed on ${method} ${path}:\n  - ${problem}`;

  it("refuses a NUL character in a JSON field and stores nothing", async () => {
    const user = await t.signUpUser();
    const response = await t.request("/users/me", {
      method: "PATCH",
      accessType: "client",
      accessToken: user.accessToken,
      body: { display_name: "Ada\u0000Lovelace" },
    });
    expect((await expectKnownError(response, "SCHEMA_ERROR", 400)).error).toBe(
      schemaError("PATCH", "/api/v1/users/me", "body.display_name must not contain NUL characters"),
    );
    const me = await t.request("/users/me", {
      accessType: "client",
      accessToken: user.accessToken,
    });
    expect(((await me.json()) as { display_name: unknown }).display_name).toBeNull();
  });

  it("refuses NUL in nested values, property names, the query, path parameters and forms", async () => {
    const email = `nul-${randomUUID()}@example.com`;
    const created = await t.request("/users", {
      accessType: "server",
      body: { primary_email: email, client_metadata: { tags: ["ok", "b\u0000d"] } },
    });
    expect((await expectKnownError(created, "SCHEMA_ERROR", 400)).error).toBe(
      schemaError(
        "POST",
        "/api/v1/users",
        "body.client_metadata.tags[1] must not contain NUL characters",
      ),
    );
    const listed = await t.request(`/users?query=${encodeURIComponent(email)}`, {
      accessType: "server",
    });
    expect(((await listed.json()) as { items: unknown[] }).items).toEqual([]);

    const team = await t.request("/teams", {
      accessType: "server",
      body: { display_name: "Team", server_metadata: { "\u0000": 1 } },
    });
    expect((await expectKnownError(team, "SCHEMA_ERROR", 400)).error).toBe(
      schemaError(
        "POST",
        "/api/v1/teams",
        "body.server_metadata property names must not contain NUL characters",
      ),
    );
    const query = await t.request("/users?query=%00", { accessType: "server" });
    expect((await expectKnownError(query, "SCHEMA_ERROR", 400)).error).toBe(
      schemaError("GET", "/api/v1/users", "query.query must not contain NUL characters"),
    );
    const path = await t.request("/users/%00", { accessType: "server" });
    expect((await expectKnownError(path, "SCHEMA_ERROR", 400)).error).toBe(
      schemaError("GET", "/api/v1/users/%00", "params must not contain NUL characters"),
    );
    const form = await t.request("/auth/oauth/token", {
      accessType: "client",
      body: new URLSearchParams({ grant_type: "refresh_token", client_id: "\u0000" }),
    });
    expect((await expectKnownError(form, "SCHEMA_ERROR", 400)).error).toBe(
      schemaError(
        "POST",
        "/api/v1/auth/oauth/token",
        "body.client_id must not contain NUL characters",
      ),
    );
  });

  it("refuses a lone surrogate and takes a well-formed pair", async () => {
    const lone = await t.request("/auth/password/sign-in", {
      accessType: "client",
      body: '{"email":"a@example.com","password":"\\ud800x"}',
      headers: { "content-type": "application/json" },
    });
    expect((await expectKnownError(lone, "SCHEMA_ERROR", 400)).error).toBe(
      schemaError(
        "POST",
        "/api/v1/auth/password/sign-in",
        "body.password must not contain unpaired surrogates (invalid Unicode)",
      ),
    );
    const user = await t.signUpUser();
    const pair = await t.request("/users/me", {
      method: "PATCH",
      accessType: "client",
      accessToken: user.accessToken,
      body: '{"display_name":"\\ud83d\\udca5 Boom"}',
      headers: { "content-type": "application/json" },
    });
    expect(pair.status).toBe(200);
    expect(((await pair.json()) as { display_name: string }).display_name).toBe("💥 Boom");
  });

  it("refuses JSON nested deeper than 64 levels before parsing it", async () => {
    const deep = await t.request("/auth/password/sign-in", {
      accessType: "client",
      body: `${"[".repeat(5000)}${"]".repeat(5000)}`,
      headers: { "content-type": "application/json" },
    });
    expect((await expectKnownError(deep, "BODY_PARSING_ERROR", 400)).error).toBe(
      "JSON in request body is nested more than 64 levels deep",
    );
    // 64 levels pass the parser (validation answers), and brackets inside strings do not count.
    for (const body of [
      `{"email":${"[".repeat(63)}${"]".repeat(63)}}`,
      `{"email":"${"[".repeat(5000)}"}`,
    ]) {
      const response = await t.request("/auth/password/sign-in", {
        accessType: "client",
        body,
        headers: { "content-type": "application/json" },
      });
      await expectKnownError(response, "SCHEMA_ERROR", 400);
    }
  });
});

describe("unexpected errors (security)", () => {
  it("logs the cause with the request id and answers a bare 500 in production", async () => {
    const logged: unknown[] = [];
    const response = await appThatThrows(false, logged).request("/boom", {
      headers: { "x-stack-override-error-status": "true" },
    });
    expect(response.status).toBe(500);
    const requestId = response.headers.get("x-stack-request-id");
    expect(await response.text()).toBe(
      `Something went wrong. Please make sure the data you entered is correct.\n\nRequest ID: ${requestId}`,
    );
    expect(logged).toEqual([expect.objectContaining({ requestId })]);
  });

  it("shows the message in development", async () => {
    const response = await appThatThrows(true, []).request("/boom");
    expect(await response.text()).toMatch(
      /^Internal Server Error\. The error message follows, but will be stripped in production\. secret database detail/,
    );
  });

  it("logs a failed query without the request's values", async () => {
    const logged: unknown[] = [];
    const app = new Hono<AuthEnv>();
    app.use("*", protocolHeaders());
    // A query fed with the request's data that PostgreSQL refuses, as a route's bug would do.
    app.post("/lookup", async (c) => {
      const { email } = (await c.req.json()) as { email: string };
      await t.db.execute(sql`select ${email}::uuid as id`);
      return c.text("unreachable");
    });
    app.onError(
      createErrorHandler({
        logger: { ...silentLogger, error: (data) => logged.push(data) },
        isDevelopment: false,
      }),
    );
    const secret = "ada.lovelace@example.org";
    const response = await app.request("/lookup", {
      method: "POST",
      body: JSON.stringify({ email: secret }),
    });
    expect(response.status).toBe(500);
    expect(await response.text()).not.toContain(secret);
    // Everything the entry holds, as a logger would print it: messages, stacks, causes, fields.
    const entry = inspect(logged, { depth: Number.POSITIVE_INFINITY, showHidden: true });
    expect(entry).not.toContain(secret);
    expect(entry).not.toContain("ada.lovelace");
    // What a reader needs to find the fault stays: the statement and PostgreSQL's code.
    const { err } = logged[0] as { err: Error & { query: string; cause: { code: string } } };
    expect(err.message).toMatch(/^Failed query: select \$1::uuid as id\n/);
    expect(err.query).toBe("select $1::uuid as id");
    expect(err.cause.code).toBe("22P02");
  });
});
