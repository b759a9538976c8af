/**
 * `/user-api-keys` and `/team-api-keys` (contract §2.12): create, list, read, update, revoke and the
 * server-side check; valid, expired and revoked keys; feature flags; client access rules; the key
 * format and that only a digest is stored.
 */
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { customerApiKeys, teamMembers } from "../../db/schema";
import { hashSecret } from "../../services/secrets/secrets";
import { addTeamMember, createTeam, grantPermissions } from "../../services/teams/teams";
import { expectKnownError, expectTextError } from "../../testing/expect-known-error";
import { createTestAuthApi, type TestAuthApi, type TestUser } from "../../testing/test-auth-api";

let t: TestAuthApi;
let projectId: string;
let disabledProjectId: string;

beforeAll(async () => {
  t = await createTestAuthApi();
  projectId = (
    await t.createProject({
      config: {
        apiKeys: { enabled: { user: true, team: true } },
        rbac: {
          permissions: {
            key_keeper: { scope: "team", containedPermissionIds: { $manage_api_keys: true } },
          },
        },
      },
    })
  ).id;
  disabledProjectId = (await t.createProject()).id;
});
afterAll(() => t.close());

interface ApiKey {
  id: string;
  description: string;
  created_at_millis: number;
  expires_at_millis?: number;
  manually_revoked_at_millis?: number;
  is_public: boolean;
  type: "user" | "team";
  user_id?: string;
  team_id?: string;
  value: string | { last_four: string };
}

const keyPattern = /^(sk|pk)_[0-9a-z]{45}[0-9a-f]{32}(user|team)[0-9a-z]574ck4u7h[0-9a-f]{8}$/;

const asClient = (user: TestUser, project = projectId) => ({
  accessType: "client" as const,
  projectId: project,
  accessToken: user.accessToken,
});
const asServer = (project = projectId) => ({ accessType: "server" as const, projectId: project });

async function createUserKey(user: TestUser, body: Record<string, unknown> = {}): Promise<ApiKey> {
  t.clock.advance(1000);
  const response = await t.request("/user-api-keys", {
    ...asClient(user),
    body: { user_id: "me", description: "key", expires_at_millis: null, ...body },
  });
  expect(response.status).toBe(200);
  return (await response.json()) as ApiKey;
}

async function check(type: "user" | "team", apiKey: string): Promise<Response> {
  return t.request(`/${type}-api-keys/check`, { ...asServer(), body: { api_key: apiKey } });
}

async function createTeamWith(user: TestUser, permissionIds: string[]): Promise<string> {
  const teamId = await createTeam(
    t.db,
    { generateId: () => crypto.randomUUID() },
    {
      projectId,
      displayName: "Team",
      now: t.clock(),
    },
  );
  await addTeamMember(t.db, { projectId, teamId, userId: user.userId, now: t.clock() });
  await grantPermissions(
    t.db,
    { generateId: () => crypto.randomUUID() },
    {
      projectId,
      userId: user.userId,
      teamId,
      permissionIds,
      now: t.clock(),
    },
  );
  return teamId;
}

describe("user API keys (happy)", () => {
  it("creates a key shown once, stores only its digest, lists, reads and checks it", async () => {
    const user = await t.signUpUser(projectId);
    const created = await createUserKey(user, { description: "CI token" });
    expect(created).toEqual({
      id: expect.any(String),
      description: "CI token",
      created_at_millis: t.clock().getTime(),
      is_public: false,
      type: "user",
      user_id: user.userId,
      value: expect.stringMatching(keyPattern),
    });
    const key = created.value as string;
    expect(key.startsWith("sk_")).toBe(true);
    expect(key).toContain(created.id.replaceAll("-", ""));

    const [stored] = await t.db
      .select()
      .from(customerApiKeys)
      .where(eq(customerApiKeys.id, created.id));
    expect(stored?.secretHash).toBe(hashSecret(key));
    expect(JSON.stringify(stored)).not.toContain(key.slice(3, 48));

    const hidden = { ...created, value: { last_four: key.slice(-4) } };
    const list = await t.request("/user-api-keys?user_id=me", asClient(user));
    expect(await list.json()).toEqual({ items: [hidden], is_paginated: false });
    const read = await t.request(`/user-api-keys/${created.id}`, asClient(user));
    expect(await read.json()).toEqual(hidden);
    const checked = await check("user", key);
    expect(checked.status).toBe(200);
    expect(await checked.json()).toEqual(hidden);
  });

  it("lists newest first and creates public keys with the pk prefix", async () => {
    const user = await t.signUpUser(projectId);
    const first = await createUserKey(user, { description: "first" });
    const second = await createUserKey(user, { description: "second", is_public: true });
    expect(second.is_public).toBe(true);
    expect((second.value as string).startsWith("pk_")).toBe(true);
    const list = await t.request("/user-api-keys?user_id=me", asClient(user));
    const { items } = (await list.json()) as { items: ApiKey[] };
    expect(items.map((item) => item.id)).toEqual([second.id, first.id]);
  });

  it("updates description and expiry; an expired key fails the check", async () => {
    const user = await t.signUpUser(projectId);
    const created = await createUserKey(user);
    const expiresAt = t.clock().getTime() + 60_000;
    const patched = await t.request(`/user-api-keys/${created.id}?user_id=${user.userId}`, {
      ...asClient(user),
      method: "PATCH",
      body: { description: "renamed", expires_at_millis: expiresAt },
    });
    expect(patched.status).toBe(200);
    expect(await patched.json()).toMatchObject({
      description: "renamed",
      expires_at_millis: expiresAt,
    });
    expect((await check("user", created.value as string)).status).toBe(200);
    t.clock.advance(60_001);
    await expectKnownError(await check("user", created.value as string), "API_KEY_EXPIRED", 401);

    const cleared = await t.request(`/user-api-keys/${created.id}`, {
      ...asServer(),
      method: "PATCH",
      body: { expires_at_millis: null },
    });
    expect(await cleared.json()).not.toHaveProperty("expires_at_millis");
    expect((await check("user", created.value as string)).status).toBe(200);
  });

  it("revokes a key; a second revocation keeps the first time; a revoked key fails the check", async () => {
    const user = await t.signUpUser(projectId);
    const created = await createUserKey(user);
    const revoke = () =>
      t.request(`/user-api-keys/${created.id}`, {
        ...asClient(user),
        method: "PATCH",
        body: { revoked: true },
      });
    const first = (await (await revoke()).json()) as ApiKey;
    expect(first.manually_revoked_at_millis).toBe(t.clock().getTime());
    t.clock.advance(5000);
    const second = (await (await revoke()).json()) as ApiKey;
    expect(second.manually_revoked_at_millis).toBe(first.manually_revoked_at_millis);
    await expectKnownError(await check("user", created.value as string), "API_KEY_REVOKED", 401);
  });

  it("lets the server create, list and read keys of any user", async () => {
    const user = await t.signUpUser(projectId);
    const response = await t.request("/user-api-keys", {
      ...asServer(),
      body: { user_id: user.userId, description: "server", expires_at_millis: null },
    });
    expect(response.status).toBe(200);
    const created = (await response.json()) as ApiKey;
    const list = await t.request(`/user-api-keys?user_id=${user.userId}`, asServer());
    expect(((await list.json()) as { items: ApiKey[] }).items.map((key) => key.id)).toEqual([
      created.id,
    ]);
  });
});

describe("team API keys", () => {
  it("a member with $manage_api_keys creates, lists, reads, revokes and the server checks", async () => {
    const user = await t.signUpUser(projectId);
    const teamId = await createTeamWith(user, ["$manage_api_keys"]);
    const response = await t.request("/team-api-keys", {
      ...asClient(user),
      body: { team_id: teamId, description: "team key", expires_at_millis: null },
    });
    expect(response.status).toBe(200);
    const created = (await response.json()) as ApiKey;
    expect(created).toMatchObject({ type: "team", team_id: teamId });
    expect(created).not.toHaveProperty("user_id");
    expect(created.value).toMatch(keyPattern);
    expect((created.value as string).includes("team")).toBe(true);

    const list = await t.request(`/team-api-keys?team_id=${teamId}`, asClient(user));
    expect(((await list.json()) as { items: ApiKey[] }).items).toHaveLength(1);
    const read = await t.request(`/team-api-keys/${created.id}?team_id=${teamId}`, asClient(user));
    expect(read.status).toBe(200);
    expect((await check("team", created.value as string)).status).toBe(200);
    await expectKnownError(await check("user", created.value as string), "WRONG_API_KEY_TYPE", 400);
    const revoked = await t.request(`/team-api-keys/${created.id}`, {
      ...asClient(user),
      method: "PATCH",
      body: { revoked: true },
    });
    expect(revoked.status).toBe(200);
    await expectKnownError(await check("team", created.value as string), "API_KEY_REVOKED", 401);
  });

  it("a permission that contains $manage_api_keys is enough; leaving the team ends it", async () => {
    const user = await t.signUpUser(projectId);
    const teamId = await createTeamWith(user, ["key_keeper"]);
    const create = () =>
      t.request("/team-api-keys", {
        ...asClient(user),
        body: { team_id: teamId, description: "kept", expires_at_millis: null },
      });
    expect((await create()).status).toBe(200);
    await t.db
      .delete(teamMembers)
      .where(and(eq(teamMembers.teamId, teamId), eq(teamMembers.userId, user.userId)));
    await expectKnownError(await create(), "API_KEY_NOT_FOUND", 404);
  });

  it("a member without the permission and a non-member get API_KEY_NOT_FOUND; nothing is stored", async () => {
    const member = await t.signUpUser(projectId);
    const outsider = await t.signUpUser(projectId);
    const teamId = await createTeamWith(member, []);
    for (const user of [member, outsider]) {
      const create = await t.request("/team-api-keys", {
        ...asClient(user),
        body: { team_id: teamId, description: "nope", expires_at_millis: null },
      });
      await expectKnownError(create, "API_KEY_NOT_FOUND", 404);
      const list = await t.request(`/team-api-keys?team_id=${teamId}`, asClient(user));
      await expectKnownError(list, "API_KEY_NOT_FOUND", 404);
    }
    expect(
      await t.db.select().from(customerApiKeys).where(eq(customerApiKeys.teamId, teamId)),
    ).toEqual([]);
  });

  it("the server creates team keys; an unknown team is TEAM_NOT_FOUND", async () => {
    const user = await t.signUpUser(projectId);
    const teamId = await createTeamWith(user, []);
    const ok = await t.request("/team-api-keys", {
      ...asServer(),
      body: { team_id: teamId, description: "server", expires_at_millis: null },
    });
    expect(ok.status).toBe(200);
    const unknown = await t.request("/team-api-keys", {
      ...asServer(),
      body: { team_id: crypto.randomUUID(), description: "x", expires_at_millis: null },
    });
    await expectKnownError(unknown, "TEAM_NOT_FOUND", 404);
  });
});

describe("rejected input and access", () => {
  it("answers the contract's text 400 when the project has not enabled the key type", async () => {
    const user = await t.signUpUser(disabledProjectId);
    const create = await t.request("/user-api-keys", {
      ...asClient(user, disabledProjectId),
      body: { user_id: "me", description: "x", expires_at_millis: null },
    });
    await expectTextError(create, 400, "User API keys are not enabled for this project.");
    const list = await t.request(`/team-api-keys?team_id=${crypto.randomUUID()}`, {
      ...asClient(user, disabledProjectId),
    });
    await expectTextError(list, 400, "Team API keys are not enabled for this project.");
    const checked = await t.request("/user-api-keys/check", {
      ...asServer(disabledProjectId),
      body: { api_key: "sk_x" },
    });
    await expectTextError(checked, 400, "User API keys are not enabled for this project.");
  });

  it("client access needs a user and may only manage its own keys", async () => {
    const user = await t.signUpUser(projectId);
    const other = await t.signUpUser(projectId);
    const noUser = await t.request("/user-api-keys", {
      accessType: "client",
      projectId,
      body: { user_id: "me", description: "x", expires_at_millis: null },
    });
    await expectKnownError(noUser, "USER_AUTHENTICATION_REQUIRED", 401);
    const forOther = await t.request("/user-api-keys", {
      ...asClient(user),
      body: { user_id: other.userId, description: "x", expires_at_millis: null },
    });
    await expectTextError(forOther, 403, "Client can only manage their own api keys");
    const listOther = await t.request(`/user-api-keys?user_id=${other.userId}`, asClient(user));
    await expectTextError(listOther, 403, "Client can only manage their own api keys");

    const otherKey = await createUserKey(other);
    const read = await t.request(`/user-api-keys/${otherKey.id}`, asClient(user));
    await expectTextError(read, 403, "Client can only manage their own api keys");
    const patch = await t.request(`/user-api-keys/${otherKey.id}`, {
      ...asClient(user),
      method: "PATCH",
      body: { revoked: true },
    });
    await expectTextError(patch, 403, "Client can only manage their own api keys");
    expect((await check("user", otherKey.value as string)).status).toBe(200);
  });

  it("validates bodies and queries with SCHEMA_ERROR", async () => {
    const user = await t.signUpUser(projectId);
    const key = await createUserKey(user);
    const both = await t.request("/user-api-keys", {
      ...asClient(user),
      body: {
        user_id: "me",
        team_id: crypto.randomUUID(),
        description: "x",
        expires_at_millis: null,
      },
    });
    const bothBody = await expectKnownError(both, "SCHEMA_ERROR", 400);
    expect(bothBody.error).toContain("body contains unknown properties: team_id");
    const missing = await t.request("/user-api-keys", {
      ...asClient(user),
      body: { user_id: "me" },
    });
    const missingBody = await expectKnownError(missing, "SCHEMA_ERROR", 400);
    expect(missingBody.error).toContain("body.description must be defined");
    expect(missingBody.error).toContain("body.expires_at_millis must be defined");
    const serverList = await t.request("/user-api-keys", asServer());
    expect((await expectKnownError(serverList, "SCHEMA_ERROR", 400)).error).toBe(
      "user_id is required for user API keys",
    );
    const patchOwner = await t.request(`/user-api-keys/${key.id}`, {
      ...asClient(user),
      method: "PATCH",
      body: { description: "y", user_id: crypto.randomUUID() },
    });
    expect((await expectKnownError(patchOwner, "SCHEMA_ERROR", 400)).error).toContain(
      "body contains unknown properties: user_id",
    );
    const unrevoke = await t.request(`/user-api-keys/${key.id}`, {
      ...asClient(user),
      method: "PATCH",
      body: { revoked: false },
    });
    await expectKnownError(unrevoke, "SCHEMA_ERROR", 400);
    const readTeamQuery = await t.request(`/user-api-keys/${key.id}?team_id=x`, asClient(user));
    expect((await expectKnownError(readTeamQuery, "SCHEMA_ERROR", 400)).error).toContain(
      "query contains unknown properties: team_id",
    );
    const [stored] = await t.db
      .select()
      .from(customerApiKeys)
      .where(eq(customerApiKeys.id, key.id));
    expect(stored).toMatchObject({ description: "key", revokedAt: null });
  });

  it("unknown ids, keys of the other type and malformed keys are API_KEY_NOT_FOUND", async () => {
    const user = await t.signUpUser(projectId);
    const key = await createUserKey(user);
    await expectKnownError(
      await t.request(`/user-api-keys/${crypto.randomUUID()}`, asClient(user)),
      "API_KEY_NOT_FOUND",
      404,
    );
    await expectKnownError(
      await t.request(`/team-api-keys/${key.id}`, asServer()),
      "API_KEY_NOT_FOUND",
      404,
    );
    await expectKnownError(await check("user", "sk_not-a-key"), "API_KEY_NOT_FOUND", 404);
    // One character changed: the checksum no longer matches.
    const value = key.value as string;
    const typo = `${value.slice(0, 10)}${value[10] === "a" ? "b" : "a"}${value.slice(11)}`;
    await expectKnownError(await check("user", typo), "API_KEY_NOT_FOUND", 404);
  });

  it("the check needs server access", async () => {
    const user = await t.signUpUser(projectId);
    const key = await createUserKey(user);
    const response = await t.request("/user-api-keys/check", {
      ...asClient(user),
      body: { api_key: key.value },
    });
    await expectKnownError(response, "INSUFFICIENT_ACCESS_TYPE", 401);
  });

  it("a key of another project is not found by the check", async () => {
    const user = await t.signUpUser(projectId);
    const key = await createUserKey(user);
    const otherProject = await t.createProject({
      config: { apiKeys: { enabled: { user: true, team: true } } },
    });
    const response = await t.request("/user-api-keys/check", {
      ...asServer(otherProject.id),
      body: { api_key: key.value },
    });
    await expectKnownError(response, "API_KEY_NOT_FOUND", 404);
  });
});
