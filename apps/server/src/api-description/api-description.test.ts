/**
 * The OpenAPI 3.1 description (issue 20, item 3): every route the app mounts under `/api/v1`
 * and `/functions` is in it, it validates against the OpenAPI 3.1 schema, it is served with the
 * configured public URL whatever Host the request names, and its bodies are the validators'.
 */
import { buildOpenApiDocument, listMountedEndpoints } from "@heritage/auth-server";
import { testSecretsKey } from "@heritage/auth-server/testing";
import type { DatabaseConnection } from "@heritage/db";
import { createTestDatabase } from "@heritage/db/testing";
import { Validator } from "@seriousme/openapi-schema-validator";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../app";
import { loadConfig } from "../config/config";
import { migrationSets } from "../server";
import { ensureSiteAuth } from "../site-auth/site-auth";
import {
  createSiteTestContext,
  mountContentApi,
  type SiteTestContext,
} from "../testing/content-api-harness";
import { AUTH_API_PREFIX, CONTENT_API_PREFIX, contentApiPathGroup } from "./api-description";

const PUBLIC_URL = "https://heritage.example.org";
const silentLogger = pino({ level: "silent" });

type JsonObject = Record<string, unknown>;
type Operation = {
  requestBody?: { content: Record<string, { schema: JsonObject }> };
  parameters?: { name: string; in: string; required: boolean }[];
  security?: JsonObject[];
};

describe("the app's API description", () => {
  let database: DatabaseConnection;
  let app: ReturnType<typeof createApp>;

  beforeAll(async () => {
    database = await createTestDatabase();
    const siteAuth = await ensureSiteAuth(
      database.db,
      { SECRETS_KEY: testSecretsKey },
      { baseUrl: PUBLIC_URL, logger: silentLogger },
    );
    app = createApp({
      config: loadConfig({ SECRETS_KEY: testSecretsKey, PUBLIC_URL, TRUST_PROXY: "true" }),
      database,
      logger: silentLogger,
      migrationSets,
      siteAuth,
    });
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  async function fetchDocument(path = "/api/v1/openapi.json", headers: HeadersInit = {}) {
    const response = await app.request(`http://attacker.example${path}`, { headers });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/json; charset=utf-8");
    expect(response.headers.get("cache-control")).toBe("public, max-age=300");
    return (await response.json()) as JsonObject & {
      paths: Record<string, Record<string, Operation>>;
    };
  }

  it("describes every route mounted under /api/v1 and /functions (a new undescribed route fails here)", () => {
    const endpoints = listMountedEndpoints(app.routes).filter(
      (endpoint) =>
        endpoint.path.startsWith(`${AUTH_API_PREFIX}/`) ||
        endpoint.path.startsWith(`${CONTENT_API_PREFIX}/`),
    );
    // `app.all` routes are the APIs' 404/405 fallbacks; every other route must be described.
    const undescribed = endpoints
      .filter((endpoint) => endpoint.method !== "ALL" && !endpoint.description)
      .map((endpoint) => `${endpoint.method} ${endpoint.path}`);
    expect(undescribed).toEqual([]);
    expect(endpoints.some((endpoint) => endpoint.path === "/functions/api-faqs")).toBe(true);
    expect(endpoints.some((endpoint) => endpoint.path === "/functions/upload-image")).toBe(true);
  });

  it("serves a valid OpenAPI 3.1 document naming the configured public URL, not the request's Host", async () => {
    const document = await fetchDocument("/api/v1/openapi.json", {
      host: "attacker.example",
      "x-forwarded-host": "attacker.example",
      "x-forwarded-proto": "http",
    });
    expect(document.openapi).toBe("3.1.1");
    expect(document.servers).toEqual([{ url: PUBLIC_URL }]);
    expect(JSON.stringify(document)).not.toContain("attacker.example");
    const validator = new Validator();
    const result = await validator.validate(document);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(validator.version).toBe("3.1");

    const paths = Object.keys(document.paths);
    expect(paths).toContain("/api/v1/users/{user_id}");
    expect(paths).toContain("/api/v1/openapi.json");
    expect(paths).toContain("/functions/api-projects");
    expect(paths).toContain("/functions/send-contact-email");
    // /api/latest serves the same routes; the document names each once.
    expect(paths.some((path) => path.startsWith("/api/latest/"))).toBe(false);
    // Tables' verbs that answer 405 are not operations.
    expect(Object.keys(document.paths["/functions/api-media"] ?? {})).toEqual(["get"]);
    expect(Object.keys(document.paths["/functions/api-faqs"] ?? {}).sort()).toEqual([
      "delete",
      "get",
      "post",
      "put",
    ]);
  });

  it("is the same document at /api/latest/openapi.json", async () => {
    expect(await fetchDocument("/api/latest/openapi.json")).toEqual(await fetchDocument());
  });
});

describe("the content API's bodies in the document", () => {
  let context: SiteTestContext;
  beforeAll(async () => {
    context = await createSiteTestContext();
  });
  afterAll(async () => {
    await context.close();
  });

  it("are the validators: an empty FAQ is refused naming exactly the required fields", async () => {
    const api = mountContentApi(context);
    const { app } = api;
    const document = buildOpenApiDocument({
      title: "test",
      version: "0",
      description: "",
      serverUrl: PUBLIC_URL,
      endpoints: listMountedEndpoints(app.routes),
      groups: [contentApiPathGroup],
    }) as { paths: Record<string, Record<string, Operation>> };
    const create = document.paths["/functions/api-faqs"]?.post;
    expect(create?.security).toEqual([{ siteAdmin: [] }]);
    const schema = create?.requestBody?.content["application/json"]?.schema;
    const required = (schema?.required ?? []) as string[];
    expect(required.length).toBeGreaterThan(0);

    const refused = await api.call("POST", "/api-faqs", {
      token: context.admin.accessToken,
      body: {},
    });
    expect(refused.status).toBe(400);
    const fields = (refused.error?.details?.fields ?? []) as { field: string }[];
    expect(new Set(fields.map((issue) => issue.field))).toEqual(new Set(required));
  });
});
