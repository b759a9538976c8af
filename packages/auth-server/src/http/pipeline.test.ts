/**
 * The transport rules every response follows (contract §1.1, §1.4): request ids, cache-control, CORS
 * (errors and OPTIONS included), override-error-status, 405, body parsing and SCHEMA_ERROR wording,
 * and the 500 mapper that never leaks the cause in production.
 */
import { corsExposeHeaders } from "@heritage/auth-protocol";
import { Hono } from "hono";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { silentLogger } from "../services/auth-deps";
import { expectKnownError, expectTextError } from "../testing/expect-known-error";
import { createTestAuthApi, type TestAuthApi } from "../testing/test-auth-api";
import type { AuthEnv } from "./context";
import { createErrorHandler } from "./error-response";
import { protocolHeaders } from "./protocol-headers";

let t: TestAuthApi;

beforeAll(async () => {
  t = await createTestAuthApi();
});
afterAll(async () => {
  await t.close();
});

function expectProtocolHeaders(response: Response): void {
  const requestId = response.headers.get("x-stack-request-id");
  expect(requestId).toMatch(/^[0-9a-f]{32}$/);
  expect(response.headers.get("x-hexclave-request-id")).toBe(requestId);
  expect(response.headers.get("access-control-allow-origin")).toBe("*");
  expect(response.headers.get("access-control-expose-headers")).toBe(corsExposeHeaders.join(", "));
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
    expectProtocolHeaders(response);
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
  it("carries CORS, request id and both known-error headers", async () => {
    const response = await t.request("/users/me");
    expectProtocolHeaders(response);
    await expectKnownError(response, "ACCESS_TYPE_REQUIRED", 400);
  });

  it("turns 4xx into 200 with the actual status when override-error-status is sent", async () => {
    for (const name of ["x-stack-override-error-status", "x-hexclave-override-error-status"]) {
      const response = await t.request("/users/me", {
        accessType: "client",
        headers: { [name]: "true" },
      });
      expect(response.status).toBe(200);
      expect(response.headers.get("x-stack-actual-status")).toBe("400");
      expect(response.headers.get("x-hexclave-actual-status")).toBe("400");
      expect(response.headers.get("x-stack-known-error")).toBe("CANNOT_GET_OWN_USER_WITHOUT_USER");
      expect(((await response.json()) as { code: string }).code).toBe(
        "CANNOT_GET_OWN_USER_WITHOUT_USER",
      );
    }
  });

  it("answers methods outside the protocol with a plain 405", async () => {
    const response = await t.request("/users/me", { method: "PROPFIND" });
    await expectTextError(response, 405, "Method not allowed");
  });

  it("answers unknown paths with a plain 404", async () => {
    await expectTextError(await t.request("/no/such/path"), 404, "Not found");
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

describe("unexpected errors (security)", () => {
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
});
