/**
 * A user's OAuth providers through the client library against the real auth server
 * (`@heritage/auth-server/testing`): the server app links provider accounts, the signed-in user
 * lists, reads, updates and removes their own, the server manages any user's.
 */
import { createTestAuthApi, type TestAuthApi } from "@heritage/auth-server/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createClientApp } from "../client-app";
import { AuthHttpError } from "../errors";
import { createServerApp } from "../server-app";
import { testServerRuntime } from "../testing/test-server-runtime";
import { createMemoryTokenStore } from "../token-stores/memory";

let api: TestAuthApi;
let project: Awaited<ReturnType<TestAuthApi["createProject"]>>;
let signUps = 0;

beforeAll(async () => {
  api = await createTestAuthApi();
  project = await api.createProject({
    config: {
      auth: {
        oauth: {
          providers: {
            spotify: {
              type: "spotify",
              isShared: false,
              clientId: "test_client_id",
              clientSecret: "test_client_secret",
            },
          },
        },
      },
    },
  });
});
afterAll(async () => {
  await api?.close();
});

function serverApp() {
  return createServerApp({
    projectId: project.id,
    publishableClientKey: project.keys.publishableClientKey,
    secretServerKey: project.keys.secretServerKey,
    tokenStore: createMemoryTokenStore(),
    ...testServerRuntime(api),
  });
}

async function signedUpClient() {
  const app = createClientApp({
    projectId: project.id,
    publishableClientKey: project.keys.publishableClientKey,
    tokenStore: createMemoryTokenStore(),
    ...testServerRuntime(api),
  });
  signUps += 1;
  const result = await app.signUpWithCredential({
    email: `provider-${signUps}@example.org`,
    password: "a long password",
  });
  if (result.status !== "ok") throw new Error("sign-up failed");
  return { app, userId: result.data.userId };
}

async function link(userId: string, accountId: string, allowSignIn = true) {
  const created = await serverApp().createOAuthProvider({
    userId,
    providerConfigId: "spotify",
    accountId,
    email: `${accountId}@example.org`,
    allowSignIn,
    allowConnectedAccounts: true,
  });
  if (created.status !== "ok") throw new Error("linking failed");
  return created.data;
}

describe("the signed-in user's OAuth providers", () => {
  it("lists, reads, updates and removes them", async () => {
    const { app, userId } = await signedUpClient();
    expect(await app.listOAuthProviders()).toEqual([]);
    const linked = await link(userId, "listener-a");
    const { accountId: _serverOnly, ...userView } = linked;
    expect(userView).toEqual({
      id: linked.id,
      userId,
      type: "spotify",
      providerConfigId: "spotify",
      email: "listener-a@example.org",
      allowSignIn: true,
      allowConnectedAccounts: true,
    });
    expect(await app.listOAuthProviders()).toEqual([userView]);
    expect(await app.getOAuthProvider(linked.id)).toEqual(userView);

    const updated = await app.updateOAuthProvider(linked.id, { allowConnectedAccounts: false });
    expect(updated).toEqual({
      status: "ok",
      data: { ...userView, allowConnectedAccounts: false },
    });
    expect((await app.getOAuthProvider(linked.id))?.allowConnectedAccounts).toBe(false);

    await app.deleteOAuthProvider(linked.id);
    expect(await app.listOAuthProviders()).toEqual([]);
    expect(await app.getOAuthProvider(linked.id)).toBeNull();
  });

  it("gets the sign-in conflict as a result and plain refusals as AuthHttpError", async () => {
    const first = await signedUpClient();
    const second = await signedUpClient();
    await link(first.userId, "shared-account");
    const linkedOnly = await link(second.userId, "shared-account", false);
    const refused = await second.app.updateOAuthProvider(linkedOnly.id, { allowSignIn: true });
    expect(refused.status).toBe("error");
    if (refused.status === "error") {
      expect(refused.error.code).toBe("OAUTH_PROVIDER_ACCOUNT_ID_ALREADY_USED_FOR_SIGN_IN");
    }
    expect((await second.app.getOAuthProvider(linkedOnly.id))?.allowSignIn).toBe(false);

    // A second sign-in account of the same provider is a plain-text 400, not a known error.
    await link(second.userId, "second-own-account", true);
    const own = await link(second.userId, "third-own-account", false);
    const twice = second.app.updateOAuthProvider(own.id, { allowSignIn: true });
    await expect(twice).rejects.toBeInstanceOf(AuthHttpError);
    await expect(twice).rejects.toMatchObject({
      status: 400,
      body: "The same provider type with sign-in enabled already exists for this user.",
    });
  });
});

describe("server management of OAuth providers", () => {
  it("lists, reads, changes and deletes any user's providers with their account ids", async () => {
    const { userId } = await signedUpClient();
    const server = serverApp();
    const linked = await link(userId, "managed-account");
    expect(await server.listUserOAuthProviders(userId)).toEqual([linked]);
    expect((await server.listUserOAuthProviders()).map((p) => p.id)).toContain(linked.id);
    expect(await server.getUserOAuthProvider(userId, linked.id)).toEqual(linked);

    const changed = await server.updateUserOAuthProvider(userId, linked.id, {
      accountId: "managed-account-2",
      email: "changed@example.org",
      allowSignIn: false,
    });
    expect(changed).toEqual({
      status: "ok",
      data: {
        ...linked,
        accountId: "managed-account-2",
        email: "changed@example.org",
        allowSignIn: false,
      },
    });

    await server.deleteUserOAuthProvider(userId, linked.id);
    expect(await server.getUserOAuthProvider(userId, linked.id)).toBeNull();
    expect(await server.listUserOAuthProviders(userId)).toEqual([]);
  });

  it("returns known errors of create as results", async () => {
    const server = serverApp();
    const missingUser = await server.createOAuthProvider({
      userId: crypto.randomUUID(),
      providerConfigId: "spotify",
      accountId: "nobody",
      allowSignIn: false,
      allowConnectedAccounts: true,
    });
    expect(missingUser.status === "error" && missingUser.error.code).toBe("USER_NOT_FOUND");
    const { userId } = await signedUpClient();
    const notConfigured = server.createOAuthProvider({
      userId,
      providerConfigId: "twitch",
      accountId: "x",
      allowSignIn: false,
      allowConnectedAccounts: true,
    });
    await expect(notConfigured).rejects.toMatchObject({
      status: 404,
      body: "OAuth provider twitch not found or not configured",
    });
    expect(await server.listUserOAuthProviders(userId)).toEqual([]);
  });
});
