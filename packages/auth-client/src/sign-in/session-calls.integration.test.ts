/**
 * Listing and revoking sessions (client) and creating, listing and revoking any user's sessions
 * (server, admin) through the client library against the real auth server.
 */
import { isKnownError } from "@heritage/auth-protocol";
import { createTestAuthApi, type TestAuthApi } from "@heritage/auth-server/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAdminApp } from "../admin-app";
import { createClientApp } from "../client-app";
import { createServerApp } from "../server-app";
import { testServerRuntime } from "../testing/test-server-runtime";
import { createMemoryTokenStore } from "../token-stores/memory";

let api: TestAuthApi;
let project: Awaited<ReturnType<TestAuthApi["createProject"]>>;
let emailCounter = 0;

beforeAll(async () => {
  api = await createTestAuthApi();
  project = await api.createProject({ displayName: "Heritage" });
});
afterAll(async () => {
  await api?.close();
});

const runtimeOptions = () => testServerRuntime(api);

const newClientApp = () =>
  createClientApp({
    projectId: project.id,
    tokenStore: createMemoryTokenStore(),
    ...runtimeOptions(),
  });

const newServerApp = () =>
  createServerApp({
    projectId: project.id,
    secretServerKey: project.keys.secretServerKey,
    ...runtimeOptions(),
  });

async function signedInTwice() {
  emailCounter += 1;
  const email = `sessions-${emailCounter}@example.org`;
  const first = newClientApp();
  const signUp = await first.signUpWithCredential({ email, password: "correct horse" });
  api.clock.advance(1000);
  const second = newClientApp();
  await second.signInWithCredential({ email, password: "correct horse" });
  return { first, second, userId: signUp.status === "ok" ? signUp.data.userId : "" };
}

describe("the signed-in user's sessions", () => {
  it("lists both sessions newest first, marking this app's", async () => {
    const { first, second, userId } = await signedInTwice();
    const fromSecond = await second.listSessions();
    expect(fromSecond.map((session) => session.isCurrentSession)).toEqual([true, false]);
    expect(fromSecond.every((session) => session.userId === userId)).toBe(true);
    expect(fromSecond[0]?.createdAt).toBeInstanceOf(Date);
    expect(
      (fromSecond[0]?.createdAt.getTime() ?? 0) > (fromSecond[1]?.createdAt.getTime() ?? 0),
    ).toBe(true);
    const fromFirst = await first.listSessions();
    expect(fromFirst.map((session) => session.isCurrentSession)).toEqual([false, true]);
  });

  it("revokes the other session, which is then signed out", async () => {
    const { first, second } = await signedInTwice();
    const other = (await second.listSessions()).find((session) => !session.isCurrentSession);
    await second.revokeSession(String(other?.id));
    expect(await second.listSessions()).toHaveLength(1);
    // Access tokens are stateless: the first app notices once it must refresh.
    api.clock.advance(api.config.STACK_ACCESS_TOKEN_EXPIRATION_TIME * 1000);
    expect(await first.getUser()).toBeNull();
    expect(await second.getUser()).not.toBeNull();
  });

  it("refuses to revoke the current session (CANNOT_DELETE_CURRENT_SESSION)", async () => {
    const { second } = await signedInTwice();
    const current = (await second.listSessions()).find((session) => session.isCurrentSession);
    const error = await second.revokeSession(String(current?.id)).catch((caught) => caught);
    expect(isKnownError(error, "CANNOT_DELETE_CURRENT_SESSION")).toBe(true);
    expect(await second.listSessions()).toHaveLength(2);
  });
});

describe("sessions created by the server", () => {
  it("creates a session whose tokens sign a client app in", async () => {
    const server = newServerApp();
    const user = await server.createUser({ primaryEmail: "created@example.org" });
    const tokens = await server.createSession({ userId: user.id });
    const store = createMemoryTokenStore();
    store.write({ refreshToken: tokens.refreshToken, accessToken: tokens.accessToken });
    const app = createClientApp({ projectId: project.id, tokenStore: store, ...runtimeOptions() });
    expect((await app.getUser())?.id).toBe(user.id);
    expect(
      (await server.listUserSessions(user.id)).map((session) => session.isImpersonation),
    ).toEqual([false]);
  });

  it("keeps impersonation sessions out of the user's own list; admins see them", async () => {
    const server = newServerApp();
    const user = await server.createUser({ primaryEmail: "impersonated@example.org" });
    await server.createSession({ userId: user.id });
    api.clock.advance(1000);
    await server.createSession({
      userId: user.id,
      isImpersonation: true,
      expiresInMillis: 3_600_000,
    });
    expect(await server.listUserSessions(user.id)).toHaveLength(1);
    const admin = createAdminApp({
      projectId: project.id,
      superSecretAdminKey: project.keys.superSecretAdminKey,
      ...runtimeOptions(),
    });
    const all = await admin.listUserSessions(user.id);
    expect(all.map((session) => session.isImpersonation)).toEqual([true, false]);
    await admin.revokeUserSession(String(all[0]?.id));
    expect(await admin.listUserSessions(user.id)).toHaveLength(1);
  });

  it("throws USER_ID_DOES_NOT_EXIST for an unknown user", async () => {
    const error = await newServerApp()
      .createSession({ userId: crypto.randomUUID() })
      .catch((caught) => caught);
    expect(isKnownError(error, "USER_ID_DOES_NOT_EXIST")).toBe(true);
  });
});
