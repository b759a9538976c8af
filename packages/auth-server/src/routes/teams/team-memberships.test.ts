/**
 * `/team-memberships` (contract §2.8): server access adds members with the team-member default
 * permissions; members leave, removing others needs `$remove_members`; errors leave memberships as
 * they were.
 */
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { permissionGrants, teamMembers } from "../../db/schema";
import { expectKnownError } from "../../testing/expect-known-error";
import { createTestAuthApi, type TestAuthApi, type TestUser } from "../../testing/test-auth-api";

let t: TestAuthApi;
let projectId: string;

beforeAll(async () => {
  t = await createTestAuthApi();
  projectId = (await t.createProject({ config: { teams: { allowClientTeamCreation: true } } })).id;
});
afterAll(() => t.close());

const asClient = (user: TestUser) => ({
  accessType: "client" as const,
  projectId,
  accessToken: user.accessToken,
});
const asServer = () => ({ accessType: "server" as const, projectId });
const unknownId = "00000000-0000-4000-8000-000000000009";

async function createTeamAs(user: TestUser): Promise<string> {
  const response = await t.request("/teams", {
    ...asClient(user),
    body: { display_name: "Crew" },
  });
  expect(response.status).toBe(201);
  return ((await response.json()) as { id: string }).id;
}

const add = (teamId: string, userId: string) =>
  t.request(`/team-memberships/${teamId}/${userId}`, { ...asServer(), body: {} });

async function memberIds(teamId: string): Promise<string[]> {
  const rows = await t.db.select().from(teamMembers).where(eq(teamMembers.teamId, teamId));
  return rows.map((row) => row.userId).sort();
}

async function grantsOf(teamId: string, userId: string): Promise<string[]> {
  const rows = await t.db
    .select()
    .from(permissionGrants)
    .where(and(eq(permissionGrants.teamId, teamId), eq(permissionGrants.userId, userId)));
  return rows.map((row) => row.permissionId);
}

describe("adding members (server access)", () => {
  it("adds a member with the team-member default permissions; twice is a conflict", async () => {
    const creator = await t.signUpUser(projectId);
    const member = await t.signUpUser(projectId);
    const teamId = await createTeamAs(creator);

    const response = await add(teamId, member.userId);
    expect(response.status).toBe(201);
    expect(await response.json()).toEqual({ team_id: teamId, user_id: member.userId });
    expect(await memberIds(teamId)).toEqual([creator.userId, member.userId].sort());
    expect(await grantsOf(teamId, member.userId)).toEqual(["team_member"]);

    await expectKnownError(await add(teamId, member.userId), "TEAM_MEMBERSHIP_ALREADY_EXISTS", 409);
    expect(await grantsOf(teamId, member.userId)).toEqual(["team_member"]);
  });

  it("rejects unknown users and teams, client access and a body", async () => {
    const creator = await t.signUpUser(projectId);
    const other = await t.signUpUser(projectId);
    const teamId = await createTeamAs(creator);
    await expectKnownError(await add(teamId, unknownId), "USER_NOT_FOUND", 404);
    await expectKnownError(await add(unknownId, other.userId), "TEAM_NOT_FOUND", 404);
    const client = await expectKnownError(
      await t.request(`/team-memberships/${teamId}/${other.userId}`, {
        ...asClient(creator),
        body: {},
      }),
      "INSUFFICIENT_ACCESS_TYPE",
      401,
    );
    expect(client.details).toEqual({
      actual_access_type: "client",
      allowed_access_types: ["server", "admin"],
    });
    await expectKnownError(
      await t.request(`/team-memberships/${teamId}/${other.userId}`, {
        ...asServer(),
        body: { role: "admin" },
      }),
      "SCHEMA_ERROR",
      400,
    );
    expect(await memberIds(teamId)).toEqual([creator.userId]);
  });
});

describe("removing members", () => {
  it("a member leaves (me): membership, team permissions and selection go", async () => {
    const creator = await t.signUpUser(projectId);
    const member = await t.signUpUser(projectId);
    const teamId = await createTeamAs(creator);
    await add(teamId, member.userId);
    await t.request("/users/me", {
      ...asClient(member),
      method: "PATCH",
      body: { selected_team_id: teamId },
    });

    const left = await t.request(`/team-memberships/${teamId}/me`, {
      ...asClient(member),
      method: "DELETE",
    });
    expect(await left.json()).toEqual({ success: true });
    expect(await memberIds(teamId)).toEqual([creator.userId]);
    expect(await grantsOf(teamId, member.userId)).toEqual([]);
    const me = await t.request("/users/me", asClient(member));
    expect(await me.json()).toMatchObject({ selected_team_id: null });

    const again = await expectKnownError(
      await t.request(`/team-memberships/${teamId}/me`, { ...asClient(member), method: "DELETE" }),
      "TEAM_MEMBERSHIP_NOT_FOUND",
      404,
    );
    expect(again.details).toEqual({ team_id: teamId, user_id: member.userId });
  });

  it("client: removing someone else needs $remove_members (the creator has it, a member not)", async () => {
    const creator = await t.signUpUser(projectId);
    const member = await t.signUpUser(projectId);
    const third = await t.signUpUser(projectId);
    const teamId = await createTeamAs(creator);
    await add(teamId, member.userId);
    await add(teamId, third.userId);

    const refused = await expectKnownError(
      await t.request(`/team-memberships/${teamId}/${third.userId}`, {
        ...asClient(member),
        method: "DELETE",
      }),
      "TEAM_PERMISSION_REQUIRED",
      401,
    );
    expect(refused.details).toEqual({
      team_id: teamId,
      user_id: member.userId,
      permission_id: "$remove_members",
    });
    expect(await memberIds(teamId)).toHaveLength(3);

    const removed = await t.request(`/team-memberships/${teamId}/${third.userId}`, {
      ...asClient(creator),
      method: "DELETE",
    });
    expect(removed.status).toBe(200);
    expect(await memberIds(teamId)).toEqual([creator.userId, member.userId].sort());

    const server = await t.request(`/team-memberships/${teamId}/${member.userId}`, {
      ...asServer(),
      method: "DELETE",
    });
    expect(server.status).toBe(200);
    expect(await memberIds(teamId)).toEqual([creator.userId]);
    await expectKnownError(
      await t.request(`/team-memberships/${teamId}/me`, { ...asServer(), method: "DELETE" }),
      "CANNOT_GET_OWN_USER_WITHOUT_USER",
      400,
    );
  });
});
