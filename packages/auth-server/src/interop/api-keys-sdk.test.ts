/**
 * Interop: user API keys through the official SDK (`@stackframe/js` 2.8.108) against this server over
 * a loopback port: the signed-in user creates and lists keys with `StackClientApp`, revokes one, and
 * `StackServerApp` checks keys (`getUser({ apiKey })`, the server user's keys, expiry by update).
 * Team keys likewise: created, listed and revoked through `team.createApiKey` / `listApiKeys` by a
 * member holding `$manage_api_keys`, and checked with `getTeam({ apiKey })`.
 */
import { StackClientApp, StackServerApp } from "@stackframe/js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type InteropServer, startInteropServer } from "../testing/interop-server";

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

  it("team keys: created, listed and revoked through the team; StackServerApp finds the team by key", async () => {
    const { app, user } = await signedInClient("sdk-team-keys@example.com");
    expect((await app.getProject()).config.allowTeamApiKeys).toBe(true);
    // Created for the user by the server SDK: the creator gets team_admin, with $manage_api_keys.
    const serverUser = await serverApp.getUser(user.id);
    const created = await serverUser?.createTeam({ displayName: "Key holders" });
    if (!created) throw new Error("The server SDK did not create the team");
    const team = await user.getTeam(created.id);
    if (!team) throw new Error("The client SDK does not see the team");

    const first = await team.createApiKey({ description: "importer", expiresAt: null });
    expect(first.type).toBe("team");
    expect(first.teamId).toBe(team.id);
    expect(first.value).toMatch(/^sk_.*574ck4u7h[0-9a-f]{8}$/);
    server.t.clock.advance(1000);
    const second = await team.createApiKey({
      description: "dashboard",
      expiresAt: new Date(server.t.clock().getTime() + 60 * 60 * 1000),
    });
    const listed = await team.listApiKeys();
    expect(listed.map((key) => [key.id, key.description])).toEqual([
      [second.id, "dashboard"],
      [first.id, "importer"],
    ]);
    expect(listed[1]?.value).toEqual({ lastFour: first.value.slice(-4) });

    expect((await serverApp.getTeam({ apiKey: first.value }))?.id).toBe(team.id);
    // A team key names no user, and a user key no team.
    expect(await serverApp.getUser({ apiKey: first.value })).toBeNull();
    const userKey = await user.createApiKey({ description: "mine", expiresAt: null });
    expect(await serverApp.getTeam({ apiKey: userKey.value })).toBeNull();

    await listed.find((key) => key.id === first.id)?.revoke();
    const revoked = (await team.listApiKeys()).find((key) => key.id === first.id);
    expect(revoked?.whyInvalid()).toBe("manually-revoked");
    expect(await serverApp.getTeam({ apiKey: first.value })).toBeNull();
    expect((await serverApp.getTeam({ apiKey: second.value }))?.id).toBe(team.id);
  });

  it("a member without $manage_api_keys can neither create nor list the team's keys", async () => {
    const { user: owner } = await signedInClient("sdk-team-keys-owner@example.com");
    const { user: member } = await signedInClient("sdk-team-keys-member@example.com");
    const created = await (await serverApp.getUser(owner.id))?.createTeam({
      displayName: "Guarded keys",
    });
    if (!created) throw new Error("The server SDK did not create the team");
    await created.addUser(member.id);
    const asMember = await member.getTeam(created.id);
    if (!asMember) throw new Error("The member's SDK does not see the team");

    // Not found rather than forbidden: the server does not tell a client which teams have keys.
    const notFound = { errorCode: "API_KEY_NOT_FOUND" };
    await expect(
      asMember.createApiKey({ description: "sneaky", expiresAt: null }),
    ).rejects.toMatchObject(notFound);
    await expect(asMember.listApiKeys()).rejects.toMatchObject(notFound);
    const ownersTeam = await owner.getTeam(created.id);
    expect(await ownersTeam?.listApiKeys()).toEqual([]);
  });
});
