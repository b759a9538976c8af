/**
 * Interop: user API keys through the official SDK (`@stackframe/js` 2.8.108) against this server over
 * a loopback port: the signed-in user creates and lists keys with `StackClientApp`, revokes one, and
 * `StackServerApp` checks keys (`getUser({ apiKey })`, the server user's keys, expiry by update).
 */
import { StackClientApp, StackServerApp } from "@stackframe/js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type InteropServer, startInteropServer } from "./interop-server";

let server: InteropServer;
let project: Awaited<ReturnType<InteropServer["t"]["createProject"]>>;
let serverApp: StackServerApp;

beforeAll(async () => {
  server = await startInteropServer();
  project = await server.t.createProject({
    displayName: "API key interop",
    config: { apiKeys: { enabled: { user: true, team: true } } },
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
  await server.close();
});

async function signedInClient(email: string) {
  const app = new StackClientApp({
    projectId: project.id,
    publishableClientKey: project.keys.publishableClientKey,
    baseUrl: server.baseUrl,
    tokenStore: "memory",
    noAutomaticPrefetch: true,
    devTool: false,
  });
  const result = await app.signUpWithCredential({
    email,
    password: "correct horse battery",
    noVerificationCallback: true,
    noRedirect: true,
  });
  expect(result.status).toBe("ok");
  return { app, user: await app.getUser({ or: "throw" }) };
}

describe("user API keys through the SDK", () => {
  it("creates, lists and revokes with StackClientApp; StackServerApp checks them", async () => {
    const { app, user } = await signedInClient("sdk-keys@example.com");
    expect((await app.getProject()).config.allowUserApiKeys).toBe(true);

    const first = await user.createApiKey({ description: "laptop", expiresAt: null });
    expect(first.type).toBe("user");
    expect(first.userId).toBe(user.id);
    expect(first.value).toMatch(/^sk_.*574ck4u7h[0-9a-f]{8}$/);
    expect(first.isValid()).toBe(true);
    server.t.clock.advance(1000);
    const second = await user.createApiKey({
      description: "server",
      expiresAt: new Date(server.t.clock().getTime() + 60 * 60 * 1000),
      isPublic: true,
    });
    expect(second.value.startsWith("pk_")).toBe(true);

    const listed = await user.listApiKeys();
    expect(listed.map((key) => [key.id, key.description])).toEqual([
      [second.id, "server"],
      [first.id, "laptop"],
    ]);
    expect(listed[1]?.value).toEqual({ lastFour: first.value.slice(-4) });

    const owner = await serverApp.getUser({ apiKey: first.value });
    expect(owner?.id).toBe(user.id);
    expect(owner?.primaryEmail).toBe("sdk-keys@example.com");

    const listedFirst = listed.find((key) => key.id === first.id);
    await listedFirst?.revoke();
    const afterRevoke = await user.listApiKeys();
    const revoked = afterRevoke.find((key) => key.id === first.id);
    expect(revoked?.whyInvalid()).toBe("manually-revoked");
    expect(revoked?.isValid()).toBe(false);
    expect(await serverApp.getUser({ apiKey: first.value })).toBeNull();
    expect((await serverApp.getUser({ apiKey: second.value }))?.id).toBe(user.id);
  });

  it("StackServerApp creates keys for a user and expires one by update; unknown keys find nobody", async () => {
    const { user } = await signedInClient("sdk-keys-server@example.com");
    const serverUser = await serverApp.getUser(user.id);
    if (!serverUser) throw new Error("user not found through the server app");
    const key = await serverUser.createApiKey({ description: "backend", expiresAt: null });
    expect((await serverUser.listApiKeys()).map((item) => item.id)).toEqual([key.id]);
    expect((await serverApp.getUser({ apiKey: key.value }))?.id).toBe(user.id);

    const [listed] = await serverUser.listApiKeys();
    await listed?.update({ expiresAt: new Date(server.t.clock().getTime() + 1000) });
    server.t.clock.advance(1000);
    expect(await serverApp.getUser({ apiKey: key.value })).toBeNull();
    expect(await serverApp.getUser({ apiKey: "sk_not-a-real-key" })).toBeNull();
  });
});
