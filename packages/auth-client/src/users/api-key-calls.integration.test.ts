/**
 * User and team API keys through the client library against the real auth server
 * (`@heritage/auth-server/testing`): create (shown once), list, update, revoke, the server-side
 * check, valid / expired / revoked states, team keys under `$manage_api_keys`.
 */
import { createTestAuthApi, type TestAuthApi } from "@heritage/auth-server/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createClientApp } from "../client-app";
import { createServerApp } from "../server-app";
import { testServerRuntime } from "../testing/test-server-runtime";
import { createMemoryTokenStore } from "../token-stores/memory";

let api: TestAuthApi;
let project: Awaited<ReturnType<TestAuthApi["createProject"]>>;
let disabledProject: Awaited<ReturnType<TestAuthApi["createProject"]>>;

beforeAll(async () => {
  api = await createTestAuthApi();
  project = await api.createProject({
    config: {
      apiKeys: { enabled: { user: true, team: true } },
      teams: { allowClientTeamCreation: true },
      rbac: { defaultPermissions: { teamCreator: ["$manage_api_keys"] } },
    },
  });
  disabledProject = await api.createProject();
});
afterAll(async () => {
  await api?.close();
});

const runtimeOptions = () => testServerRuntime(api);

function newClientApp(target = project) {
  return createClientApp({
    projectId: target.id,
    publishableClientKey: target.keys.publishableClientKey,
    tokenStore: createMemoryTokenStore(),
    ...runtimeOptions(),
  });
}

function newServerApp(target = project) {
  return createServerApp({
    projectId: target.id,
    secretServerKey: target.keys.secretServerKey,
    tokenStore: createMemoryTokenStore(),
    ...runtimeOptions(),
  });
}

let emailCounter = 0;
async function signedUp(target = project) {
  emailCounter += 1;
  const app = newClientApp(target);
  const result = await app.signUpWithCredential({
    email: `keys-${emailCounter}@example.org`,
    password: "a good password",
  });
  if (result.status !== "ok") throw new Error("sign-up failed");
  return { app, userId: result.data.userId };
}

describe("user API keys through the client library", () => {
  it("creates (shown once), lists, updates, revokes; the server app checks each state", async () => {
    const { app, userId } = await signedUp();
    const server = newServerApp();
    const created = await app.createApiKey({ description: "deploy", expiresAt: null });
    expect(created).toMatchObject({
      type: "user",
      userId,
      description: "deploy",
      expiresAt: null,
      manuallyRevokedAt: null,
      isPublic: false,
    });
    expect(created.value).toMatch(/^sk_.*574ck4u7h[0-9a-f]{8}$/);
    expect(created.isValid()).toBe(true);

    const [listed] = await app.listApiKeys();
    expect(listed?.id).toBe(created.id);
    expect(listed?.value).toEqual({ lastFour: created.value.slice(-4) });

    const checked = await server.checkUserApiKey(created.value);
    expect(checked).toMatchObject({ id: created.id, userId, type: "user" });

    const expiresAt = new Date(api.clock().getTime() + 60_000);
    const renamed = await created.update({ description: "deploy (CI)", expiresAt });
    expect(renamed).toMatchObject({ description: "deploy (CI)", expiresAt });
    api.clock.advance(60_000);
    expect(renamed.whyInvalid()).toBe("expired");
    expect(await server.checkUserApiKey(created.value)).toBeNull();

    const unexpired = await renamed.update({ expiresAt: null });
    expect(unexpired.isValid()).toBe(true);
    const revoked = await unexpired.revoke();
    expect(revoked.whyInvalid()).toBe("manually-revoked");
    expect(revoked.manuallyRevokedAt).toEqual(api.clock());
    expect(await server.checkUserApiKey(created.value)).toBeNull();
    expect(await server.checkUserApiKey("sk_not-a-key")).toBeNull();
  });

  it("the server app manages keys of any user; a team key fails the user check", async () => {
    const { app, userId } = await signedUp();
    const server = newServerApp();
    const created = await server.createUserApiKey(userId, {
      description: "issued by the backend",
      expiresAt: null,
      isPublic: true,
    });
    expect(created.value.startsWith("pk_")).toBe(true);
    expect((await server.listUserApiKeys(userId)).map((key) => key.id)).toEqual([created.id]);
    expect((await app.listApiKeys()).map((key) => key.id)).toEqual([created.id]);
  });

  it("a project without user keys throws the server's 400 text", async () => {
    const { app } = await signedUp(disabledProject);
    await expect(app.createApiKey({ description: "x", expiresAt: null })).rejects.toMatchObject({
      status: 400,
      body: "User API keys are not enabled for this project.",
    });
  });
});

describe("team API keys through the client library", () => {
  it("the team creator (given $manage_api_keys) creates and lists; the server checks", async () => {
    const { app } = await signedUp();
    const created = await api.request("/teams", {
      accessType: "client",
      projectId: project.id,
      accessToken: (await app.getAccessToken()) ?? "",
      body: { display_name: "Archive team", creator_user_id: "me" },
    });
    expect(created.status).toBe(201);
    const teamId = ((await created.json()) as { id: string }).id;

    const key = await app.createTeamApiKey(teamId, { description: "scanner", expiresAt: null });
    expect(key).toMatchObject({ type: "team", teamId });
    expect((await app.listTeamApiKeys(teamId)).map((item) => item.id)).toEqual([key.id]);
    const server = newServerApp();
    expect(await server.checkTeamApiKey(key.value)).toMatchObject({ id: key.id, teamId });
    expect(await server.checkUserApiKey(key.value)).toBeNull();

    const outsider = await signedUp();
    await expect(outsider.app.listTeamApiKeys(teamId)).rejects.toMatchObject({
      code: "API_KEY_NOT_FOUND",
    });
  });
});
