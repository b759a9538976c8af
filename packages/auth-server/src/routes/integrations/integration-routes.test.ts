/**
 * The admin side of `/integrations/neon` and `/integrations/custom`: trusted domains and OAuth
 * providers one by one, the project itself, its key sets, and webhook endpoints for the integration
 * client. Admin access only (webhooks: project access and the client's HTTP Basic); bad input is a
 * 4xx that changes nothing.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { webhookEndpoints } from "../../db/schema";
import { expectKnownError, expectTextError } from "../../testing/expect-known-error";
import { createTestAuthApi, type TestAuthApi } from "../../testing/test-auth-api";

const neonClient = {
  authorization: `Basic ${Buffer.from("neon-local:neon-local-secret").toString("base64")}`,
};

let t: TestAuthApi;

beforeAll(async () => {
  t = await createTestAuthApi();
});
afterAll(() => t.close());

async function adminOf() {
  const project = await t.createProject();
  const ask = (path: string, options: { method?: string; body?: unknown } = {}) =>
    t.request(path, { accessType: "admin", projectId: project.id, ...options });
  return { project, ask };
}

async function configOf(ask: Awaited<ReturnType<typeof adminOf>>["ask"]) {
  const response = await ask("/internal/projects/current");
  return ((await response.json()) as { config: Record<string, unknown> }).config;
}

describe.each(["neon", "custom"])("/integrations/%s/domains", (family) => {
  const path = `/integrations/${family}/domains`;

  it("adds, lists (sorted) and removes trusted domains", async () => {
    const { ask } = await adminOf();
    for (const domain of ["https://second.example.com", "https://*.first.example.com"]) {
      const added = await ask(path, { body: { domain } });
      expect(added.status).toBe(201);
      expect(await added.json()).toEqual({ domain });
    }
    const listed = await ask(path);
    expect(await listed.json()).toEqual({
      items: [{ domain: "https://*.first.example.com" }, { domain: "https://second.example.com" }],
      is_paginated: false,
    });
    expect((await configOf(ask)).domains).toEqual([
      { domain: "https://second.example.com", handler_path: "/handler" },
      { domain: "https://*.first.example.com", handler_path: "/handler" },
    ]);

    const removed = await ask(`${path}/${encodeURIComponent("https://second.example.com")}`, {
      method: "DELETE",
    });
    expect(await removed.json()).toEqual({ success: true });
    expect(await (await ask(path)).json()).toEqual({
      items: [{ domain: "https://*.first.example.com" }],
      is_paginated: false,
    });
  });

  it.each([
    [
      "https://example.com/path",
      "body.domain must be a protocol and domain (with optional port) without any path, query parameters, or hash",
    ],
    ["ftp://example.com", "URL must start with http:// or https://"],
    ["https://exa mple.com", "body.domain contains spaces"],
    ["nonsense", "body.domain is not a valid URL or wildcard URL pattern"],
  ])("refuses %s and stores nothing", async (domain, line) => {
    const { ask } = await adminOf();
    const response = await ask(path, { body: { domain } });
    const body = await expectKnownError(response, "SCHEMA_ERROR", 400);
    expect(body.error.split("\n").slice(1)).toContain(`  - ${line}`);
    expect((await configOf(ask)).domains).toEqual([]);
  });

  it("refuses a domain given twice", async () => {
    const { ask } = await adminOf();
    await ask(path, { body: { domain: "https://twice.example.com" } });
    await expectTextError(
      await ask(path, { body: { domain: "https://twice.example.com" } }),
      400,
      "Duplicate domain found: https://twice.example.com",
    );
  });

  it("lets only admins in", async () => {
    const { project } = await adminOf();
    await expectKnownError(
      await t.request(path, { accessType: "server", projectId: project.id }),
      "INSUFFICIENT_ACCESS_TYPE",
      401,
    );
  });
});

describe("/integrations/neon/oauth-providers", () => {
  const path = "/integrations/neon/oauth-providers";

  it("adds shared and standard providers, changes and removes them", async () => {
    const { ask } = await adminOf();
    const shared = await ask(path, { body: { id: "google" } });
    expect(shared.status).toBe(201);
    expect(await shared.json()).toEqual({ id: "google", type: "shared" });
    const standard = await ask(path, {
      body: { id: "github", type: "standard", client_id: "id", client_secret: "secret" },
    });
    expect(await standard.json()).toEqual({
      id: "github",
      type: "standard",
      client_id: "id",
      client_secret: "secret",
    });
    const changed = await ask(`${path}/google`, {
      method: "PATCH",
      body: { type: "standard", client_id: "g-id", client_secret: "g-secret" },
    });
    expect(await changed.json()).toEqual({
      id: "google",
      type: "standard",
      client_id: "g-id",
      client_secret: "g-secret",
    });
    expect(await (await ask(`${path}/github`, { method: "DELETE" })).json()).toEqual({
      success: true,
    });
    expect(await (await ask(path)).json()).toEqual({
      items: [{ id: "google", type: "standard", client_id: "g-id", client_secret: "g-secret" }],
      is_paginated: false,
    });
  });

  it("refuses a provider twice, an unknown one, and a standard one without credentials", async () => {
    const { ask } = await adminOf();
    await ask(path, { body: { id: "google" } });
    await expectTextError(
      await ask(path, { body: { id: "google" } }),
      400,
      "OAuth provider already exists",
    );
    await expectTextError(
      await ask(`${path}/github`, { method: "PATCH", body: { type: "shared" } }),
      404,
      "OAuth provider not found",
    );
    await expectTextError(
      await ask(`${path}/github`, { method: "DELETE" }),
      404,
      "OAuth provider not found",
    );
    const unknown = await expectKnownError(
      await ask(path, { body: { id: "myspace" } }),
      "SCHEMA_ERROR",
      400,
    );
    expect(unknown.error).toContain("body.id must be one of the following values: google, github");
    const incomplete = await expectKnownError(
      await ask(path, { body: { id: "github", type: "standard", client_id: "" } }),
      "SCHEMA_ERROR",
      400,
    );
    expect(incomplete.error).toContain("body.client_id must not be empty");
    expect(incomplete.error).toContain("body.client_secret must be defined");
    expect((await configOf(ask)).oauth_providers).toEqual([
      { id: "google", provider_config_id: "google", type: "shared" },
    ]);
  });
});

describe("/integrations/neon/projects/current and /integrations/neon/api-keys", () => {
  it("reads and updates the admin's project", async () => {
    const { project, ask } = await adminOf();
    const read = await ask("/integrations/neon/projects/current");
    expect(await read.json()).toMatchObject({ id: project.id });
    const updated = await ask("/integrations/neon/projects/current", {
      method: "PATCH",
      body: { display_name: "Renamed", config: { magic_link_enabled: true } },
    });
    expect(await updated.json()).toMatchObject({
      display_name: "Renamed",
      config: { magic_link_enabled: true },
    });
    await expectKnownError(
      await t.request("/integrations/neon/projects/current", {
        accessType: "server",
        projectId: project.id,
      }),
      "INSUFFICIENT_ACCESS_TYPE",
      401,
    );
  });

  it("manages key sets as /internal/api-keys does", async () => {
    const { ask } = await adminOf();
    const created = await ask("/integrations/neon/api-keys", {
      body: {
        description: "partner",
        expires_at_millis: t.clock().getTime() + 3_600_000,
        has_publishable_client_key: false,
        has_secret_server_key: true,
        has_super_secret_admin_key: false,
      },
    });
    const { id } = (await created.json()) as { id: string };
    const listed = (await (await ask("/internal/api-keys")).json()) as { items: { id: string }[] };
    expect(listed.items.map((item) => item.id)).toContain(id);
    expect((await ask(`/integrations/neon/api-keys/${id}`)).status).toBe(200);
  });
});

describe("POST /integrations/neon/webhooks", () => {
  it("adds an endpoint to the project and answers its signing secret", async () => {
    const { project } = await adminOf();
    const response = await t.request("/integrations/neon/webhooks", {
      accessType: "admin",
      projectId: project.id,
      headers: neonClient,
      body: { url: "http://localhost:12345/webhook", description: "partner" },
    });
    expect(response.status).toBe(200);
    const { secret } = (await response.json()) as { secret: string };
    expect(secret).toMatch(/^whsec_/);
    const stored = await t.db
      .select()
      .from(webhookEndpoints)
      .where(eq(webhookEndpoints.projectId, project.id));
    expect(stored.map((row) => [row.url, row.description])).toEqual([
      ["http://localhost:12345/webhook", "partner"],
    ]);
  });

  it("needs the integration client's credentials and a valid URL", async () => {
    const { project } = await adminOf();
    const withoutClient = await t.request("/integrations/neon/webhooks", {
      accessType: "admin",
      projectId: project.id,
      body: { url: "https://hooks.example.com/" },
    });
    const body = await expectKnownError(withoutClient, "SCHEMA_ERROR", 400);
    expect(body.error).toContain("headers.authorization must be defined");
    const badUrl = await t.request("/integrations/neon/webhooks", {
      accessType: "admin",
      projectId: project.id,
      headers: neonClient,
      body: { url: "not a url" },
    });
    const badUrlBody = await expectKnownError(badUrl, "SCHEMA_ERROR", 400);
    expect(badUrlBody.error).toContain("body.url is not a valid URL");
    expect(
      await t.db.select().from(webhookEndpoints).where(eq(webhookEndpoints.projectId, project.id)),
    ).toEqual([]);
  });

  it("follows the outgoing-request policy: no private addresses where they are refused", async () => {
    const strict = await createTestAuthApi({ env: { OUTGOING_ALLOW_PRIVATE_NETWORKS: "false" } });
    try {
      const project = await strict.createProject();
      const response = await strict.request("/integrations/neon/webhooks", {
        accessType: "admin",
        projectId: project.id,
        headers: neonClient,
        body: { url: "http://127.0.0.1:5432/" },
      });
      expect(response.status).toBe(400);
      expect(await response.text()).toMatch(/^Invalid webhook URL: /);
    } finally {
      await strict.close();
    }
  });
});
