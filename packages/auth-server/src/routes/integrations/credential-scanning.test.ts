/**
 * `POST /integrations/credential-scanning/revoke`: a leaked secret key is revoked (once), a public key
 * cannot be revoked (PUBLIC_API_KEY_CANNOT_BE_REVOKED), unknown and expired keys are reported.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { customerApiKeys } from "../../db/schema";
import { addTeamMember, createTeam, grantPermissions } from "../../services/teams/teams";
import { expectKnownError } from "../../testing/expect-known-error";
import { createTestAuthApi, type TestAuthApi, type TestUser } from "../../testing/test-auth-api";

let t: TestAuthApi;
let projectId: string;
let user: TestUser;

beforeAll(async () => {
  t = await createTestAuthApi();
  projectId = (
    await t.createProject({
      displayName: "Scanned",
      config: { apiKeys: { enabled: { user: true, team: true } } },
    })
  ).id;
  user = await t.signUpUser(projectId);
});
afterAll(() => t.close());

async function createKey(
  body: Record<string, unknown> = {},
): Promise<{ id: string; value: string }> {
  const response = await t.request("/user-api-keys", {
    accessType: "client",
    projectId,
    accessToken: user.accessToken,
    body: { user_id: "me", description: "leaky", expires_at_millis: null, ...body },
  });
  expect(response.status).toBe(200);
  return (await response.json()) as { id: string; value: string };
}

// The scanner calls without any project headers.
const revoke = (apiKey: unknown) =>
  t.request("/integrations/credential-scanning/revoke", { body: { api_key: apiKey } });

async function revokedAt(id: string): Promise<Date | null> {
  const [row] = await t.db.select().from(customerApiKeys).where(eq(customerApiKeys.id, id));
  return row?.revokedAt ?? null;
}

describe("credential-scanning revoke", () => {
  it("revokes a secret key once; the check then answers API_KEY_REVOKED", async () => {
    const key = await createKey();
    const response = await revoke(key.value);
    expect({ status: response.status, body: await response.json() }).toEqual({
      status: 200,
      body: { success: true },
    });
    const mails = await t.readOutbox(user.email);
    expect(mails.map((mail) => mail.subject)).toEqual(["API Key Revoked: leaky"]);
    expect(mails[0]?.text).toContain(
      'Your API key "leaky" for Scanned has been automatically revoked',
    );
    const first = await revokedAt(key.id);
    expect(first).toEqual(t.clock());
    t.clock.advance(1000);
    expect((await revoke(key.value)).status).toBe(200);
    expect(await revokedAt(key.id)).toEqual(first);
    // Nothing changed the second time, so nobody is mailed again.
    expect(await t.readOutbox(user.email)).toHaveLength(1);
    const checked = await t.request("/user-api-keys/check", {
      accessType: "server",
      projectId,
      body: { api_key: key.value },
    });
    await expectKnownError(checked, "API_KEY_REVOKED", 401);
  });

  it("mails the team members who may manage the team's keys, not the other members", async () => {
    const manager = await t.signUpUser(projectId);
    const member = await t.signUpUser(projectId);
    const ids = { generateId: () => crypto.randomUUID() };
    const teamId = await createTeam(t.db, ids, { projectId, displayName: "Team", now: t.clock() });
    for (const each of [manager, member]) {
      await addTeamMember(t.db, { projectId, teamId, userId: each.userId, now: t.clock() });
    }
    await grantPermissions(t.db, ids, {
      projectId,
      userId: manager.userId,
      teamId,
      permissionIds: ["$manage_api_keys"],
      now: t.clock(),
    });
    const response = await t.request("/team-api-keys", {
      accessType: "server",
      projectId,
      body: { team_id: teamId, description: "team leak", expires_at_millis: null },
    });
    const key = (await response.json()) as { value: string };
    expect((await revoke(key.value)).status).toBe(200);
    expect((await t.readOutbox(manager.email)).map((mail) => mail.subject)).toEqual([
      "API Key Revoked: team leak",
    ]);
    expect(await t.readOutbox(member.email)).toEqual([]);
  });

  it("refuses public keys and leaves them valid", async () => {
    const key = await createKey({ is_public: true });
    const mailsBefore = (await t.readOutbox(user.email)).length;
    await expectKnownError(await revoke(key.value), "PUBLIC_API_KEY_CANNOT_BE_REVOKED", 400);
    expect(await revokedAt(key.id)).toBeNull();
    expect(await t.readOutbox(user.email)).toHaveLength(mailsBefore);
  });

  it("reports unknown and expired keys and rejects a body without api_key", async () => {
    await expectKnownError(await revoke("sk_unknown"), "API_KEY_NOT_FOUND", 404);
    const key = await createKey({ expires_at_millis: t.clock().getTime() + 1000 });
    t.clock.advance(1000);
    await expectKnownError(await revoke(key.value), "API_KEY_EXPIRED", 401);
    expect(await revokedAt(key.id)).toBeNull();
    await expectKnownError(
      await t.request("/integrations/credential-scanning/revoke", { body: {} }),
      "SCHEMA_ERROR",
      400,
    );
  });
});
