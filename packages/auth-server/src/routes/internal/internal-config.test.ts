/**
 * `/internal/config` (contract §3.7): the rendered config and dot-notation overrides, kept
 * consistent with the admin project object; level rules, server access only for `branch`, rejected
 * overrides leave the config unchanged; the pushed branch config's source (read, unlink).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ProjectConfig } from "../../services/projects/project-config";
import { expectKnownError, expectTextError } from "../../testing/expect-known-error";
import { createTestAuthApi, type TestAuthApi } from "../../testing/test-auth-api";

let t: TestAuthApi;
let projectId: string;

const asAdmin = () => ({ accessType: "admin" as const, projectId });

async function renderedConfig(): Promise<ProjectConfig> {
  const response = await t.request("/internal/config", asAdmin());
  expect(response.status).toBe(200);
  const body = (await response.json()) as { config_string: string };
  return JSON.parse(body.config_string) as ProjectConfig;
}

async function adminProject(): Promise<{ config: Record<string, unknown> }> {
  const response = await t.request("/internal/projects/current", asAdmin());
  return (await response.json()) as { config: Record<string, unknown> };
}

function patchOverride(
  level: string,
  override: unknown,
  accessType: "admin" | "server" | "client" = "admin",
) {
  return t.request(`/internal/config/override/${level}`, {
    accessType,
    projectId,
    method: "PATCH",
    body: { config_override_string: JSON.stringify(override) },
  });
}

beforeAll(async () => {
  t = await createTestAuthApi();
  projectId = (await t.createProject()).id;
});
afterAll(() => t.close());

describe("GET /internal/config", () => {
  it("renders the whole config with defaults", async () => {
    const config = await renderedConfig();
    expect(config.auth.allowSignUp).toBe(true);
    expect(config.auth.password.allowSignIn).toBe(true);
    expect(config.project.requirePublishableClientKey).toBe(false);
    expect(config.rbac.permissions.team_admin?.scope).toBe("team");
  });

  it("is admin only", async () => {
    for (const accessType of ["client", "server"] as const) {
      await expectKnownError(
        await t.request("/internal/config", { accessType, projectId }),
        "INSUFFICIENT_ACCESS_TYPE",
        401,
      );
    }
  });
});

describe("PATCH /internal/config/override/{level}", () => {
  it("applies dot-notation and nested keys; the project object shows the same", async () => {
    const response = await patchOverride("environment", {
      "auth.otp.allowSignIn": true,
      "auth.oauth.providers.spotify": { type: "spotify", isShared: true },
      "domains.trustedDomains.main": { baseUrl: "https://shop.example.com", handlerPath: "/auth" },
      teams: { allowClientTeamCreation: true },
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ success: true });

    const config = await renderedConfig();
    expect(config.auth.otp.allowSignIn).toBe(true);
    expect(config.auth.oauth.providers.spotify).toMatchObject({ type: "spotify", isShared: true });
    expect(config.teams).toMatchObject({ allowClientTeamCreation: true });
    // Keys beside the ones set are kept.
    expect(config.auth.password.allowSignIn).toBe(true);

    expect((await adminProject()).config).toMatchObject({
      magic_link_enabled: true,
      client_team_creation_enabled: true,
      oauth_providers: [{ provider_config_id: "spotify", id: "spotify", type: "shared" }],
      domains: [{ domain: "https://shop.example.com", handler_path: "/auth" }],
    });

    // null removes an entry.
    await patchOverride("branch", { "auth.oauth.providers.spotify": null });
    expect((await renderedConfig()).auth.oauth.providers).toEqual({});
  });

  it("keeps project-level keys at the project level, and server access at branch", async () => {
    expect(
      (await patchOverride("project", { "project.requirePublishableClientKey": true })).status,
    ).toBe(200);
    expect((await renderedConfig()).project.requirePublishableClientKey).toBe(true);
    // Now a client without a publishable key is refused (the setting took effect).
    await expectKnownError(
      await t.request("/projects/current", { accessType: "client", projectId, keys: null }),
      "PUBLISHABLE_CLIENT_KEY_REQUIRED_FOR_PROJECT",
      401,
    );
    await patchOverride("project", { project: { requirePublishableClientKey: false } });

    await expectTextError(
      await patchOverride("project", { "auth.allowSignUp": false }),
      400,
      "The project config level cannot hold auth.allowSignUp.",
    );
    await expectTextError(
      await patchOverride("environment", { "project.requirePublishableClientKey": true }),
      400,
      "The environment config level cannot hold project.requirePublishableClientKey.",
    );
    await expectTextError(
      await patchOverride("environment", { "teams.createPersonalTeamOnSignUp": true }, "server"),
      403,
      "Server access can only manage branch config overrides.",
    );
    expect(
      (await patchOverride("branch", { "teams.createPersonalTeamOnSignUp": true }, "server"))
        .status,
    ).toBe(200);
    expect((await renderedConfig()).teams.createPersonalTeamOnSignUp).toBe(true);
    await expectKnownError(
      await patchOverride("environment", { "auth.allowSignUp": false }, "client"),
      "INSUFFICIENT_ACCESS_TYPE",
      401,
    );
  });

  it("turns dashboard apps on by the reference's ids; a legacy project update keeps them", async () => {
    const enable = await patchOverride("branch", { "apps.installed.api-keys": { enabled: true } });
    expect(enable.status).toBe(200);
    expect((await renderedConfig()).apps.installed["api-keys"]).toEqual({ enabled: true });
    const legacy = await t.request("/internal/projects/current", {
      ...asAdmin(),
      method: "PATCH",
      body: { config: { allow_user_api_keys: true } },
    });
    expect(legacy.status).toBe(200);
    expect((await renderedConfig()).apps.installed["api-keys"]).toEqual({ enabled: true });
    const unknownApp = await patchOverride("branch", {
      "apps.installed.no-such-app": { enabled: true },
    });
    expect(unknownApp.status).toBe(400);
    expect(await unknownApp.text()).toContain("apps.installed");
  });

  it("rejects unknown keys, wrong values, bad JSON and levels, changing nothing", async () => {
    const before = await renderedConfig();
    await expectTextError(
      await patchOverride("environment", { "auth.noSuchThing": true }),
      400,
      `The key "auth.noSuchThing" is not valid (nested object not found in schema: "auth.noSuchThing").`,
    );
    const wrongType = await patchOverride("environment", { "auth.allowSignUp": "yes" });
    expect(wrongType.status).toBe(400);
    expect(await wrongType.text()).toContain("auth.allowSignUp");
    await expectTextError(
      await patchOverride("environment", ["not", "an", "object"]),
      400,
      "A config override must be a JSON object.",
    );
    await expectTextError(
      await patchOverride("environment", { "auth..allowSignUp": false }),
      400,
      "Invalid config key: auth..allowSignUp",
    );
    await expectTextError(
      await t.request("/internal/config/override/environment", {
        ...asAdmin(),
        method: "PATCH",
        body: { config_override_string: "{not json" },
      }),
      400,
      "Invalid config JSON",
    );
    await expectKnownError(await patchOverride("galaxy", {}), "SCHEMA_ERROR", 400);
    expect(await renderedConfig()).toEqual(before);
  });

  it("refuses JSON text nested too deep or holding NUL or a lone surrogate (issue 14)", async () => {
    const before = await renderedConfig();
    const cases: [string, string][] = [
      [
        `{"auth.allowSignUp":${"[".repeat(5000)}${"]".repeat(5000)}}`,
        "body.config_override_string must not nest JSON more than 64 levels deep",
      ],
      [
        // A key the config takes: before the check this reached the database (a 500).
        '{"domains.trustedDomains.site":{"baseUrl":"https://a\\u0000b.example"}}',
        "body.config_override_string.domains.trustedDomains.site.baseUrl must not contain NUL characters",
      ],
      [
        '{"\\ud800":true}',
        "body.config_override_string property names must not contain unpaired surrogates (invalid Unicode)",
      ],
    ];
    for (const [text, problem] of cases) {
      for (const [method, body] of [
        ["PATCH", { config_override_string: text }],
        ["PUT", { config_string: text }],
      ] as const) {
        const response = await t.request("/internal/config/override/environment", {
          ...asAdmin(),
          method,
          body,
        });
        const field = method === "PATCH" ? "config_override_string" : "config_string";
        expect((await expectKnownError(response, "SCHEMA_ERROR", 400)).error).toBe(
          `Request validation failed on ${method} /api/v1/internal/config/override/environment:\n  - ${problem.replace("config_override_string", field)}`,
        );
      }
    }
    expect(await renderedConfig()).toEqual(before);
  });

  it("a project in production mode stays valid", async () => {
    const production = await t.createProject({
      config: {
        domains: {
          allowLocalhost: false,
          trustedDomains: {
            main: { baseUrl: "https://shop.example.com", handlerPath: "/handler" },
          },
        },
      },
    });
    const patchProject = await t.request("/internal/projects/current", {
      accessType: "admin",
      projectId: production.id,
      method: "PATCH",
      body: { is_production_mode: true },
    });
    expect(patchProject.status).toBe(200);
    const response = await t.request("/internal/config/override/environment", {
      accessType: "admin",
      projectId: production.id,
      method: "PATCH",
      body: { config_override_string: JSON.stringify({ "domains.allowLocalhost": true }) },
    });
    expect(response.status).toBe(400);
    expect(await response.text()).toContain("turn off 'Allow localhost'");
  });

  it("creates record entries whole: a dotted key into an entry that does not exist is dropped", async () => {
    const own = (await t.createProject()).id;
    const patch = (override: unknown) =>
      t.request("/internal/config/override/environment", {
        accessType: "admin",
        projectId: own,
        method: "PATCH",
        body: { config_override_string: JSON.stringify(override) },
      });
    const trustedDomains = async () => {
      const response = await t.request("/internal/config", { accessType: "admin", projectId: own });
      const { config_string } = (await response.json()) as { config_string: string };
      return (JSON.parse(config_string) as ProjectConfig).domains.trustedDomains;
    };
    const dotted = await patch({
      "domains.trustedDomains.2.baseUrl": "https://example.com",
      "domains.trustedDomains.2.handlerPath": "/handler",
    });
    expect(dotted.status).toBe(200);
    expect(await trustedDomains()).toEqual({});
    // The nested entry goes in first (shallower key), the dotted one beside it reaches nothing.
    const mixed = await patch({
      "domains.trustedDomains.4.baseUrl": "http://dotted.example.com",
      domains: { trustedDomains: { "3": { baseUrl: "http://nested.example.com" } } },
      "domains.trustedDomains.3.handlerPath": "/nested",
    });
    expect(mixed.status).toBe(200);
    expect(await trustedDomains()).toEqual({
      "3": { baseUrl: "http://nested.example.com", handlerPath: "/nested" },
    });
    const levels = await t.request("/internal/config/override/environment", {
      accessType: "admin",
      projectId: own,
    });
    const { config_string } = (await levels.json()) as { config_string: string };
    expect(Object.keys(JSON.parse(config_string) as object).sort()).toEqual([
      "domains.trustedDomains.3",
      "domains.trustedDomains.3.handlerPath",
    ]);
  });

  it("keeps environment settings (domains, e-mail server, OAuth credentials) off the branch level", async () => {
    const before = await renderedConfig();
    const refused: [Record<string, unknown>, string][] = [
      [
        { "domains.trustedDomains.site": { baseUrl: "https://example.com" } },
        "domains.trustedDomains.site.baseUrl",
      ],
      [{ domains: { allowLocalhost: false } }, "domains.allowLocalhost"],
      [
        { "emails.server": { isShared: false, host: "smtp.example.com" } },
        "emails.server.isShared",
      ],
      [
        {
          "auth.oauth.providers.google": {
            type: "google",
            isShared: false,
            clientId: "id",
            clientSecret: "secret",
          },
        },
        "auth.oauth.providers.google.isShared",
      ],
    ];
    for (const [override, key] of refused) {
      await expectTextError(
        await patchOverride("branch", override),
        400,
        `The key "${key}" can only be set at the environment level, not the branch level.`,
      );
    }
    expect(await renderedConfig()).toEqual(before);
    const branchProvider = await patchOverride("branch", {
      "auth.oauth.providers.my_provider": { type: "google", allowSignIn: true },
    });
    expect(branchProvider.status).toBe(200);
    const environmentDomain = await patchOverride("environment", {
      "domains.trustedDomains.site": { baseUrl: "https://example.com" },
    });
    expect(environmentDomain.status).toBe(200);
    await patchOverride("branch", { "auth.oauth.providers.my_provider": null });
    await patchOverride("environment", { "domains.trustedDomains.site": null });
  });

  it("keeps the project's templates under emails.templates, in use only with its own server", async () => {
    const templateId = "11111111-1111-4111-8111-111111111111";
    const template = {
      displayName: "Custom Reset",
      tsxSource: "export const EmailTemplate = () => null;",
      themeId: false,
    };
    const dedicated = {
      isShared: false,
      provider: "smtp",
      host: "smtp.example.com",
      port: 587,
      username: "smtp-user",
      password: "smtp-pass",
      senderName: "Stack",
      senderEmail: "noreply@example.com",
    };
    const listedTemplateIds = async () => {
      const response = await t.request("/internal/email-templates", asAdmin());
      const body = (await response.json()) as { templates: { id: string }[] };
      return body.templates.map((listed) => listed.id);
    };
    expect((await patchOverride("environment", { "emails.server": dedicated })).status).toBe(200);
    // Templates are branch settings (the reference's branch schema), unlike the server.
    expect(
      (await patchOverride("branch", { [`emails.templates.${templateId}`]: template })).status,
    ).toBe(200);
    expect((await renderedConfig()).emails.templates[templateId]).toEqual(template);
    expect(await listedTemplateIds()).toContain(templateId);

    const shared = await patchOverride("environment", {
      "emails.server": { isShared: true, provider: "smtp" },
    });
    expect(shared.status).toBe(200);
    expect((await renderedConfig()).emails.server).toMatchObject({
      isShared: true,
      provider: "smtp",
    });
    expect((await renderedConfig()).emails.templates[templateId]).toBeUndefined();
    expect(await listedTemplateIds()).not.toContain(templateId);

    const resend = { ...dedicated, provider: "resend", host: "smtp.resend.com", port: 465 };
    expect((await patchOverride("environment", { "emails.server": resend })).status).toBe(200);
    expect((await renderedConfig()).emails.templates[templateId]).toEqual(template);

    // A managed sending domain without its subdomain and sender: refused, nothing changes.
    const before = await renderedConfig();
    const managed = await patchOverride("environment", {
      "emails.server": { ...dedicated, provider: "managed" },
    });
    expect(managed.status).toBe(400);
    expect(await managed.text()).toContain(
      "Managed subdomain is required when using managed email provider",
    );
    expect(await renderedConfig()).toEqual(before);
    const complete = {
      ...dedicated,
      provider: "managed",
      managedSubdomain: "mail.example.com",
      managedSenderLocalPart: "noreply",
    };
    expect((await patchOverride("environment", { "emails.server": complete })).status).toBe(200);

    await patchOverride("branch", { [`emails.templates.${templateId}`]: null });
    await patchOverride("environment", { "emails.server": { isShared: true } });
  });

  it("refuses OAuth provider types it cannot sign in with, listing the presets", async () => {
    const before = await renderedConfig();
    await expectTextError(
      await patchOverride("environment", {
        "auth.oauth.providers.invalid": { type: "invalid-provider", isShared: false },
      }),
      400,
      "auth.oauth.providers.invalid.type must be one of the following values: google, github, microsoft, spotify, facebook, discord, gitlab, bitbucket, linkedin, apple, x, twitch",
    );
    expect(await renderedConfig()).toEqual(before);
    const oidc = await patchOverride("environment", {
      "auth.oauth.providers.corp": {
        type: "oidc",
        isShared: false,
        clientId: "id",
        clientSecret: "secret",
        issuerUrl: "https://login.example.com",
      },
    });
    expect(oidc.status).toBe(200);
    await patchOverride("environment", { "auth.oauth.providers.corp": null });
  });

  it("takes sign-up rules with their defaults, in evaluation order; refuses conditions that cannot be evaluated", async () => {
    const config = await renderedConfig();
    expect(config.auth.signUpRules).toEqual({});
    expect(config.auth.signUpRulesDefaultAction).toBe("allow");
    const accepted = await patchOverride("environment", {
      "auth.signUpRules.gmail": { enabled: true, condition: 'email.endsWith("@gmail.com")' },
      "auth.signUpRules.first": {
        enabled: true,
        priority: 5,
        condition: 'email.matches("(unclosed")',
        action: { type: "restrict" },
      },
      "auth.signUpRulesDefaultAction": "reject",
    });
    expect(accepted.status).toBe(200);
    const rendered = await renderedConfig();
    expect(Object.keys(rendered.auth.signUpRules)).toEqual(["first", "gmail"]);
    expect(rendered.auth.signUpRules.gmail).toEqual({
      enabled: true,
      priority: 0,
      condition: 'email.endsWith("@gmail.com")',
      action: { type: "allow" },
    });
    expect(rendered.auth.signUpRulesDefaultAction).toBe("reject");

    await expectTextError(
      await patchOverride("environment", {
        "auth.signUpRules.broken": { enabled: false, condition: 'email.endsWith("@gmail.com") &&' },
        "auth.signUpRules.typo": { enabled: true, condition: 'domain == "gmail.com"' },
      }),
      400,
      [
        "Invalid config override:",
        "  - auth.signUpRules.broken.condition: Unexpected token: EOF (at character 32)",
        "  - auth.signUpRules.typo.condition: Unknown variable: domain (at character 1)",
      ].join("\n"),
    );
    await expectTextError(
      await patchOverride("environment", { "auth.signUpRules.gmail.condition": "email" }),
      400,
      "Invalid config override:\n  - auth.signUpRules.gmail.condition: The condition must evaluate to a boolean, not string",
    );
    expect(await renderedConfig()).toEqual(rendered);
    await patchOverride("environment", {
      "auth.signUpRules.gmail": null,
      "auth.signUpRules.first": null,
      "auth.signUpRulesDefaultAction": "allow",
    });
  });
});

describe("override levels: GET, PUT and reset-keys", () => {
  let levelProjectId: string;
  const asLevelAdmin = () => ({ accessType: "admin" as const, projectId: levelProjectId });

  async function levelOverride(level: string): Promise<Record<string, unknown>> {
    const response = await t.request(`/internal/config/override/${level}`, asLevelAdmin());
    expect(response.status).toBe(200);
    return JSON.parse(((await response.json()) as { config_string: string }).config_string);
  }
  async function rendered(): Promise<ProjectConfig> {
    const response = await t.request("/internal/config", asLevelAdmin());
    return JSON.parse(((await response.json()) as { config_string: string }).config_string);
  }
  function send(method: string, path: string, body: unknown) {
    return t.request(`/internal/config/override/${path}`, { ...asLevelAdmin(), method, body });
  }

  beforeAll(async () => {
    levelProjectId = (await t.createProject()).id;
  });

  it("records what each level set; PATCH replaces at and under a path", async () => {
    expect(await levelOverride("environment")).toEqual({});
    await send("PATCH", "branch", {
      config_override_string: JSON.stringify({ "auth.otp.allowSignIn": true }),
    });
    await send("PATCH", "environment", {
      config_override_string: JSON.stringify({
        "auth.otp.allowSignIn": false,
        teams: { allowClientTeamCreation: true },
      }),
    });
    expect(await levelOverride("branch")).toEqual({ "auth.otp.allowSignIn": true });
    expect(await levelOverride("environment")).toEqual({
      "auth.otp.allowSignIn": false,
      "teams.allowClientTeamCreation": true,
    });
    expect((await rendered()).auth.otp.allowSignIn).toBe(false);
  });

  it("reset-keys falls back to the level below, then to the new-project default", async () => {
    expect((await send("POST", "environment/reset-keys", { keys: ["auth.otp"] })).status).toBe(200);
    expect(await levelOverride("environment")).toEqual({ "teams.allowClientTeamCreation": true });
    // The branch level still says true.
    expect((await rendered()).auth.otp.allowSignIn).toBe(true);
    const project = await t.request("/internal/projects/current", asLevelAdmin());
    expect(
      ((await project.json()) as { config: { magic_link_enabled: boolean } }).config,
    ).toMatchObject({ magic_link_enabled: true });

    await send("POST", "branch/reset-keys", { keys: ["auth.otp.allowSignIn"] });
    expect(await levelOverride("branch")).toEqual({});
    expect((await rendered()).auth.otp.allowSignIn).toBe(false);

    // A provider added by a level goes away with its reset.
    await send("PATCH", "environment", {
      config_override_string: JSON.stringify({
        "auth.oauth.providers.github": { type: "github", isShared: true },
      }),
    });
    expect(Object.keys((await rendered()).auth.oauth.providers)).toEqual(["github"]);
    await send("POST", "environment/reset-keys", { keys: ["auth.oauth.providers.github"] });
    expect((await rendered()).auth.oauth.providers).toEqual({});
  });

  it("PUT replaces a level: its old keys fall back, the new ones apply", async () => {
    await send("PATCH", "environment", {
      config_override_string: JSON.stringify({ "users.allowClientUserDeletion": true }),
    });
    const response = await send("PUT", "environment", {
      config_string: JSON.stringify({ auth: { passkey: { allowSignIn: true } } }),
    });
    expect(response.status).toBe(200);
    expect(await levelOverride("environment")).toEqual({ "auth.passkey.allowSignIn": true });
    const config = await rendered();
    expect(config.users.allowClientUserDeletion).toBe(false);
    expect(config.teams.allowClientTeamCreation).toBe(false);
    expect(config.auth.passkey.allowSignIn).toBe(true);
    // Untouched settings keep their values.
    expect(config.auth.password.allowSignIn).toBe(true);
  });

  it("legacy project updates are environment-level keys that reset-keys takes back", async () => {
    const patch = await t.request("/internal/projects/current", {
      ...asLevelAdmin(),
      method: "PATCH",
      body: {
        display_name: "Renamed only",
        config: {
          sign_up_enabled: false,
          domains: [{ domain: "https://legacy.example.com", handler_path: "/handler" }],
        },
      },
    });
    expect(patch.status).toBe(200);
    expect(await levelOverride("environment")).toMatchObject({
      "auth.allowSignUp": false,
      "domains.trustedDomains": {
        "domain-0": { baseUrl: "https://legacy.example.com", handlerPath: "/handler" },
      },
    });
    await send("POST", "environment/reset-keys", { keys: ["auth.allowSignUp", "domains"] });
    const project = await t.request("/internal/projects/current", asLevelAdmin());
    const body = (await project.json()) as {
      display_name: string;
      config: { sign_up_enabled: boolean; domains: unknown[] };
    };
    expect(body.display_name).toBe("Renamed only");
    expect(body.config.sign_up_enabled).toBe(true);
    expect(body.config.domains).toEqual([]);
  });

  it("PUT on the branch level needs the pushed config's source", async () => {
    const response = await send("PUT", "branch", {
      config_string: JSON.stringify({ "auth.otp.allowSignIn": true }),
      source: { type: "pushed-from-unknown" },
    });
    expect(response.status).toBe(200);
    expect(await levelOverride("branch")).toEqual({ "auth.otp.allowSignIn": true });
    await send("PUT", "branch", { config_string: "{}", source: { type: "unlinked" } });
    expect(await levelOverride("branch")).toEqual({});
    expect((await rendered()).auth.otp.allowSignIn).toBe(false);
  });

  it("rejects bad requests and leaves levels and config unchanged", async () => {
    const before = { config: await rendered(), environment: await levelOverride("environment") };
    await expectKnownError(
      await send("POST", "project/reset-keys", { keys: ["project.requirePublishableClientKey"] }),
      "SCHEMA_ERROR",
      400,
    );
    await expectKnownError(await send("POST", "environment/reset-keys", {}), "SCHEMA_ERROR", 400);
    await expectTextError(
      await send("POST", "environment/reset-keys", {
        keys: ["project.requirePublishableClientKey"],
      }),
      400,
      "The environment config level cannot hold project.requirePublishableClientKey.",
    );
    await expectTextError(
      await send("PUT", "environment", { config_string: JSON.stringify({ "auth.nope": 1 }) }),
      400,
      `The key "auth.nope" is not valid (nested object not found in schema: "auth.nope").`,
    );
    await expectTextError(
      await send("PUT", "environment", { config_string: "{" }),
      400,
      "Invalid config JSON",
    );
    await expectTextError(
      await send("PUT", "branch", { config_string: "{}" }),
      400,
      "source is required for branch level config",
    );
    await expectKnownError(
      await send("PUT", "branch", { config_string: "{}", source: { type: "from-a-floppy" } }),
      "SCHEMA_ERROR",
      400,
    );
    for (const [method, path, body] of [
      ["GET", "environment", undefined],
      ["PUT", "environment", { config_string: "{}" }],
    ] as const) {
      await expectTextError(
        await t.request(`/internal/config/override/${path}`, {
          accessType: "server",
          projectId: levelProjectId,
          method,
          ...(body ? { body } : {}),
        }),
        403,
        "Server access can only manage branch config overrides.",
      );
    }
    // Resetting keys is admin only, on every level (as the reference).
    for (const level of ["environment", "branch"]) {
      await expectKnownError(
        await t.request(`/internal/config/override/${level}/reset-keys`, {
          accessType: "server",
          projectId: levelProjectId,
          method: "POST",
          body: { keys: ["auth"] },
        }),
        "INSUFFICIENT_ACCESS_TYPE",
        401,
      );
    }
    const branch = await t.request("/internal/config/override/branch", {
      accessType: "server",
      projectId: levelProjectId,
    });
    expect(branch.status).toBe(200);
    expect({ config: await rendered(), environment: await levelOverride("environment") }).toEqual(
      before,
    );
  });
});

describe("GET and DELETE /internal/config/source", () => {
  let sourceProjectId: string;
  const asSourceAdmin = () => ({ accessType: "admin" as const, projectId: sourceProjectId });
  const githubSource = {
    type: "pushed-from-github",
    owner: "heritage",
    repo: "site",
    branch: "main",
    commit_hash: "0123abc",
    config_file_path: "stack.config.ts",
    workflow_path: ".github/workflows/push-config.yml",
  };

  async function readSource(): Promise<unknown> {
    const response = await t.request("/internal/config/source", asSourceAdmin());
    expect(response.status).toBe(200);
    const body = (await response.json()) as Record<string, unknown>;
    expect(Object.keys(body)).toEqual(["source"]);
    return body.source;
  }
  function putBranch(body: unknown) {
    return t.request("/internal/config/override/branch", {
      ...asSourceAdmin(),
      method: "PUT",
      body,
    });
  }
  async function branchOverride(): Promise<unknown> {
    const response = await t.request("/internal/config/override/branch", asSourceAdmin());
    return JSON.parse(((await response.json()) as { config_string: string }).config_string);
  }

  beforeAll(async () => {
    sourceProjectId = (await t.createProject()).id;
  });

  it("is unlinked before anything was pushed", async () => {
    expect(await readSource()).toEqual({ type: "unlinked" });
  });

  it("answers the source the last branch PUT stored; unlinking keeps the pushed config", async () => {
    const pushed = { "auth.otp.allowSignIn": true };
    const put = await putBranch({ config_string: JSON.stringify(pushed), source: githubSource });
    expect(put.status).toBe(200);
    expect(await readSource()).toEqual(githubSource);

    // PATCH and reset-keys on the branch level change the config, not where it came from.
    await t.request("/internal/config/override/branch", {
      ...asSourceAdmin(),
      method: "PATCH",
      body: { config_override_string: JSON.stringify({ "teams.allowClientTeamCreation": true }) },
    });
    await t.request("/internal/config/override/branch/reset-keys", {
      ...asSourceAdmin(),
      body: { keys: ["teams.allowClientTeamCreation"] },
    });
    expect(await readSource()).toEqual(githubSource);

    const unlinked = await t.request("/internal/config/source", {
      ...asSourceAdmin(),
      method: "DELETE",
    });
    expect(unlinked.status).toBe(200);
    expect(await unlinked.json()).toEqual({ success: true });
    expect(await readSource()).toEqual({ type: "unlinked" });
    expect(await branchOverride()).toEqual(pushed);

    await putBranch({ config_string: "{}", source: { type: "pushed-from-unknown" } });
    expect(await readSource()).toEqual({ type: "pushed-from-unknown" });
    expect(await branchOverride()).toEqual({});
    // Unlinking twice is fine.
    for (let i = 0; i < 2; i++) {
      const again = await t.request("/internal/config/source", {
        ...asSourceAdmin(),
        method: "DELETE",
      });
      expect(again.status).toBe(200);
    }
    expect(await readSource()).toEqual({ type: "unlinked" });
  });

  it("a refused branch PUT leaves the source as it was", async () => {
    await putBranch({ config_string: "{}", source: githubSource });
    await expectTextError(
      await putBranch({
        config_string: JSON.stringify({ "auth.nope": 1 }),
        source: { type: "pushed-from-unknown" },
      }),
      400,
      `The key "auth.nope" is not valid (nested object not found in schema: "auth.nope").`,
    );
    await expectKnownError(
      await putBranch({ config_string: "{}", source: { type: "pushed-from-github", owner: "x" } }),
      "SCHEMA_ERROR",
      400,
    );
    expect(await readSource()).toEqual(githubSource);
  });

  it("is admin only: server and client access are refused; nothing changes", async () => {
    const user = await t.signUpUser(sourceProjectId);
    const before = await readSource();
    const callers = [
      { accessType: "server" as const, projectId: sourceProjectId },
      { accessType: "client" as const, projectId: sourceProjectId, accessToken: user.accessToken },
    ];
    for (const caller of callers) {
      for (const method of ["GET", "DELETE"]) {
        await expectKnownError(
          await t.request("/internal/config/source", { ...caller, method }),
          "INSUFFICIENT_ACCESS_TYPE",
          401,
        );
      }
    }
    expect(await readSource()).toEqual(before);
  });
});

describe("permission definitions as environment-level config", () => {
  it("records rbac.permissions at the environment level; resetting it restores the defaults", async () => {
    const definitionsProjectId = (await t.createProject()).id;
    const asDefinitionsAdmin = { accessType: "admin" as const, projectId: definitionsProjectId };
    const created = await t.request("/project-permission-definitions", {
      ...asDefinitionsAdmin,
      body: { id: "read_archive", description: "Read the archive" },
    });
    expect(created.status).toBe(201);
    const override = await t.request("/internal/config/override/environment", asDefinitionsAdmin);
    const environment = JSON.parse(
      ((await override.json()) as { config_string: string }).config_string,
    ) as Record<string, Record<string, unknown>>;
    expect(Object.keys(environment)).toEqual(["rbac.permissions"]);
    expect(environment["rbac.permissions"]?.read_archive).toEqual({
      description: "Read the archive",
      scope: "project",
      containedPermissionIds: {},
    });
    expect(Object.keys(environment["rbac.permissions"] ?? {}).sort()).toEqual([
      "read_archive",
      "team_admin",
      "team_member",
    ]);

    const reset = await t.request("/internal/config/override/environment/reset-keys", {
      ...asDefinitionsAdmin,
      body: { keys: ["rbac.permissions"] },
    });
    expect(reset.status).toBe(200);
    const listed = await t.request("/project-permission-definitions", asDefinitionsAdmin);
    expect(((await listed.json()) as { items: unknown[] }).items).toEqual([]);
    const team = await t.request("/team-permission-definitions", asDefinitionsAdmin);
    const teamIds = ((await team.json()) as { items: { id: string }[] }).items.map((d) => d.id);
    expect(teamIds.filter((id) => !id.startsWith("$"))).toEqual(["team_admin", "team_member"]);
  });
});
