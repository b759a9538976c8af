/**
 * `/internal/projects` (contract §3.1, §3.2): internal users list, create and transfer the projects
 * their teams own; the admin reads, updates (the whole legacy config object) and deletes the current
 * project; production-mode domain checks (spec §5); and every rejected request leaves the stored
 * project as it was.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { projects } from "../../db/schema";
import { addTeamMember, createTeam, grantPermissions } from "../../services/teams/teams";
import { expectKnownError, expectTextError } from "../../testing/expect-known-error";
import { createTestAuthApi, type TestAuthApi, type TestUser } from "../../testing/test-auth-api";

let t: TestAuthApi;
let owner: TestUser;
let stranger: TestUser;
let ownerTeamId: string;

interface WireProject {
  id: string;
  display_name: string;
  description: string;
  owner_team_id: string | null;
  is_production_mode: boolean;
  onboarding_status: string;
  logo_url: string | null;
  created_at_millis: number;
  is_development_environment?: boolean;
  config: Record<string, unknown> & {
    domains: { domain: string; handler_path: string }[];
    oauth_providers: Record<string, unknown>[];
  };
}

/** A team of the internal project with these members (the teams API is another module's). */
async function internalTeam(...members: TestUser[]): Promise<string> {
  const teamId = await createTeam(
    t.db,
    { generateId: () => crypto.randomUUID() },
    {
      projectId: "internal",
      displayName: "Owners",
      now: t.clock(),
    },
  );
  for (const member of members) {
    await addTeamMember(t.db, {
      projectId: "internal",
      teamId,
      userId: member.userId,
      now: t.clock(),
    });
  }
  return teamId;
}

/** A direct grant of a team permission in a team of the internal project. */
async function grantTeamPermission(teamId: string, user: TestUser, permissionId: string) {
  await grantPermissions(
    t.db,
    { generateId: () => crypto.randomUUID() },
    {
      projectId: "internal",
      userId: user.userId,
      teamId,
      permissionIds: [permissionId],
      now: t.clock(),
    },
  );
}

const asInternalUser = (user: TestUser) => ({
  accessType: "client" as const,
  projectId: "internal",
  accessToken: user.accessToken,
});

/** The dashboard's way in: the owner's internal access token as admin access token. */
const asAdmin = (projectId: string, user: TestUser = owner) => ({
  accessType: "admin" as const,
  projectId,
  keys: null,
  adminAccessToken: user.accessToken,
});

// These helpers speak SDK 2.8.108's x-hexclave-* dialect, whose project view has every field; the
// reference's x-stack-* view is tested on its own below.
async function createOwnedProject(body: Record<string, unknown> = {}): Promise<WireProject> {
  const response = await t.request("/internal/projects", {
    ...asInternalUser(owner),
    spelling: "hexclave",
    body: { display_name: "Shop", owner_team_id: ownerTeamId, ...body },
  });
  expect(response.status).toBe(201);
  return (await response.json()) as WireProject;
}

async function readProject(projectId: string): Promise<WireProject> {
  const response = await t.request("/internal/projects/current", {
    ...asAdmin(projectId),
    spelling: "hexclave",
  });
  expect(response.status).toBe(200);
  return (await response.json()) as WireProject;
}

async function patchProject(projectId: string, body: unknown): Promise<Response> {
  return t.request("/internal/projects/current", {
    ...asAdmin(projectId),
    spelling: "hexclave",
    method: "PATCH",
    body,
  });
}

/** Projects created here have keys nobody saw: their admin creates users with the admin token. */
async function createUserAsAdmin(projectId: string, email: string): Promise<void> {
  const response = await t.request("/users", {
    ...asAdmin(projectId),
    body: { primary_email: email, primary_email_auth_enabled: true, password: "password123" },
  });
  expect(response.status).toBe(201);
}

async function projectCount(): Promise<number> {
  return (await t.db.select({ id: projects.id }).from(projects)).length;
}

beforeAll(async () => {
  t = await createTestAuthApi();
  owner = await t.signUpUser("internal");
  stranger = await t.signUpUser("internal");
  ownerTeamId = await internalTeam(owner);
  // As for a team its user created: the creator administers it (and may transfer its projects).
  await grantTeamPermission(ownerTeamId, owner, "team_admin");
});
afterAll(() => t.close());

describe("the project view in the reference's x-stack-* dialect", () => {
  it("leaves out the fields Stack Auth does not send and names enabled providers by id", async () => {
    const project = await createOwnedProject();
    const update = {
      config: {
        require_email_verification: true,
        oauth_providers: [{ id: "github", type: "shared" }],
      },
    };
    expect((await patchProject(project.id, update)).status).toBe(200);
    const full = await readProject(project.id);
    expect(full.is_development_environment).toBe(false);
    expect(full.config.require_email_verification).toBe(true);
    const asStack = async (response: Response) => {
      expect(response.status).toBeLessThan(300);
      return (await response.json()) as WireProject;
    };
    const stackViews = [
      await asStack(await t.request("/internal/projects/current", asAdmin(project.id))),
      await asStack(
        await t.request("/internal/projects/current", {
          ...asAdmin(project.id),
          method: "PATCH",
          body: { display_name: "Shop" },
        }),
      ),
      ...(
        (await asStack(
          await t.request("/internal/projects", asInternalUser(owner)),
        )) as unknown as {
          items: WireProject[];
        }
      ).items.filter((item) => item.id === project.id),
    ];
    expect(stackViews).toHaveLength(3);
    for (const view of stackViews) {
      expect(view).not.toHaveProperty("is_development_environment");
      expect(view.config).not.toHaveProperty("require_email_verification");
      expect(view.config.enabled_oauth_providers).toEqual([{ id: "github" }]);
      expect(view.config.oauth_providers).toEqual(full.config.oauth_providers);
    }
    const client = await t.request("/projects/current", {
      accessType: "client",
      projectId: project.id,
      keys: null,
    });
    expect((await asStack(client)).config).not.toHaveProperty("allow_localhost");
  });
});

describe("POST and GET /internal/projects", () => {
  it("creates a project owned by the user's team, with the new-project defaults", async () => {
    t.clock.advance(1000);
    const project = await createOwnedProject({ description: "Our shop" });
    expect(project).toMatchObject({
      display_name: "Shop",
      description: "Our shop",
      owner_team_id: ownerTeamId,
      is_production_mode: false,
      onboarding_status: "completed",
      logo_url: null,
      created_at_millis: t.clock().getTime(),
    });
    expect(project.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(project.config).toMatchObject({
      allow_localhost: true,
      sign_up_enabled: true,
      credential_enabled: true,
      magic_link_enabled: false,
      domains: [],
      oauth_providers: [],
      email_config: { type: "shared" },
      team_creator_default_permissions: [{ id: "team_admin" }],
      team_member_default_permissions: [{ id: "team_member" }],
      user_default_permissions: [],
      oauth_account_merge_strategy: "link_method",
    });

    const listed = await t.request("/internal/projects", asInternalUser(owner));
    const body = (await listed.json()) as { items: WireProject[]; is_paginated: boolean };
    expect(body.is_paginated).toBe(false);
    expect(body.items.map((p) => p.id)).toContain(project.id);

    const otherList = await t.request("/internal/projects", asInternalUser(stranger));
    expect(((await otherList.json()) as { items: WireProject[] }).items).toEqual([]);

    // No key set nobody was shown: the admin makes them at /internal/api-keys (as the reference).
    const keySets = await t.request("/internal/api-keys", asAdmin(project.id));
    expect(((await keySets.json()) as { items: unknown[] }).items).toEqual([]);
  });

  it("creates with a config and logos in one request", async () => {
    const project = await createOwnedProject({
      logo_url: "https://cdn.example.com/logo.png",
      onboarding_status: "auth_setup",
      config: {
        magic_link_enabled: true,
        domains: [{ domain: "https://shop.example.com", handler_path: "/auth" }],
      },
    });
    expect(project).toMatchObject({
      logo_url: "https://cdn.example.com/logo.png",
      onboarding_status: "auth_setup",
    });
    expect(project.config).toMatchObject({
      magic_link_enabled: true,
      domains: [{ domain: "https://shop.example.com", handler_path: "/auth" }],
    });
  });

  it("refuses callers without a user, other projects and teams the user is not in", async () => {
    const before = await projectCount();
    await expectKnownError(
      await t.request("/internal/projects", {
        accessType: "client",
        projectId: "internal",
        body: { display_name: "X", owner_team_id: ownerTeamId },
      }),
      "USER_AUTHENTICATION_REQUIRED",
      401,
    );
    await expectKnownError(
      await t.request("/internal/projects", { accessType: "client", projectId: "internal" }),
      "USER_AUTHENTICATION_REQUIRED",
      401,
    );
    const other = await t.createProject();
    const otherUser = await t.signUpUser(other.id);
    await expectKnownError(
      await t.request("/internal/projects", {
        accessType: "client",
        projectId: other.id,
        accessToken: otherUser.accessToken,
        body: { display_name: "X", owner_team_id: ownerTeamId },
      }),
      "EXPECTED_INTERNAL_PROJECT",
      401,
    );
    const body = await expectKnownError(
      await t.request("/internal/projects", {
        ...asInternalUser(stranger),
        body: { display_name: "X", owner_team_id: ownerTeamId },
      }),
      "TEAM_MEMBERSHIP_NOT_FOUND",
      404,
    );
    expect(body.details).toEqual({ team_id: ownerTeamId, user_id: stranger.userId });
    await expectKnownError(
      await t.request("/internal/projects", {
        ...asInternalUser(owner),
        body: { owner_team_id: ownerTeamId },
      }),
      "SCHEMA_ERROR",
      400,
    );
    // A new project in production mode is checked too (new projects allow localhost).
    const production = await t.request("/internal/projects", {
      ...asInternalUser(owner),
      body: { display_name: "X", owner_team_id: ownerTeamId, is_production_mode: true },
    });
    expect(production.status).toBe(400);
    expect(await production.text()).toContain("turn off 'Allow localhost'");
    expect(await projectCount()).toBe(before + 1); // only t.createProject above added one
  });
});

describe("/internal/projects/current access", () => {
  it("answers admins only: server and client keys get INSUFFICIENT_ACCESS_TYPE", async () => {
    const project = await createOwnedProject();
    const keyed = await t.createProject();
    for (const method of ["GET", "PATCH", "DELETE"]) {
      for (const accessType of ["client", "server"] as const) {
        const body = await expectKnownError(
          await t.request("/internal/projects/current", {
            accessType,
            projectId: keyed.id,
            method,
            ...(method === "PATCH" ? { body: { display_name: "Hacked" } } : {}),
          }),
          "INSUFFICIENT_ACCESS_TYPE",
          401,
        );
        expect(body.details).toEqual({
          actual_access_type: accessType,
          allowed_access_types: ["admin"],
        });
      }
    }
    await expectKnownError(
      await t.request("/internal/projects/current", asAdmin(project.id, stranger)),
      "ADMIN_ACCESS_TOKEN_IS_NOT_ADMIN",
      401,
    );
    await expectKnownError(
      await t.request("/internal/projects/current", {
        accessType: "admin",
        projectId: keyed.id,
        keys: { superSecretAdminKey: "sak_wrong" },
      }),
      "INVALID_SUPER_SECRET_ADMIN_KEY",
      401,
    );
    // The keyed project is untouched and readable with its real admin key.
    const read = await t.request("/internal/projects/current", {
      accessType: "admin",
      projectId: keyed.id,
    });
    expect(((await read.json()) as WireProject).display_name).toBe("Test Project");
  });
});

describe("PATCH /internal/projects/current", () => {
  it("updates every field and flag of the config object, and the client project follows", async () => {
    const project = await createOwnedProject();
    const update = {
      display_name: "Shop 2",
      description: "New description",
      logo_url: "https://cdn.example.com/l.png",
      logo_full_url: "https://cdn.example.com/f.png",
      logo_dark_mode_url: "https://cdn.example.com/d.png",
      logo_full_dark_mode_url: "https://cdn.example.com/fd.png",
      onboarding_status: "welcome",
      config: {
        allow_localhost: false,
        sign_up_enabled: false,
        credential_enabled: false,
        magic_link_enabled: true,
        passkey_enabled: true,
        client_team_creation_enabled: true,
        client_user_deletion_enabled: true,
        allow_user_api_keys: true,
        allow_team_api_keys: true,
        create_team_on_sign_up: true,
        require_email_verification: true,
        oauth_account_merge_strategy: "raise_error",
        domains: [
          { domain: "https://shop.example.com", handler_path: "/handler" },
          { domain: "https://*.shop.example.com", handler_path: "/auth/handler" },
        ],
        oauth_providers: [
          { id: "github", type: "shared" },
          {
            id: "microsoft",
            type: "standard",
            client_id: "ms-client",
            client_secret: "ms-secret",
            microsoft_tenant_id: "tenant-1",
          },
          {
            id: "facebook",
            type: "standard",
            client_id: "fb-client",
            client_secret: "fb-secret",
            facebook_config_id: "fb-config",
          },
        ],
        email_config: {
          type: "standard",
          host: "smtp.example.com",
          port: 587,
          username: "mailer",
          password: "mail-secret",
          sender_name: "Shop",
          sender_email: "noreply@shop.example.com",
        },
        email_theme: "1df07ae6-abf3-4a40-83a5-a1a2cbe336ac",
        team_creator_default_permissions: [{ id: "team_member" }],
        team_member_default_permissions: [],
        user_default_permissions: [],
      },
    };
    const response = await patchProject(project.id, update);
    expect(response.status).toBe(200);
    const updated = (await response.json()) as WireProject;
    const { config, ...fields } = update;
    expect(updated).toMatchObject(fields);
    const { oauth_providers: _providers, ...flags } = config;
    expect(updated.config).toMatchObject(flags);
    expect(updated.config.oauth_providers).toEqual([
      {
        provider_config_id: "facebook",
        id: "facebook",
        type: "standard",
        client_id: "fb-client",
        client_secret: "fb-secret",
        facebook_config_id: "fb-config",
      },
      { provider_config_id: "github", id: "github", type: "shared" },
      {
        provider_config_id: "microsoft",
        id: "microsoft",
        type: "standard",
        client_id: "ms-client",
        client_secret: "ms-secret",
        microsoft_tenant_id: "tenant-1",
      },
    ]);
    expect(await readProject(project.id)).toEqual(updated);

    // The client project (what SDKs and sign-in pages read) shows the same settings.
    const clientView = await t.request("/projects/current", {
      accessType: "client",
      projectId: project.id,
      keys: null,
      spelling: "hexclave",
    });
    expect(await clientView.json()).toMatchObject({
      display_name: "Shop 2",
      config: {
        sign_up_enabled: false,
        credential_enabled: false,
        magic_link_enabled: true,
        allow_localhost: false,
        allow_user_api_keys: true,
        enabled_oauth_providers: [{ id: "facebook" }, { id: "github" }, { id: "microsoft" }],
        domains: [
          { domain: "https://*.shop.example.com", handler_path: "/auth/handler" },
          { domain: "https://shop.example.com", handler_path: "/handler" },
        ],
      },
    });

    // The flags take effect: password sign-in is now off.
    await expectKnownError(
      await t.request("/auth/password/sign-in", {
        accessType: "client",
        projectId: project.id,
        keys: null,
        body: { email: "a@example.com", password: "password123" },
      }),
      "PASSWORD_AUTHENTICATION_NOT_ENABLED",
      400,
    );

    // Back to shared e-mail and no providers; untouched keys stay.
    const back = await patchProject(project.id, {
      config: { email_config: { type: "shared" }, oauth_providers: [] },
    });
    const backBody = (await back.json()) as WireProject;
    expect(backBody.config).toMatchObject({
      email_config: { type: "shared" },
      oauth_providers: [],
      magic_link_enabled: true,
      domains: update.config.domains,
    });
  });

  it("keeps a provider stored under its own config id (OIDC) with its extra settings", async () => {
    const { id } = await t.createProject({
      ownerTeamId,
      config: {
        auth: {
          oauth: {
            providers: {
              "company-sso": {
                type: "oidc",
                isShared: false,
                clientId: "old-id",
                clientSecret: "old-secret",
                issuerUrl: "https://sso.example.com",
                allowConnectedAccounts: false,
              },
            },
          },
        },
      },
    });
    const response = await patchProject(id, {
      config: {
        oauth_providers: [
          { id: "oidc", type: "standard", client_id: "new-id", client_secret: "new-secret" },
        ],
      },
    });
    expect(((await response.json()) as WireProject).config.oauth_providers).toEqual([
      {
        provider_config_id: "company-sso",
        id: "oidc",
        type: "standard",
        client_id: "new-id",
        client_secret: "new-secret",
      },
    ]);
    const rendered = await t.request("/internal/config", asAdmin(id));
    const config = JSON.parse(((await rendered.json()) as { config_string: string }).config_string);
    expect(config.auth.oauth.providers).toEqual({
      "company-sso": {
        type: "oidc",
        allowSignIn: true,
        allowConnectedAccounts: false,
        isShared: false,
        clientId: "new-id",
        clientSecret: "new-secret",
        issuerUrl: "https://sso.example.com",
      },
    });
  });

  it("takes a sender address by the HTML form rule, as the reference does", async () => {
    const project = await createOwnedProject();
    const email_config = {
      type: "standard",
      host: "smtp.example.com",
      port: 587,
      username: "mailer",
      password: "mail-secret",
      sender_name: "Shop",
      sender_email: "test@email.com2",
    };
    const response = await patchProject(project.id, { config: { email_config } });
    expect(response.status).toBe(200);
    expect(((await response.json()) as WireProject).config.email_config).toEqual(email_config);
  });

  it("selects any built-in e-mail theme by the reference's id (Default Dark's included)", async () => {
    const project = await createOwnedProject();
    const dark = await patchProject(project.id, {
      config: { email_theme: "a0172b5d-cff0-463b-83bb-85124697373a" },
    });
    expect(dark.status).toBe(200);
    expect(((await dark.json()) as WireProject).config.email_theme).toBe(
      "a0172b5d-cff0-463b-83bb-85124697373a",
    );
  });

  it("rejects bad input with clear errors and leaves the project unchanged", async () => {
    const project = await createOwnedProject();
    const before = await readProject(project.id);
    const schemaBodies = [
      { config: { domains: [{ domain: "shop.example.com", handler_path: "/handler" }] } },
      { config: { domains: [{ domain: "https://shop.example.com", handler_path: "handler" }] } },
      { config: { oauth_providers: [{ id: "github", type: "standard" }] } },
      { config: { oauth_providers: [{ id: "github", type: "custom" }] } },
      { config: { email_config: { type: "standard", host: "smtp.example.com" } } },
      { config: { oauth_account_merge_strategy: "merge_everything" } },
      { config: { sign_up_enabled: "yes" } },
      { config: { unknown_flag: true } },
      { onboarding_status: "halfway" },
      { display_name: "" },
    ];
    for (const body of schemaBodies) {
      await expectKnownError(await patchProject(project.id, body), "SCHEMA_ERROR", 400);
    }
    // The reference's lines, word for word.
    const problemLines = async (body: unknown) =>
      (await expectKnownError(await patchProject(project.id, body), "SCHEMA_ERROR", 400)).error
        .split("\n")
        .slice(1);
    expect(
      await problemLines({
        config: { domains: [{ domain: "whatever://shop.example.com", handler_path: "/handler" }] },
      }),
    ).toEqual(["  - URL must start with http:// or https://"]);
    expect(
      await problemLines({
        config: {
          oauth_providers: [
            { id: "google", type: "standard", client_id: "id", client_secret: "" },
            { id: "github", type: "standard" },
          ],
        },
      }),
    ).toEqual([
      "  - body.config.oauth_providers[0].client_secret must not be empty",
      "  - body.config.oauth_providers[1].client_id must be defined",
      "  - body.config.oauth_providers[1].client_secret must be defined",
    ]);
    await expectTextError(
      await patchProject(project.id, { config: { email_theme: "no-such-theme" } }),
      400,
      "Invalid email theme",
    );
    const missing = await expectKnownError(
      await patchProject(project.id, {
        config: { team_member_default_permissions: [{ id: "no_such_permission" }] },
      }),
      "PERMISSION_NOT_FOUND",
      404,
    );
    expect(missing.details).toEqual({ permission_id: "no_such_permission" });
    await expectTextError(
      await patchProject(project.id, {
        config: {
          domains: [
            { domain: "https://a.example.com", handler_path: "/handler" },
            { domain: "https://a.example.com", handler_path: "/other" },
          ],
        },
      }),
      400,
      "Duplicate domain found: https://a.example.com",
    );
    expect(await readProject(project.id)).toEqual(before);
  });
});

describe("production mode", () => {
  const productionDomains = [{ domain: "https://*.example.com", handler_path: "/handler" }];

  it("lists every domain problem and keeps the project out of production mode", async () => {
    const project = await createOwnedProject();
    const before = await readProject(project.id);
    const response = await patchProject(project.id, {
      is_production_mode: true,
      config: {
        domains: [
          { domain: "http://localhost:3000", handler_path: "/handler" },
          { domain: "https://127.0.0.5", handler_path: "/handler" },
          { domain: "https://10.1.2.3", handler_path: "/handler" },
          { domain: "http://shop.example.com", handler_path: "/handler" },
          { domain: "https://exa mple.com", handler_path: "/handler" },
        ],
      },
    });
    expect(response.status).toBe(400);
    const text = await response.text();
    expect(text.split("\n")).toEqual([
      "The project cannot be in production mode:",
      "  - Localhost is not allowed in production mode, turn off 'Allow localhost' in project settings",
      "  - Localhost domains are not allowed to be trusted in production mode: http://localhost:3000",
      "  - Localhost domains are not allowed to be trusted in production mode: https://127.0.0.5",
      "  - Direct IPs are not valid for trusted domains in production mode: https://10.1.2.3",
      "  - Trusted domains should be HTTPS: http://shop.example.com",
      "  - Trusted domain is not a valid URL: https://exa mple.com",
    ]);
    expect(await readProject(project.id)).toEqual(before);

    // Only the localhost flag left: still refused.
    const flagOnly = await patchProject(project.id, {
      is_production_mode: true,
      config: { domains: productionDomains },
    });
    expect(flagOnly.status).toBe(400);
    expect(await flagOnly.text()).toContain("turn off 'Allow localhost'");
    expect((await readProject(project.id)).is_production_mode).toBe(false);
  });

  it("is accepted with its problems under AUTH_PRODUCTION_MODE_CHECKS=false (the reference's behaviour)", async () => {
    const project = await createOwnedProject();
    const lenient = await createTestAuthApi({
      connection: t.connection,
      clock: t.clock,
      env: { AUTH_PRODUCTION_MODE_CHECKS: "false" },
    });
    try {
      const response = await lenient.request("/internal/projects/current", {
        ...asAdmin(project.id),
        spelling: "hexclave",
        method: "PATCH",
        body: { display_name: "Updated Project", is_production_mode: true },
      });
      expect(response.status).toBe(200);
      expect(await response.json()).toMatchObject({
        display_name: "Updated Project",
        is_production_mode: true,
        config: { allow_localhost: true },
      });
    } finally {
      await lenient.close();
    }
  });

  it("accepts https domains with wildcards, then guards them and the redirect URLs", async () => {
    const project = await createOwnedProject();
    const ok = await patchProject(project.id, {
      is_production_mode: true,
      config: { allow_localhost: false, domains: productionDomains },
    });
    expect(ok.status).toBe(200);
    expect(((await ok.json()) as WireProject).is_production_mode).toBe(true);

    // While in production mode, a change that breaks the rules is refused.
    const http = await patchProject(project.id, {
      config: { domains: [{ domain: "http://shop.example.com", handler_path: "/handler" }] },
    });
    expect(http.status).toBe(400);
    const localhost = await patchProject(project.id, { config: { allow_localhost: true } });
    expect(localhost.status).toBe(400);
    expect((await readProject(project.id)).config.domains).toEqual(productionDomains);

    // Redirect URLs must be on a trusted domain (localhost is no longer trusted).
    const email = "reset-me@example.com";
    await createUserAsAdmin(project.id, email);
    const sendReset = (callbackUrl: string) =>
      t.request("/auth/password/send-reset-code", {
        accessType: "client",
        projectId: project.id,
        keys: null,
        body: { email, callback_url: callbackUrl },
      });
    await expectKnownError(
      await sendReset("http://localhost:3000/handler/password-reset"),
      "REDIRECT_URL_NOT_WHITELISTED",
      400,
    );
    await expectKnownError(
      await sendReset("https://evil.com/handler/password-reset"),
      "REDIRECT_URL_NOT_WHITELISTED",
      400,
    );
    await expectKnownError(
      await sendReset("http://app.example.com/handler/password-reset"),
      "REDIRECT_URL_NOT_WHITELISTED",
      400,
    );
    expect((await sendReset("https://app.example.com/handler/password-reset")).status).toBe(200);

    // Leaving production mode needs no checks.
    const off = await patchProject(project.id, { is_production_mode: false });
    expect(off.status).toBe(200);
  });
});

const transfer = (user: TestUser, body: unknown) =>
  t.request("/internal/projects/transfer", { ...asInternalUser(user), body });

describe("DELETE /internal/projects/current and transfer", () => {
  it("deletes the project and everything in it", async () => {
    const project = await createOwnedProject();
    await createUserAsAdmin(project.id, "doomed@example.com");
    const response = await t.request("/internal/projects/current", {
      ...asAdmin(project.id),
      method: "DELETE",
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ success: true });
    await expectKnownError(
      await t.request("/internal/projects/current", asAdmin(project.id)),
      "CURRENT_PROJECT_NOT_FOUND",
      400,
    );
    const listed = await t.request("/internal/projects", asInternalUser(owner));
    const ids = ((await listed.json()) as { items: WireProject[] }).items.map((p) => p.id);
    expect(ids).not.toContain(project.id);
  });

  it("never deletes the internal project", async () => {
    await expectTextError(
      await t.request("/internal/projects/current", {
        accessType: "admin",
        projectId: "internal",
        method: "DELETE",
      }),
      400,
      "The internal project cannot be deleted.",
    );
    expect((await t.db.select().from(projects).where(eq(projects.id, "internal"))).length).toBe(1);
  });

  it("moves a project to another team of the user", async () => {
    const project = await createOwnedProject();
    const colleague = await t.signUpUser("internal");
    const newTeamId = await internalTeam(owner, colleague);

    const moved = await transfer(owner, { project_id: project.id, new_team_id: newTeamId });
    expect(moved.status).toBe(200);
    expect(await moved.json()).toEqual({ success: "true" });
    expect((await readProject(project.id)).owner_team_id).toBe(newTeamId);
    // The colleague administers it now.
    const asColleague = await t.request(
      "/internal/projects/current",
      asAdmin(project.id, colleague),
    );
    expect(asColleague.status).toBe(200);
    const list = await t.request("/internal/projects", asInternalUser(colleague));
    expect(((await list.json()) as { items: WireProject[] }).items.map((p) => p.id)).toEqual([
      project.id,
    ]);
  });

  it("needs team_admin in the current owner team; a plain member is refused", async () => {
    const project = await createOwnedProject();
    const member = await t.signUpUser("internal");
    await addTeamMember(t.db, {
      projectId: "internal",
      teamId: ownerTeamId,
      userId: member.userId,
      now: t.clock(),
    });
    const membersTeamId = await internalTeam(member);
    const foreignTeamId = await internalTeam(stranger);

    await expectKnownError(
      await transfer(member, { project_id: project.id, new_team_id: membersTeamId }),
      "TEAM_PERMISSION_REQUIRED",
      401,
    );
    await expectKnownError(
      await transfer(stranger, { project_id: project.id, new_team_id: foreignTeamId }),
      "TEAM_MEMBERSHIP_NOT_FOUND",
      404,
    );
    // The owner administers the project's team but does not belong to the target team.
    await expectKnownError(
      await transfer(owner, { project_id: project.id, new_team_id: foreignTeamId }),
      "TEAM_MEMBERSHIP_NOT_FOUND",
      404,
    );
    await expectKnownError(await transfer(owner, { project_id: project.id }), "SCHEMA_ERROR", 400);
    expect((await readProject(project.id)).owner_team_id).toBe(ownerTeamId);

    // team_admin through a permission that contains it counts (the check is recursive).
    const defined = await t.request("/team-permission-definitions", {
      accessType: "admin",
      projectId: "internal",
      body: { id: "project_mover", contained_permission_ids: ["team_admin"] },
    });
    expect(defined.status).toBe(201);
    await grantTeamPermission(ownerTeamId, member, "project_mover");
    const moved = await transfer(member, { project_id: project.id, new_team_id: membersTeamId });
    expect(moved.status).toBe(200);
    const [row] = await t.db.select().from(projects).where(eq(projects.id, project.id));
    expect(row?.ownerTeamId).toBe(membersTeamId);
  });

  it("refuses unknown projects, projects without an owner team and the internal project", async () => {
    const newTeamId = await internalTeam(owner);
    const unknownId = crypto.randomUUID();
    await expectKnownError(
      await transfer(owner, { project_id: unknownId, new_team_id: newTeamId }),
      "PROJECT_NOT_FOUND",
      404,
    );
    const unowned = await t.createProject();
    await expectTextError(
      await transfer(owner, { project_id: unowned.id, new_team_id: newTeamId }),
      400,
      "Project must have an owner team to be transferred",
    );
    const [row] = await t.db.select().from(projects).where(eq(projects.id, unowned.id));
    expect(row?.ownerTeamId).toBeNull();
    await expectTextError(
      await transfer(owner, { project_id: "internal", new_team_id: newTeamId }),
      400,
      "The internal project cannot be transferred.",
    );
    const [internal] = await t.db.select().from(projects).where(eq(projects.id, "internal"));
    expect(internal?.ownerTeamId).not.toBe(newTeamId);
  });
});
