/**
 * Project administration through the client library against the real auth server
 * (`@heritage/auth-server/testing`): the admin app reads and updates its project and manages internal
 * API keys (a revoked key stops working), config overrides (server apps: branch only) and the pushed
 * config's source; a dashboard user creates, lists and transfers projects and
 * administers them with their own session.
 */
import { isKnownError } from "@heritage/auth-protocol";
import { createTestAuthApi, type TestAuthApi } from "@heritage/auth-server/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAdminApp } from "../admin-app";
import type { AppOptions } from "../app-core";
import { createClientApp } from "../client-app";
import { AuthHttpError } from "../errors";
import { createServerApp } from "../server-app";
import { createMemoryTokenStore } from "../token-stores/memory";
import { createProjectOwnerCalls } from "./admin-project-calls";

let api: TestAuthApi;
let project: Awaited<ReturnType<TestAuthApi["createProject"]>>;

beforeAll(async () => {
  api = await createTestAuthApi();
  project = await api.createProject({ displayName: "Client lib project" });
});
afterAll(async () => {
  await api?.close();
});

function runtimeOptions(): Omit<AppOptions, "projectId"> {
  return {
    baseUrl: api.baseUrl,
    fetch: async (url, init) => api.app.request(url, init),
    now: () => api.clock().getTime(),
    sleep: async (ms) => api.clock.advance(ms),
  };
}

function newAdminApp() {
  return createAdminApp({
    projectId: project.id,
    superSecretAdminKey: project.keys.superSecretAdminKey,
    ...runtimeOptions(),
  });
}

async function rejection(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error("expected a rejection");
}

describe("admin app: project", () => {
  it("reads and updates the project and its config", async () => {
    const admin = newAdminApp();
    const read = await admin.readAdminProject();
    expect(read).toMatchObject({ id: project.id, display_name: "Client lib project" });

    const updated = await admin.updateAdminProject({
      description: "described",
      config: {
        magic_link_enabled: true,
        domains: [{ domain: "https://app.example.org", handler_path: "/handler" }],
        oauth_providers: [{ id: "github", type: "standard", client_id: "a", client_secret: "b" }],
      },
    });
    expect(updated.description).toBe("described");
    expect(updated.config.magic_link_enabled).toBe(true);
    expect(updated.config.oauth_providers).toEqual([
      {
        provider_config_id: "github",
        id: "github",
        type: "standard",
        client_id: "a",
        client_secret: "b",
      },
    ]);
    expect((await admin.readAdminProject()).config.domains).toEqual([
      { domain: "https://app.example.org", handler_path: "/handler" },
    ]);

    const error = await rejection(
      admin.updateAdminProject({
        config: { domains: [{ domain: "app.example.org", handler_path: "/handler" }] },
      }),
    );
    expect(isKnownError(error, "SCHEMA_ERROR")).toBe(true);
  });
});

describe("config overrides", () => {
  it("the admin app patches any level and reads the rendered config; the server app only branch", async () => {
    const admin = newAdminApp();
    await admin.updateConfigOverride("environment", { "auth.otp.allowSignIn": true });
    const config = (await admin.getRenderedConfig()) as { auth: { otp: { allowSignIn: boolean } } };
    expect(config.auth.otp.allowSignIn).toBe(true);
    expect((await admin.readAdminProject()).config.magic_link_enabled).toBe(true);

    const server = createServerApp({
      projectId: project.id,
      secretServerKey: project.keys.secretServerKey,
      tokenStore: createMemoryTokenStore(),
      ...runtimeOptions(),
    });
    await server.updateConfigOverride("branch", { "auth.otp.allowSignIn": false });
    expect((await admin.readAdminProject()).config.magic_link_enabled).toBe(false);
    const refused = await rejection(
      server.updateConfigOverride("environment", { "auth.otp.allowSignIn": true }),
    );
    expect(refused instanceof AuthHttpError && refused.status).toBe(403);
    expect((await admin.readAdminProject()).config.magic_link_enabled).toBe(false);
  });

  it("reads, replaces and resets levels", async () => {
    const admin = newAdminApp();
    await admin.replaceConfigOverride("environment", { "teams.allowClientTeamCreation": true });
    expect(await admin.getConfigOverride("environment")).toEqual({
      "teams.allowClientTeamCreation": true,
    });
    expect((await admin.readAdminProject()).config.client_team_creation_enabled).toBe(true);
    await admin.replaceConfigOverride(
      "branch",
      { "auth.passkey.allowSignIn": true },
      {
        type: "pushed-from-unknown",
      },
    );
    expect((await admin.readAdminProject()).config.passkey_enabled).toBe(true);
    await admin.resetConfigOverrideKeys("environment", ["teams"]);
    expect(await admin.getConfigOverride("environment")).toEqual({});
    expect((await admin.readAdminProject()).config.client_team_creation_enabled).toBe(false);
    const missingSource = await rejection(admin.replaceConfigOverride("branch", {}));
    // The reference answers a plain 400 for a branch override without its source.
    expect(String((missingSource as Error).message)).toContain("source is required");
  });

  it("the admin app reads and unlinks the pushed config's source; the server app may not", async () => {
    const admin = newAdminApp();
    // The test above pushed a branch config with a source.
    expect(await admin.getPushedConfigSource()).toEqual({ type: "pushed-from-unknown" });
    const source = {
      type: "pushed-from-github" as const,
      owner: "heritage",
      repo: "site",
      branch: "main",
      commit_hash: "9d1e0b7",
      config_file_path: "stack.config.ts",
    };
    await admin.replaceConfigOverride("branch", { "auth.otp.allowSignIn": true }, source);
    expect(await admin.getPushedConfigSource()).toEqual(source);

    const server = createServerApp({
      projectId: project.id,
      secretServerKey: project.keys.secretServerKey,
      tokenStore: createMemoryTokenStore(),
      ...runtimeOptions(),
    });
    // The source calls are admin-only: the server app has none, and the server refuses its key.
    expect("getPushedConfigSource" in server).toBe(false);
    const refused = await api.request("/internal/config/source", {
      accessType: "server",
      projectId: project.id,
      method: "DELETE",
    });
    expect(refused.status).toBe(401);
    expect(refused.headers.get("x-stack-known-error")).toBe("INSUFFICIENT_ACCESS_TYPE");
    expect(await admin.getPushedConfigSource()).toEqual(source);

    await admin.unlinkPushedConfigSource();
    expect(await admin.getPushedConfigSource()).toEqual({ type: "unlinked" });
    expect(await admin.getConfigOverride("branch")).toEqual({ "auth.otp.allowSignIn": true });
  });
});

describe("admin app: internal API keys", () => {
  it("creates, lists, reads, renames and revokes; the renamed key works, the revoked one is refused", async () => {
    const admin = newAdminApp();
    const created = await admin.createInternalApiKey({
      description: "backend",
      expiresAt: new Date(api.clock().getTime() + 3_600_000),
      hasSecretServerKey: true,
    });
    expect(created.secretServerKey).toMatch(/^ssk_/);
    expect(created.publishableClientKey).toBeNull();
    expect(created.isValid()).toBe(true);

    const listed = (await admin.listInternalApiKeys()).find((key) => key.id === created.id);
    expect(listed?.secretServerKey).toEqual({ lastFour: created.secretServerKey?.slice(-4) });

    const read = await admin.getInternalApiKey(created.id);
    expect(read?.description).toBe("backend");
    expect(read?.secretServerKey).toEqual({ lastFour: created.secretServerKey?.slice(-4) });
    const renamed = await admin.updateInternalApiKey(created.id, { description: "backend (EU)" });
    expect(renamed.description).toBe("backend (EU)");
    expect(renamed.isValid()).toBe(true);
    expect((await admin.getInternalApiKey(created.id))?.description).toBe("backend (EU)");
    expect(await admin.getInternalApiKey(crypto.randomUUID())).toBeNull();

    const server = createServerApp({
      projectId: project.id,
      secretServerKey: created.secretServerKey ?? "",
      tokenStore: createMemoryTokenStore(),
      ...runtimeOptions(),
    });
    expect((await server.listUsers()).items).toEqual([]);

    const revoked = await created.revoke();
    expect(revoked.whyInvalid()).toBe("manually-revoked");
    const refused = await rejection(server.listUsers());
    expect(isKnownError(refused, "INVALID_SECRET_SERVER_KEY")).toBe(true);

    const missing = await rejection(admin.revokeInternalApiKey(crypto.randomUUID()));
    expect(isKnownError(missing, "API_KEY_NOT_FOUND")).toBe(true);
  });
});

describe("dashboard user: owned projects", () => {
  async function internalTeam(userId: string): Promise<string> {
    const response = await api.request("/teams", {
      accessType: "server",
      body: { display_name: "Owners", creator_user_id: userId },
    });
    expect(response.status).toBe(201);
    return ((await response.json()) as { id: string }).id;
  }

  it("creates, lists, administers and transfers projects with the user's session", async () => {
    const owner = await api.signUpUser("internal");
    const dashboard = createClientApp({
      projectId: "internal",
      publishableClientKey: api.internalProject.keys.publishableClientKey,
      tokenStore: createMemoryTokenStore(),
      ...runtimeOptions(),
    });
    const signIn = await dashboard.signInWithCredential({
      email: owner.email,
      password: owner.password,
    });
    expect(signIn.status).toBe("ok");
    const teamId = await internalTeam(owner.userId);
    const otherTeamId = await internalTeam(owner.userId);

    const calls = createProjectOwnerCalls(runtimeOptions(), dashboard.session);
    const created = await calls.createProject({ display_name: "Mine", owner_team_id: teamId });
    expect(created.owner_team_id).toBe(teamId);
    expect((await calls.listOwnedProjects()).map((p) => p.id)).toEqual([created.id]);

    const ownerAdmin = createAdminApp({
      projectId: created.id,
      projectOwnerSession: dashboard.session,
      ...runtimeOptions(),
    });
    await ownerAdmin.updateAdminProject({ display_name: "Mine (renamed)" });
    expect((await ownerAdmin.readAdminProject()).display_name).toBe("Mine (renamed)");

    await calls.transferProject(created.id, otherTeamId);
    expect((await ownerAdmin.readAdminProject()).owner_team_id).toBe(otherTeamId);

    const foreign = await rejection(
      calls.createProject({ display_name: "Not mine", owner_team_id: crypto.randomUUID() }),
    );
    expect(isKnownError(foreign, "TEAM_MEMBERSHIP_NOT_FOUND")).toBe(true);
  });
});
