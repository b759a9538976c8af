/**
 * `/integrations/{neon,custom}/projects/...`: integration clients provision projects and hand them
 * over once to a signed-in dashboard user; everyone else is refused with the reference's answers and
 * nothing is stored.
 */
import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { projectApiKeys, projects, provisionedProjects, teamMembers } from "../../db/schema";
import { expectKnownError, expectTextError } from "../../testing/expect-known-error";
import { createTestAuthApi, type TestAuthApi, type TestUser } from "../../testing/test-auth-api";

const basic = (id: string, secret: string) =>
  `Basic ${Buffer.from(`${id}:${secret}`).toString("base64")}`;
const neonClient = { authorization: basic("neon-local", "neon-local-secret") };
const customClient = { authorization: basic("custom-local", "custom-local-secret") };

let t: TestAuthApi;
let dashboardUser: TestUser;

beforeAll(async () => {
  t = await createTestAuthApi();
  dashboardUser = await t.signUpUser("internal", { email: "dashboard@example.com" });
});
afterAll(() => t.close());

async function projectCount(): Promise<number> {
  const [row] = await t.db.select({ n: count() }).from(projects);
  return row?.n ?? 0;
}

async function provision(
  family: "neon" | "custom" = "neon",
  headers: Record<string, string> = family === "neon" ? neonClient : customClient,
) {
  const response = await t.request(`/integrations/${family}/projects/provision`, {
    body: { display_name: "Partner project" },
    headers,
  });
  expect(response.status).toBe(200);
  return (await response.json()) as { project_id: string; super_secret_admin_key: string };
}

async function initiate(projectId: string, family: "neon" | "custom" = "neon") {
  const response = await t.request(`/integrations/${family}/projects/transfer/initiate`, {
    body: { project_id: projectId },
    headers: family === "neon" ? neonClient : customClient,
  });
  expect(response.status).toBe(200);
  const { confirmation_url } = (await response.json()) as { confirmation_url: string };
  return new URL(confirmation_url);
}

function confirm(
  code: string,
  options: { family?: "neon" | "custom"; user?: TestUser | null } = {},
) {
  const user = options.user === undefined ? dashboardUser : options.user;
  return t.request(`/integrations/${options.family ?? "neon"}/projects/transfer/confirm`, {
    accessType: "client",
    ...(user ? { accessToken: user.accessToken } : {}),
    body: { code },
  });
}

describe("POST /integrations/neon/projects/provision", () => {
  it("makes an unowned project with the reference's starting config and one admin key", async () => {
    const provisioned = await provision();
    const read = await t.request("/internal/projects/current", {
      accessType: "admin",
      projectId: provisioned.project_id,
      keys: { superSecretAdminKey: provisioned.super_secret_admin_key },
    });
    expect(read.status).toBe(200);
    const project = (await read.json()) as Record<string, unknown> & {
      config: Record<string, unknown>;
    };
    expect(project).toMatchObject({
      display_name: "Partner project",
      description: "Created with Neon",
      owner_team_id: null,
      is_production_mode: false,
    });
    expect(project.config).toMatchObject({
      allow_localhost: true,
      credential_enabled: true,
      sign_up_enabled: true,
      oauth_providers: [
        { id: "github", provider_config_id: "github", type: "shared" },
        { id: "google", provider_config_id: "google", type: "shared" },
      ],
    });
    const keySets = await t.db
      .select()
      .from(projectApiKeys)
      .where(eq(projectApiKeys.projectId, provisioned.project_id));
    expect(keySets).toHaveLength(1);
    expect(keySets[0]).toMatchObject({
      description: "Auto-generated for Neon Auth (DO NOT DELETE)",
      publishableClientKeyHash: null,
      secretServerKeyHash: null,
    });
    const [row] = await t.db
      .select()
      .from(provisionedProjects)
      .where(eq(provisionedProjects.projectId, provisioned.project_id));
    expect(row?.clientId).toBe("neon-local");
  });

  it("words custom projects as the reference does", async () => {
    const provisioned = await provision("custom");
    const [project] = await t.db
      .select()
      .from(projects)
      .where(eq(projects.id, provisioned.project_id));
    expect(project?.description).toBe("Project created by an external integration");
  });

  it.each([
    ["no header", {}, "headers.authorization must be defined"],
    [
      "a malformed header",
      { authorization: "Basic" },
      'Authorization header must be in the format "Basic <base64>"',
    ],
    [
      "a wrong secret",
      { authorization: basic("neon-local", "neon-local-s%cret") },
      "Invalid client_id:client_secret values; did you use the correct values for the integration?",
    ],
  ])("refuses %s with a SCHEMA_ERROR and creates nothing", async (_what, headers, line) => {
    const before = await projectCount();
    const response = await t.request("/integrations/neon/projects/provision", {
      body: { display_name: "Partner project" },
      headers,
    });
    const body = await expectKnownError(response, "SCHEMA_ERROR", 400);
    expect(body.error).toBe(
      `Request validation failed on POST /api/v1/integrations/neon/projects/provision:\n  - ${line}`,
    );
    expect(await projectCount()).toBe(before);
  });

  it("refuses Neon databases (connection_strings) and checks their shape", async () => {
    const before = await projectCount();
    const withDatabase = await t.request("/integrations/neon/projects/provision", {
      body: {
        display_name: "Partner project",
        connection_strings: [{ branch_id: "main", connection_string: "postgres://x@y/z" }],
      },
      headers: neonClient,
    });
    expect(withDatabase.status).toBe(400);
    expect(await withDatabase.text()).toMatch(/connection_strings .* are not supported/);
    const malformed = await t.request("/integrations/neon/projects/provision", {
      body: { display_name: "Partner project", connection_strings: [{ branch_id: "main" }] },
      headers: neonClient,
    });
    await expectKnownError(malformed, "SCHEMA_ERROR", 400);
    const empty = await t.request("/integrations/neon/projects/provision", {
      body: { display_name: "Partner project", connection_strings: [] },
      headers: neonClient,
    });
    expect(empty.status).toBe(200);
    expect(await projectCount()).toBe(before + 1);
  });

  it("lets no one in outside development without a configured client list", async () => {
    const production = await createTestAuthApi({ isDevelopment: false });
    try {
      const response = await production.request("/integrations/neon/projects/provision", {
        body: { display_name: "Partner project" },
        headers: neonClient,
      });
      const body = await expectKnownError(response, "SCHEMA_ERROR", 400);
      expect(body.error).toContain("Invalid client_id:client_secret values");
    } finally {
      await production.close();
    }
  });

  it("takes only the configured clients when a list is given", async () => {
    const configured = await createTestAuthApi({
      env: {
        STACK_INTEGRATION_CLIENTS_CONFIG: JSON.stringify([
          { client_id: "partner", client_secret: "partner-secret" },
        ]),
      },
    });
    try {
      const ask = (headers: Record<string, string>) =>
        configured.request("/integrations/custom/projects/provision", {
          body: { display_name: "Partner project" },
          headers,
        });
      expect((await ask({ authorization: basic("partner", "partner-secret") })).status).toBe(200);
      await expectKnownError(await ask(customClient), "SCHEMA_ERROR", 400);
    } finally {
      await configured.close();
    }
  });
});

describe("project transfers", () => {
  const refused =
    "This project either doesn't exist or the current Neon client is not authorized to transfer it. Note that projects can only be transferred once.";

  it("hands a provisioned project to the confirming user's new team, once", async () => {
    const { project_id } = await provision();
    const ready = await t.request(`/integrations/neon/projects/transfer?project_id=${project_id}`, {
      headers: neonClient,
    });
    expect(await ready.json()).toEqual({
      message: "Ready to transfer project; please use the POST method to initiate it.",
    });

    const link = await initiate(project_id);
    // Development: the reference's dashboard sits one port below the API (8101 beside 8102).
    expect(`${link.origin}${link.pathname}`).toBe(
      "http://localhost:8101/integrations/neon/projects/transfer/confirm",
    );
    const code = link.searchParams.get("code") ?? "";
    expect(code).toHaveLength(45);

    const check = await t.request("/integrations/neon/projects/transfer/confirm/check", {
      accessType: "client",
      body: { code },
    });
    expect(await check.json()).toEqual({ is_code_valid: true });

    const confirmed = await confirm(code);
    expect(confirmed.status).toBe(200);
    expect(await confirmed.json()).toEqual({ project_id });

    const [project] = await t.db.select().from(projects).where(eq(projects.id, project_id));
    expect(project?.ownerTeamId).not.toBeNull();
    const members = await t.db
      .select()
      .from(teamMembers)
      .where(eq(teamMembers.teamId, project?.ownerTeamId ?? ""));
    expect(members.map((member) => member.userId)).toEqual([dashboardUser.userId]);
    const owned = await t.request("/internal/projects", {
      accessType: "client",
      accessToken: dashboardUser.accessToken,
    });
    const { items } = (await owned.json()) as { items: { id: string }[] };
    expect(items.map((item) => item.id)).toContain(project_id);

    // Once: the client can neither look at nor start it again, the code is spent.
    await expectTextError(
      await t.request(`/integrations/neon/projects/transfer?project_id=${project_id}`, {
        headers: neonClient,
      }),
      400,
      refused,
    );
    await expectTextError(
      await t.request("/integrations/neon/projects/transfer/initiate", {
        body: { project_id },
        headers: neonClient,
      }),
      400,
      refused,
    );
    await expectKnownError(
      await t.request("/integrations/neon/projects/transfer/confirm/check", {
        accessType: "client",
        body: { code },
      }),
      "VERIFICATION_CODE_ALREADY_USED",
      409,
    );
  });

  it("confirms only one of two codes for the same project", async () => {
    const { project_id } = await provision();
    const first = (await initiate(project_id)).searchParams.get("code") ?? "";
    const second = (await initiate(project_id)).searchParams.get("code") ?? "";
    expect((await confirm(first)).status).toBe(200);
    await expectTextError(
      await confirm(second),
      400,
      "The project to transfer was not provisioned by Neon or has already been transferred.",
    );
  });

  it("refuses projects the client did not provision", async () => {
    const own = await t.createProject();
    await expectTextError(
      await t.request(`/integrations/neon/projects/transfer?project_id=${own.id}`, {
        headers: neonClient,
      }),
      400,
      refused,
    );
    const custom = await provision("custom");
    await expectTextError(
      await t.request("/integrations/neon/projects/transfer/initiate", {
        body: { project_id: custom.project_id },
        headers: neonClient,
      }),
      400,
      refused,
    );
    // The custom client is another client: its projects are its own.
    const other = await provision("custom");
    const viaCustomWithNeonCredentials = await t.request(
      "/integrations/custom/projects/transfer/initiate",
      { body: { project_id: other.project_id }, headers: neonClient },
    );
    await expectTextError(
      viaCustomWithNeonCredentials,
      400,
      "This project either doesn't exist or the current external project is not authorized to transfer it. Note that projects can only be transferred once.",
    );
  });

  it("needs a signed-in user of the internal project, and keeps the code until then", async () => {
    const { project_id } = await provision();
    const code = (await initiate(project_id)).searchParams.get("code") ?? "";
    await expectKnownError(
      await t.request("/integrations/neon/projects/transfer/confirm", { body: { code } }),
      "ACCESS_TYPE_REQUIRED",
      400,
    );
    await expectKnownError(
      await confirm(code, { user: null }),
      "USER_AUTHENTICATION_REQUIRED",
      401,
    );
    const elsewhere = await t.createProject();
    await expectKnownError(
      await t.request("/integrations/neon/projects/transfer/confirm", {
        accessType: "client",
        projectId: elsewhere.id,
        body: { code },
      }),
      "VERIFICATION_CODE_NOT_FOUND",
      404,
    );
    // A Neon code means nothing to the custom family's endpoints.
    await expectKnownError(
      await confirm(code, { family: "custom" }),
      "VERIFICATION_CODE_NOT_FOUND",
      404,
    );
    expect((await confirm(code)).status).toBe(200);
  });

  it("links to STACK_DASHBOARD_URL when it is set", async () => {
    const configured = await createTestAuthApi({
      env: { STACK_DASHBOARD_URL: "https://dashboard.example.org/" },
    });
    try {
      const provisioned = await configured.request("/integrations/custom/projects/provision", {
        body: { display_name: "Partner project" },
        headers: customClient,
      });
      const { project_id } = (await provisioned.json()) as { project_id: string };
      const response = await configured.request("/integrations/custom/projects/transfer", {
        body: { project_id },
        headers: customClient,
      });
      const { confirmation_url } = (await response.json()) as { confirmation_url: string };
      expect(confirmation_url).toMatch(
        /^https:\/\/dashboard\.example\.org\/integrations\/custom\/projects\/transfer\/confirm\?code=[a-z0-9]{45}$/,
      );
    } finally {
      await configured.close();
    }
  });
});
