/**
 * `/oauth-providers`: a user's linked provider accounts, listed, read, updated and deleted by the
 * user (client, `me`) or by the server for any user, and created by the server. Wire facts from the
 * reference's e2e suite (texts of the 400/403/404 answers, `email` left out when unknown).
 */
import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { oauthAccounts, oauthTokens } from "../../db/schema";
import { expectKnownError, expectTextError } from "../../testing/expect-known-error";
import { createTestAuthApi, type TestAuthApi, type TestUser } from "../../testing/test-auth-api";

let t: TestAuthApi;
let project: Awaited<ReturnType<TestAuthApi["createProject"]>>;

beforeAll(async () => {
  t = await createTestAuthApi();
  project = await t.createProject({
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
            "github-work": { type: "github", isShared: true },
          },
        },
      },
    },
  });
});
afterAll(async () => {
  await t?.close();
});

interface WireProvider {
  user_id: string;
  id: string;
  email?: string;
  provider_config_id: string;
  type: string;
  allow_sign_in: boolean;
  allow_connected_accounts: boolean;
  account_id?: string;
}

function signUp(): Promise<TestUser> {
  return t.signUpUser(project.id);
}

function asServer(path: string, init: { method?: string; body?: unknown } = {}) {
  return t.request(path, { accessType: "server", projectId: project.id, ...init });
}

function asClient(
  user: TestUser | null,
  path: string,
  init: { method?: string; body?: unknown } = {},
) {
  return t.request(path, {
    accessType: "client",
    projectId: project.id,
    keys: { publishableClientKey: project.keys.publishableClientKey },
    ...(user ? { accessToken: user.accessToken } : {}),
    ...init,
  });
}

async function createProvider(
  userId: string,
  fields: Partial<{
    provider_config_id: string;
    account_id: string;
    email: string;
    allow_sign_in: boolean;
    allow_connected_accounts: boolean;
  }> = {},
): Promise<WireProvider> {
  const response = await asServer("/oauth-providers", {
    body: {
      user_id: userId,
      provider_config_id: "spotify",
      account_id: `spotify-${randomUUID()}`,
      email: "listener@example.com",
      allow_sign_in: true,
      allow_connected_accounts: true,
      ...fields,
    },
  });
  expect(response.status).toBe(201);
  return (await response.json()) as WireProvider;
}

async function storedAccount(id: string) {
  const [row] = await t.db.select().from(oauthAccounts).where(eq(oauthAccounts.id, id));
  return row;
}

describe("success", () => {
  it("creates by server access, then the user lists and reads it without account_id", async () => {
    const user = await signUp();
    const created = await createProvider(user.userId, {
      account_id: "spotify_user_123",
      email: "test@example.com",
    });
    expect(created).toEqual({
      user_id: user.userId,
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      email: "test@example.com",
      provider_config_id: "spotify",
      type: "spotify",
      allow_sign_in: true,
      allow_connected_accounts: true,
      account_id: "spotify_user_123",
    });
    const { account_id: _hidden, ...clientView } = created;
    const read = await asClient(user, `/oauth-providers/me/${created.id}`);
    expect(read.status).toBe(200);
    expect(await read.json()).toEqual(clientView);
    const list = await asClient(user, "/oauth-providers?user_id=me");
    expect(await list.json()).toEqual({ items: [clientView], is_paginated: false });
    const byId = await asClient(user, `/oauth-providers/${user.userId}/${created.id}`);
    expect(await byId.json()).toEqual(clientView);
  });

  it("lists nothing for a user without providers", async () => {
    const user = await signUp();
    const list = await asClient(user, "/oauth-providers?user_id=me");
    expect(await list.json()).toEqual({ items: [], is_paginated: false });
  });

  it("lets the user toggle sign-in and connected accounts", async () => {
    const user = await signUp();
    const created = await createProvider(user.userId);
    const off = await asClient(user, `/oauth-providers/me/${created.id}`, {
      method: "PATCH",
      body: { allow_sign_in: false, allow_connected_accounts: false },
    });
    expect(off.status).toBe(200);
    expect(await off.json()).toMatchObject({
      allow_sign_in: false,
      allow_connected_accounts: false,
    });
    const on = await asClient(user, `/oauth-providers/me/${created.id}`, {
      method: "PATCH",
      body: { allow_sign_in: true },
    });
    expect(await on.json()).toMatchObject({ allow_sign_in: true, allow_connected_accounts: false });
    expect(await storedAccount(created.id)).toMatchObject({
      allowSignIn: true,
      allowConnectedAccounts: false,
    });
  });

  it("lets the server change email and account id of any user's provider", async () => {
    const user = await signUp();
    const created = await createProvider(user.userId, { account_id: "before" });
    const response = await asServer(`/oauth-providers/${user.userId}/${created.id}`, {
      method: "PATCH",
      body: { email: "updated@example.com", account_id: "after" },
    });
    expect(await response.json()).toEqual({
      ...created,
      email: "updated@example.com",
      account_id: "after",
    });
    const read = await asServer(`/oauth-providers/${user.userId}/${created.id}`);
    expect(await read.json()).toMatchObject({ email: "updated@example.com", account_id: "after" });
  });

  it("deletes a provider with its stored tokens; reading it afterwards is a 404", async () => {
    const user = await signUp();
    const created = await createProvider(user.userId);
    await t.db.insert(oauthTokens).values({
      id: randomUUID(),
      oauthAccountId: created.id,
      kind: "refresh",
      token: "sealed:v1:irrelevant",
      scopes: [],
      createdAt: t.clock(),
    });
    const deleted = await asClient(user, `/oauth-providers/me/${created.id}`, { method: "DELETE" });
    expect(deleted.status).toBe(200);
    expect(await deleted.json()).toEqual({ success: true });
    expect(await storedAccount(created.id)).toBeUndefined();
    const tokens = await t.db
      .select()
      .from(oauthTokens)
      .where(eq(oauthTokens.oauthAccountId, created.id));
    expect(tokens).toEqual([]);
    await expectTextError(
      await asClient(user, `/oauth-providers/me/${created.id}`),
      404,
      `OAuth provider ${created.id} for user ${user.userId} not found`,
    );
  });

  it("lists every user's providers of the project for server access without user_id", async () => {
    const other = await t.createProject({
      config: {
        auth: { oauth: { providers: { spotify: { type: "spotify", isShared: true } } } },
      },
    });
    const outsider = await t.signUpUser(other.id);
    await t.request("/oauth-providers", {
      accessType: "server",
      projectId: other.id,
      body: {
        user_id: outsider.userId,
        provider_config_id: "spotify",
        account_id: "elsewhere",
        allow_sign_in: true,
        allow_connected_accounts: true,
      },
    });
    const alice = await signUp();
    const bob = await signUp();
    const first = await createProvider(alice.userId);
    // Oldest first: the test clock stands still unless moved.
    t.clock.advance(1000);
    const second = await createProvider(bob.userId, { provider_config_id: "github-work" });
    const response = await asServer("/oauth-providers");
    const { items } = (await response.json()) as { items: WireProvider[] };
    const ids = items.map((item) => item.id);
    expect(ids).toContain(first.id);
    expect(ids).toContain(second.id);
    expect(ids.indexOf(first.id)).toBeLessThan(ids.indexOf(second.id));
    expect(items.every((item) => item.account_id !== "elsewhere")).toBe(true);
    expect(items.find((item) => item.id === second.id)).toMatchObject({
      provider_config_id: "github-work",
      type: "github",
    });
    const onlyAlice = await asServer(`/oauth-providers?user_id=${alice.userId}`);
    expect(((await onlyAlice.json()) as { items: WireProvider[] }).items).toEqual([first]);
  });

  it("keeps accounts of a provider no longer configured when the id names a provider type", async () => {
    const user = await signUp();
    const insert = (providerConfigId: string) =>
      t.db
        .insert(oauthAccounts)
        .values({
          id: randomUUID(),
          projectId: project.id,
          userId: user.userId,
          providerConfigId,
          providerAccountId: `gone-${randomUUID()}`,
          email: null,
          createdAt: t.clock(),
        })
        .returning();
    const [preset] = await insert("discord");
    const [custom] = await insert("acme-sso");
    const list = await asServer(`/oauth-providers?user_id=${user.userId}`);
    const { items } = (await list.json()) as { items: WireProvider[] };
    // Without an e-mail the field is left out.
    expect(items).toEqual([
      {
        user_id: user.userId,
        id: preset?.id,
        provider_config_id: "discord",
        type: "discord",
        allow_sign_in: true,
        allow_connected_accounts: true,
        account_id: preset?.providerAccountId,
      },
    ]);
    await expectTextError(
      await asServer(`/oauth-providers/${user.userId}/${custom?.id}`),
      404,
      "OAuth provider acme-sso not found or not configured",
    );
    // It can still be removed.
    const deleted = await asServer(`/oauth-providers/${user.userId}/${custom?.id}`, {
      method: "DELETE",
    });
    expect(deleted.status).toBe(200);
  });

  it("an account with connected accounts off leaves /connected-accounts", async () => {
    const user = await signUp();
    const created = await createProvider(user.userId);
    const listed = async () =>
      ((await (await asClient(user, "/connected-accounts/me")).json()) as { items: unknown[] })
        .items;
    expect(await listed()).toEqual([
      { user_id: user.userId, provider: "spotify", provider_account_id: created.account_id },
    ]);
    await asClient(user, `/oauth-providers/me/${created.id}`, {
      method: "PATCH",
      body: { allow_connected_accounts: false },
    });
    expect(await listed()).toEqual([]);
  });
});

describe("rejected input", () => {
  it("refuses a provider the project does not configure", async () => {
    const user = await signUp();
    await expectTextError(
      await asServer("/oauth-providers", {
        body: {
          user_id: user.userId,
          provider_config_id: "twitch",
          account_id: "x",
          allow_sign_in: true,
          allow_connected_accounts: true,
        },
      }),
      404,
      "OAuth provider twitch not found or not configured",
    );
    const rows = await t.db
      .select()
      .from(oauthAccounts)
      .where(eq(oauthAccounts.userId, user.userId));
    expect(rows).toEqual([]);
  });

  it("refuses an unknown user and malformed bodies", async () => {
    await expectKnownError(
      await asServer("/oauth-providers", {
        body: {
          user_id: randomUUID(),
          provider_config_id: "spotify",
          account_id: "x",
          allow_sign_in: false,
          allow_connected_accounts: true,
        },
      }),
      "USER_NOT_FOUND",
      404,
    );
    const missing = await expectKnownError(
      await asServer("/oauth-providers", { body: { user_id: "me", email: "not-an-email" } }),
      "SCHEMA_ERROR",
      400,
    );
    expect(missing.error).toContain("body.provider_config_id must be defined");
    expect(missing.error).toContain("body.email must be a valid email");
    expect(missing.error).toContain("body.allow_sign_in must be defined");
    const user = await signUp();
    const created = await createProvider(user.userId);
    const unknownField = await expectKnownError(
      await asClient(user, `/oauth-providers/me/${created.id}`, {
        method: "PATCH",
        body: { email: "client@example.com" },
      }),
      "SCHEMA_ERROR",
      400,
    );
    expect(unknownField.error).toContain("body contains unknown properties: email");
    const badId = await expectKnownError(
      await asClient(user, "/oauth-providers/me/not-a-uuid"),
      "SCHEMA_ERROR",
      400,
    );
    expect(badId.error).toContain("params.provider_id must be a valid UUID");
    expect((await storedAccount(created.id))?.email).toBe("listener@example.com");
  });

  it("allows one sign-in account per provider type and user", async () => {
    const user = await signUp();
    const first = await createProvider(user.userId);
    const sameType = {
      user_id: user.userId,
      provider_config_id: "spotify",
      account_id: `second-${randomUUID()}`,
      allow_sign_in: true,
      allow_connected_accounts: true,
    };
    await expectTextError(
      await asServer("/oauth-providers", { body: sameType }),
      400,
      "The same provider type with sign-in enabled already exists for this user.",
    );
    const second = await createProvider(user.userId, { ...sameType, allow_sign_in: false });
    expect(second.allow_sign_in).toBe(false);
    await expectTextError(
      await asServer(`/oauth-providers/${user.userId}/${second.id}`, {
        method: "PATCH",
        body: { allow_sign_in: true },
      }),
      400,
      "The same provider type with sign-in enabled already exists for this user.",
    );
    expect((await storedAccount(second.id))?.allowSignIn).toBe(false);
    await asServer(`/oauth-providers/${user.userId}/${first.id}`, {
      method: "PATCH",
      body: { allow_sign_in: false },
    });
    const enabled = await asServer(`/oauth-providers/${user.userId}/${second.id}`, {
      method: "PATCH",
      body: { allow_sign_in: true },
    });
    expect(enabled.status).toBe(200);
    expect(((await enabled.json()) as WireProvider).allow_sign_in).toBe(true);
  });

  it("links a provider account to a user once", async () => {
    const user = await signUp();
    const first = await createProvider(user.userId, { allow_sign_in: false });
    await expectTextError(
      await asServer("/oauth-providers", {
        body: {
          user_id: user.userId,
          provider_config_id: "spotify",
          account_id: first.account_id,
          allow_sign_in: false,
          allow_connected_accounts: true,
        },
      }),
      400,
      "The same provider type with the same account ID already exists for this user.",
    );
    const second = await createProvider(user.userId, { allow_sign_in: false });
    await expectTextError(
      await asServer(`/oauth-providers/${user.userId}/${second.id}`, {
        method: "PATCH",
        body: { account_id: first.account_id },
      }),
      400,
      "The same provider type with the same account ID already exists for this user.",
    );
    expect((await storedAccount(second.id))?.providerAccountId).toBe(second.account_id);
  });

  it("lets a provider account sign in one user only; others may only link it", async () => {
    const alice = await signUp();
    const bob = await signUp();
    const shared = `shared-${randomUUID()}`;
    await createProvider(alice.userId, { account_id: shared });
    await expectKnownError(
      await asServer("/oauth-providers", {
        body: {
          user_id: bob.userId,
          provider_config_id: "spotify",
          account_id: shared,
          allow_sign_in: true,
          allow_connected_accounts: true,
        },
      }),
      "OAUTH_PROVIDER_ACCOUNT_ID_ALREADY_USED_FOR_SIGN_IN",
      400,
    );
    const linked = await createProvider(bob.userId, { account_id: shared, allow_sign_in: false });
    await expectKnownError(
      await asClient(bob, `/oauth-providers/me/${linked.id}`, {
        method: "PATCH",
        body: { allow_sign_in: true },
      }),
      "OAUTH_PROVIDER_ACCOUNT_ID_ALREADY_USED_FOR_SIGN_IN",
      400,
    );
    expect((await storedAccount(linked.id))?.allowSignIn).toBe(false);
  });

  it("answers 404 for a provider id that does not exist or belongs to another user", async () => {
    const alice = await signUp();
    const bob = await signUp();
    const bobs = await createProvider(bob.userId);
    const missing = randomUUID();
    for (const method of ["GET", "PATCH", "DELETE"]) {
      await expectTextError(
        await asClient(alice, `/oauth-providers/me/${missing}`, {
          method,
          ...(method === "PATCH" ? { body: { allow_sign_in: false } } : {}),
        }),
        404,
        `OAuth provider ${missing} for user ${alice.userId} not found`,
      );
      await expectTextError(
        await asServer(`/oauth-providers/${alice.userId}/${bobs.id}`, {
          method,
          ...(method === "PATCH" ? { body: { allow_sign_in: false } } : {}),
        }),
        404,
        `OAuth provider ${bobs.id} for user ${alice.userId} not found`,
      );
    }
    expect(await storedAccount(bobs.id)).toMatchObject({ userId: bob.userId, allowSignIn: true });
  });
});

describe("access", () => {
  it("keeps client access to its own user, with the reference's texts", async () => {
    const alice = await signUp();
    const bob = await signUp();
    const bobs = await createProvider(bob.userId);
    const path = `/oauth-providers/${bob.userId}/${bobs.id}`;
    await expectTextError(
      await asClient(alice, path),
      403,
      "Client can only read OAuth providers for their own user.",
    );
    await expectTextError(
      await asClient(alice, `/oauth-providers?user_id=${bob.userId}`),
      403,
      "Client can only list OAuth providers for their own user.",
    );
    await expectTextError(
      await asClient(alice, "/oauth-providers"),
      403,
      "Client can only list OAuth providers for their own user.",
    );
    await expectTextError(
      await asClient(alice, path, { method: "PATCH", body: { allow_sign_in: false } }),
      403,
      "Client can only update OAuth providers for their own user.",
    );
    await expectTextError(
      await asClient(alice, path, { method: "DELETE" }),
      403,
      "Client can only delete OAuth providers for their own user.",
    );
    expect(await storedAccount(bobs.id)).toMatchObject({ allowSignIn: true });
  });

  it("needs a signed-in user for client access and server access to create", async () => {
    await expectKnownError(
      await asClient(null, "/oauth-providers?user_id=me"),
      "CANNOT_GET_OWN_USER_WITHOUT_USER",
      400,
    );
    await expectKnownError(
      await asClient(null, `/oauth-providers/${randomUUID()}/${randomUUID()}`),
      "CANNOT_GET_OWN_USER_WITHOUT_USER",
      400,
    );
    const user = await signUp();
    const create = await asClient(user, "/oauth-providers", {
      body: {
        user_id: "me",
        provider_config_id: "spotify",
        account_id: "mine",
        allow_sign_in: false,
        allow_connected_accounts: true,
      },
    });
    await expectKnownError(create, "INSUFFICIENT_ACCESS_TYPE", 401);
    const rows = await t.db
      .select()
      .from(oauthAccounts)
      .where(
        and(eq(oauthAccounts.userId, user.userId), eq(oauthAccounts.providerAccountId, "mine")),
      );
    expect(rows).toEqual([]);
  });
});
