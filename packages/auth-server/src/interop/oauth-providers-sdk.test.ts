/**
 * Interop: the official SDK's OAuth provider calls (`@stackframe/js` 2.8.108) against this server
 * over a loopback port: `StackServerApp.createOAuthProvider`, a signed-in user's
 * `listOAuthProviders` / `getOAuthProvider`, `provider.update` and `provider.delete`, and the
 * server user's view with `accountId`.
 */
import { StackClientApp, StackServerApp } from "@stackframe/js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type InteropServer, startInteropServer } from "../testing/interop-server";
import type { TestUser } from "../testing/test-auth-api";

let server: InteropServer;
let project: { id: string; keys: { publishableClientKey: string; secretServerKey: string } };
let serverApp: StackServerApp;

beforeAll(async () => {
  server = await startInteropServer();
  project = await server.t.createProject({
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
  serverApp = new StackServerApp({
    projectId: project.id,
    publishableClientKey: project.keys.publishableClientKey,
    secretServerKey: project.keys.secretServerKey,
    baseUrl: server.baseUrl,
    tokenStore: "memory",
    noAutomaticPrefetch: true,
    devTool: false,
  });
});
afterAll(async () => {
  await server?.close();
});

/** A signed-in client app for a fresh user of the project. */
async function signInClient(): Promise<{ client: StackClientApp; user: TestUser }> {
  const user = await server.t.signUpUser(project.id);
  const client = new StackClientApp({
    projectId: project.id,
    publishableClientKey: project.keys.publishableClientKey,
    baseUrl: server.baseUrl,
    tokenStore: "memory",
    noAutomaticPrefetch: true,
    devTool: false,
  });
  const result = await client.signInWithCredential({
    email: user.email,
    password: user.password,
    noRedirect: true,
  });
  expect(result.status).toBe("ok");
  return { client, user };
}

async function linkSpotify(userId: string, accountId: string, allowSignIn = true) {
  const result = await serverApp.createOAuthProvider({
    userId,
    providerConfigId: "spotify",
    accountId,
    email: `${accountId}@example.com`,
    allowSignIn,
    allowConnectedAccounts: true,
  });
  if (result.status !== "ok") throw new Error(`createOAuthProvider failed: ${result.error}`);
  return result.data;
}

describe("OAuth providers through the SDK", () => {
  it("the user lists, reads, updates and removes their provider", async () => {
    const { client, user } = await signInClient();
    const linked = await linkSpotify(user.userId, "sdk-listener-1");
    expect(linked).toMatchObject({
      type: "spotify",
      userId: user.userId,
      accountId: "sdk-listener-1",
      allowSignIn: true,
      allowConnectedAccounts: true,
    });

    const me = await client.getUser({ or: "throw" });
    const providers = await me.listOAuthProviders();
    expect(providers.map((p) => [p.id, p.type, p.email, p.allowSignIn])).toEqual([
      [linked.id, "spotify", "sdk-listener-1@example.com", true],
    ]);
    const provider = await me.getOAuthProvider(linked.id);
    expect(provider?.allowConnectedAccounts).toBe(true);

    const updated = await provider?.update({ allowConnectedAccounts: false });
    expect(updated?.status).toBe("ok");
    const afterUpdate = await me.getOAuthProvider(linked.id);
    expect(afterUpdate).toMatchObject({ allowSignIn: true, allowConnectedAccounts: false });
    expect(
      server.countRequests("PATCH", `/api/v1/oauth-providers/${user.userId}/${linked.id}`),
    ).toBe(1);

    await afterUpdate?.delete();
    expect(await me.listOAuthProviders()).toEqual([]);
    expect(await me.getOAuthProvider(linked.id)).toBeNull();
  });

  it("the server sees accountId, changes it and removes the provider", async () => {
    const { user } = await signInClient();
    const linked = await linkSpotify(user.userId, "sdk-listener-2");
    const serverUser = await serverApp.getUser(user.userId);
    const [provider] = (await serverUser?.listOAuthProviders()) ?? [];
    expect(provider).toMatchObject({ id: linked.id, accountId: "sdk-listener-2" });

    const result = await provider?.update({
      accountId: "sdk-listener-2b",
      email: "new@example.com",
    });
    expect(result?.status).toBe("ok");
    const reread = await (await serverApp.getUser(user.userId))?.getOAuthProvider(linked.id);
    expect(reread).toMatchObject({ accountId: "sdk-listener-2b", email: "new@example.com" });

    await reread?.delete();
    expect(await (await serverApp.getUser(user.userId))?.listOAuthProviders()).toEqual([]);
  });

  it("the SDK gets OAUTH_PROVIDER_ACCOUNT_ID_ALREADY_USED_FOR_SIGN_IN as a result error", async () => {
    const { user: first } = await signInClient();
    const { client, user: second } = await signInClient();
    await linkSpotify(first.userId, "sdk-shared-account");
    const refused = await serverApp.createOAuthProvider({
      userId: second.userId,
      providerConfigId: "spotify",
      accountId: "sdk-shared-account",
      email: "second@example.com",
      allowSignIn: true,
      allowConnectedAccounts: true,
    });
    expect(refused.status).toBe("error");
    if (refused.status === "error") {
      expect(refused.error.errorCode).toBe("OAUTH_PROVIDER_ACCOUNT_ID_ALREADY_USED_FOR_SIGN_IN");
    }
    // Linked without sign-in, the user cannot switch sign-in on for it either.
    const linkedOnly = await linkSpotify(second.userId, "sdk-shared-account", false);
    const me = await client.getUser({ or: "throw" });
    const provider = await me.getOAuthProvider(linkedOnly.id);
    const result = await provider?.update({ allowSignIn: true });
    expect(result?.status).toBe("error");
    expect((await me.getOAuthProvider(linkedOnly.id))?.allowSignIn).toBe(false);
  });
});
