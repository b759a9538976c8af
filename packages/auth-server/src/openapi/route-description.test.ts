/**
 * The auth API describes every route it mounts, with the schemas its handlers validate with
 * (issue 20, item 3), and a handler that validates or lets in something its description does not
 * name fails while checks are on (development and tests).
 */
import { Hono } from "hono";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import type { AuthEnv } from "../http/context";
import { requireAccess } from "../http/project-access";
import { validateRequest } from "../http/validate";
import { createTestAuthApi, type TestAuthApi } from "../testing/test-auth-api";
import { authApiPathGroup } from "./auth-api-description";
import { buildOpenApiDocument } from "./openapi-document";
import { describeRoute, listMountedEndpoints } from "./route-description";

let t: TestAuthApi;
beforeAll(async () => {
  t = await createTestAuthApi();
});
afterAll(async () => {
  await t.close();
});

type JsonObject = Record<string, unknown>;

describe("the auth API's routes", () => {
  it("are all described (a new route without describeRoute(...) fails here)", () => {
    const endpoints = listMountedEndpoints(t.api.routes);
    // `app.all` routes are the fallbacks that answer 404/405; a described one is documented.
    const undescribed = endpoints
      .filter((endpoint) => endpoint.method !== "ALL" && !endpoint.description)
      .map((endpoint) => `${endpoint.method} ${endpoint.path}`);
    expect(undescribed).toEqual([]);
    expect(endpoints.filter((endpoint) => endpoint.description).length).toBeGreaterThan(140);
  });

  it("document the very schema a handler validates with: POST /users refuses what the document refuses", async () => {
    const document = buildOpenApiDocument({
      title: "test",
      version: "0",
      description: "",
      serverUrl: "https://example.org",
      endpoints: listMountedEndpoints(t.app.routes),
      groups: [authApiPathGroup("/api/v1")],
    });
    const paths = document.paths as Record<string, Record<string, JsonObject>>;
    const createUser = paths["/api/v1/users"]?.post;
    const requestBody = createUser?.requestBody as
      | { content: Record<string, { schema: JsonObject }> }
      | undefined;
    const body = requestBody?.content["application/json"]?.schema;
    expect(body?.additionalProperties).toBe(false);
    expect(Object.keys(body?.properties as JsonObject)).toContain("primary_email");
    expect(createUser?.security).toEqual([
      { accessType: [], projectId: [], secretServerKey: [] },
      { accessType: [], projectId: [], superSecretAdminKey: [] },
      { accessType: [], projectId: [], adminAccessToken: [] },
    ]);
    // What the document calls an unknown property, the handler refuses.
    const response = await t.request("/users", {
      method: "POST",
      accessType: "server",
      body: { primary_email: "someone@example.org", not_in_the_document: true },
    });
    expect(response.status).toBe(400);
    expect(await response.text()).toContain(
      "body contains unknown properties: not_in_the_document",
    );
    // Access-dependent bodies are one variant per access type.
    const updateMe = paths["/api/v1/users/me"]?.patch?.requestBody as {
      content: Record<string, { schema: { anyOf: { title: string }[] } }>;
    };
    expect(updateMe.content["application/json"]?.schema.anyOf.map((v) => v.title)).toEqual([
      "client access",
      "server or admin access",
    ]);
    expect(paths["/api/v1/users/{user_id}"]?.get?.parameters).toEqual([
      expect.objectContaining({ name: "user_id", in: "path", required: true }),
    ]);
  });
});

describe("while checks are on, a handler must keep to its description", () => {
  const described = z.strictObject({ name: z.string() });
  const other = z.strictObject({ name: z.string() });

  function appWith(handlerSchema: z.ZodType, allowed: readonly ("server" | "admin")[]) {
    const app = new Hono<AuthEnv>();
    app.use("*", async (c, next) => {
      c.set("checksRouteDescriptions", true);
      c.set("body", { name: "x" });
      c.set("auth", { accessType: "server" } as AuthEnv["Variables"]["auth"]);
      await next();
    });
    app.post(
      "/thing",
      describeRoute({ summary: "Make a thing", callers: ["server", "admin"], body: described }),
      (c) => {
        requireAccess(c, allowed);
        const { body } = validateRequest(c, { body: handlerSchema });
        return c.json(body);
      },
    );
    app.onError((error, c) => c.text(error.message, 500));
    return app;
  }

  it("passes when the handler validates with the described schema and access", async () => {
    const response = await appWith(described, ["server", "admin"]).request("/thing", {
      method: "POST",
    });
    expect(response.status).toBe(200);
  });

  it("fails naming the route when the handler validates with another schema", async () => {
    const response = await appWith(other, ["server", "admin"]).request("/thing", {
      method: "POST",
    });
    expect(response.status).toBe(500);
    expect(await response.text()).toBe(
      "POST /thing validates its body with a schema its describeRoute(...) does not name",
    );
  });

  it("fails when the handler lets in other access types than described", async () => {
    const response = await appWith(described, ["server"]).request("/thing", { method: "POST" });
    expect(await response.text()).toBe(
      "POST /thing lets in server access but its describeRoute(...) names server, admin",
    );
  });

  it("stays out of the way in production (checks off)", async () => {
    const app = new Hono<AuthEnv>();
    app.use("*", async (c, next) => {
      c.set("checksRouteDescriptions", false);
      c.set("body", { name: "x" });
      await next();
    });
    app.post("/thing", (c) => c.json(validateRequest(c, { body: other }).body));
    app.onError((error) => {
      throw error;
    });
    expect((await app.request("/thing", { method: "POST" })).status).toBe(200);
  });
});
