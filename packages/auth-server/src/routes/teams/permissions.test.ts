/**
 * Permissions (contract §2.11): definitions with contained permissions (admin only, stored in the
 * project config), granting and revoking team and project permissions (server access), listing
 * direct or recursive (client: only its own), `$` system permissions, and sign-up defaults.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { permissionGrants } from "../../db/schema";
import { expectKnownError, expectTextError } from "../../testing/expect-known-error";
import {
  createTestAuthApi,
  type TestAuthApi,
  type TestRequestOptions,
  type TestUser,
} from "../../testing/test-auth-api";

let t: TestAuthApi;
let projectId: string;

beforeAll(async () => {
  t = await createTestAuthApi();
  projectId = (
    await t.createProject({
      config: {
        teams: { allowClientTeamCreation: true },
        rbac: { defaultPermissions: { signUp: ["read_public"] } },
      },
    })
  ).id;
  // Definitions used below: a project permission contained in another, and a team permission
  // that contains a system permission.
  for (const [path, body] of [
    ["/project-permission-definitions", { id: "read_public", description: "Read" }],
    [
      "/project-permission-definitions",
      { id: "moderate", contained_permission_ids: ["read_public"] },
    ],
    ["/team-permission-definitions", { id: "editor", contained_permission_ids: ["$update_team"] }],
  ] as const) {
    const response = await t.request(path, { ...asAdmin(), body });
    expect(response.status).toBe(201);
  }
});
afterAll(() => t.close());

const asClient = (user: TestUser) => ({
  accessType: "client" as const,
  projectId,
  accessToken: user.accessToken,
});
const asServer = () => ({ accessType: "server" as const, projectId });
const asAdmin = () => ({ accessType: "admin" as const, projectId });

interface Entry {
  id: string;
  user_id: string;
  team_id?: string;
}

async function items<T>(response: Response): Promise<T[]> {
  expect(response.status).toBe(200);
  return ((await response.json()) as { items: T[] }).items;
}

async function createTeamAs(user: TestUser): Promise<string> {
  const response = await t.request("/teams", { ...asClient(user), body: { display_name: "T" } });
  return ((await response.json()) as { id: string }).id;
}

async function grantsOf(userId: string): Promise<string[]> {
  const rows = await t.db
    .select()
    .from(permissionGrants)
    .where(eq(permissionGrants.userId, userId));
  return rows.map((row) => row.permissionId).sort();
}

describe("permission definitions (admin)", () => {
  it("lists team definitions with the system permissions, and project definitions", async () => {
    const team = await items<{ id: string; contained_permission_ids: string[] }>(
      await t.request("/team-permission-definitions", asAdmin()),
    );
    expect(team.map((d) => d.id)).toEqual([
      "$delete_team",
      "$invite_members",
      "$manage_api_keys",
      "$read_members",
      "$remove_members",
      "$update_team",
      "editor",
      "team_admin",
      "team_member",
    ]);
    expect(team.find((d) => d.id === "team_member")).toEqual({
      id: "team_member",
      description: "Default permission for team members",
      contained_permission_ids: ["$invite_members", "$read_members"],
    });
    // The reference's wording for the admins' default (its e2e suite lists it).
    expect(team.find((d) => d.id === "team_admin")).toMatchObject({
      description: "Default permission for team admins",
    });
    expect(team.find((d) => d.id === "$update_team")).toEqual({
      id: "$update_team",
      description: "Update the team information",
      contained_permission_ids: [],
    });
    const project = await items(await t.request("/project-permission-definitions", asAdmin()));
    expect(project).toEqual([
      { id: "moderate", contained_permission_ids: ["read_public"] },
      { id: "read_public", description: "Read", contained_permission_ids: [] },
    ]);
  });

  it("rejects duplicates, unknown contained ids, bad ids and non-admin access; config unchanged", async () => {
    const before = await items(await t.request("/project-permission-definitions", asAdmin()));
    const duplicate = await expectKnownError(
      await t.request("/project-permission-definitions", {
        ...asAdmin(),
        body: { id: "moderate" },
      }),
      "PERMISSION_ID_ALREADY_EXISTS",
      400,
    );
    expect(duplicate.details).toEqual({ permission_id: "moderate" });
    const missing = await expectKnownError(
      await t.request("/project-permission-definitions", {
        ...asAdmin(),
        body: { id: "x", contained_permission_ids: ["editor"] },
      }),
      "CONTAINED_PERMISSION_NOT_FOUND",
      400,
    );
    expect(missing.details).toEqual({ permission_id: "editor" });
    const system = await expectKnownError(
      await t.request("/team-permission-definitions", {
        ...asAdmin(),
        body: { id: "y", contained_permission_ids: ["$fly"] },
      }),
      "SCHEMA_ERROR",
      400,
    );
    expect(system.error).toContain("body.contained_permission_ids[0] Invalid system permission");
    await expectKnownError(
      await t.request("/team-permission-definitions", { ...asAdmin(), body: { id: "Bad Id" } }),
      "SCHEMA_ERROR",
      400,
    );
    await expectKnownError(
      await t.request("/project-permission-definitions", { ...asServer(), body: { id: "z" } }),
      "INSUFFICIENT_ACCESS_TYPE",
      401,
    );
    await expectKnownError(
      await t.request("/team-permission-definitions", asServer()),
      "INSUFFICIENT_ACCESS_TYPE",
      401,
    );
    // System permissions are fixed: they cannot be changed or deleted.
    await expectKnownError(
      await t.request("/team-permission-definitions/$update_team", {
        ...asAdmin(),
        method: "DELETE",
      }),
      "SCHEMA_ERROR",
      400,
    );
    await expectKnownError(
      await t.request("/team-permission-definitions", {
        ...asAdmin(),
        body: { id: "$update_team" },
      }),
      "SCHEMA_ERROR",
      400,
    );
    // A definition of the other scope is not found in this one.
    await expectKnownError(
      await t.request("/team-permission-definitions/moderate", { ...asAdmin(), method: "DELETE" }),
      "PERMISSION_NOT_FOUND",
      404,
    );
    await expectKnownError(
      await t.request("/team-permission-definitions/nope", {
        ...asAdmin(),
        method: "PATCH",
        body: { description: "x" },
      }),
      "PERMISSION_NOT_FOUND",
      404,
    );
    expect(await items(await t.request("/project-permission-definitions", asAdmin()))).toEqual(
      before,
    );
  });

  it("renames a definition (grants and containing definitions follow) and deletes one (grants go)", async () => {
    const user = await t.signUpUser(projectId);
    await t.request("/project-permission-definitions", { ...asAdmin(), body: { id: "old_name" } });
    await t.request("/project-permission-definitions", {
      ...asAdmin(),
      body: { id: "outer", contained_permission_ids: ["old_name"] },
    });
    await t.request(`/project-permissions/${user.userId}/old_name`, { ...asServer(), body: {} });

    const renamed = await t.request("/project-permission-definitions/old_name", {
      ...asAdmin(),
      method: "PATCH",
      body: { id: "new_name", description: "Renamed" },
    });
    expect(await renamed.json()).toEqual({
      id: "new_name",
      description: "Renamed",
      contained_permission_ids: [],
    });
    expect(await grantsOf(user.userId)).toEqual(["new_name", "read_public"]);
    const definitions = await items<{ id: string; contained_permission_ids: string[] }>(
      await t.request("/project-permission-definitions", asAdmin()),
    );
    expect(definitions.find((d) => d.id === "outer")?.contained_permission_ids).toEqual([
      "new_name",
    ]);

    const deleted = await t.request("/project-permission-definitions/new_name", {
      ...asAdmin(),
      method: "DELETE",
    });
    expect(await deleted.json()).toEqual({ success: true });
    expect(await grantsOf(user.userId)).toEqual(["read_public"]);
    const after = await items<{ id: string; contained_permission_ids: string[] }>(
      await t.request("/project-permission-definitions", asAdmin()),
    );
    expect(after.map((d) => d.id)).not.toContain("new_name");
    expect(after.find((d) => d.id === "outer")?.contained_permission_ids).toEqual([]);
  });
});

describe("team permissions", () => {
  it("grants (custom and system), lists direct and recursive, revokes", async () => {
    const creator = await t.signUpUser(projectId);
    const member = await t.signUpUser(projectId);
    const teamId = await createTeamAs(creator);
    await t.request(`/team-memberships/${teamId}/${member.userId}`, { ...asServer(), body: {} });

    const granted = await t.request(`/team-permissions/${teamId}/${member.userId}/editor`, {
      ...asServer(),
      body: {},
    });
    expect(granted.status).toBe(201);
    expect(await granted.json()).toEqual({ id: "editor", user_id: member.userId, team_id: teamId });
    const system = await t.request(
      `/team-permissions/${teamId}/${member.userId}/$manage_api_keys`,
      {
        ...asServer(),
        body: {},
      },
    );
    expect(system.status).toBe(201);

    const direct = await items<Entry>(
      await t.request(`/team-permissions?team_id=${teamId}&user_id=me`, asClient(member)),
    );
    expect(direct.map((p) => p.id)).toEqual(["$manage_api_keys", "editor", "team_member"]);
    const recursive = await items<Entry>(
      await t.request(
        `/team-permissions?team_id=${teamId}&user_id=me&recursive=true`,
        asClient(member),
      ),
    );
    expect(recursive).toEqual(
      [
        "$invite_members",
        "$manage_api_keys",
        "$read_members",
        "$update_team",
        "editor",
        "team_member",
      ].map((id) => ({ id, user_id: member.userId, team_id: teamId })),
    );
    const one = await items<Entry>(
      await t.request(
        `/team-permissions?team_id=${teamId}&user_id=${member.userId}&permission_id=$update_team&recursive=true`,
        asServer(),
      ),
    );
    expect(one.map((p) => p.id)).toEqual(["$update_team"]);
    // With $update_team (through editor) the member may now rename the team.
    const patched = await t.request(`/teams/${teamId}`, {
      ...asClient(member),
      method: "PATCH",
      body: { display_name: "Renamed by editor" },
    });
    expect(patched.status).toBe(200);

    const revoked = await t.request(`/team-permissions/${teamId}/${member.userId}/editor`, {
      ...asServer(),
      method: "DELETE",
    });
    expect(await revoked.json()).toEqual({ success: true });
    const notGranted = await expectKnownError(
      await t.request(`/team-permissions/${teamId}/${member.userId}/editor`, {
        ...asServer(),
        method: "DELETE",
      }),
      "TEAM_PERMISSION_NOT_FOUND",
      401,
    );
    expect(notGranted.details).toEqual({
      team_id: teamId,
      user_id: member.userId,
      permission_id: "editor",
    });
  });

  it("rejects non-members, unknown and wrong-scope permissions, bad system ids and client grants", async () => {
    const creator = await t.signUpUser(projectId);
    const outsider = await t.signUpUser(projectId);
    const teamId = await createTeamAs(creator);
    const before = await grantsOf(outsider.userId);
    const grant = (
      userId: string,
      permissionId: string,
      options: TestRequestOptions = asServer(),
    ) =>
      t.request(`/team-permissions/${teamId}/${userId}/${permissionId}`, { ...options, body: {} });

    await expectKnownError(
      await grant(outsider.userId, "editor"),
      "TEAM_MEMBERSHIP_NOT_FOUND",
      404,
    );
    await expectKnownError(
      await grant("00000000-0000-4000-8000-000000000005", "editor"),
      "USER_NOT_FOUND",
      404,
    );
    const unknown = await expectKnownError(
      await grant(creator.userId, "unknown_perm"),
      "PERMISSION_NOT_FOUND",
      404,
    );
    expect(unknown.details).toEqual({ permission_id: "unknown_perm" });
    const scope = await expectKnownError(
      await grant(creator.userId, "moderate"),
      "WRONG_PERMISSION_SCOPE",
      404,
    );
    expect(scope.details).toEqual({
      permission_id: "moderate",
      expected_scope: "team",
      actual_scope: "project",
    });
    const bad = await expectKnownError(await grant(creator.userId, "$fly"), "SCHEMA_ERROR", 400);
    expect(bad.error).toContain("params.permission_id Invalid system permission");
    await expectKnownError(
      await grant(creator.userId, "editor", asClient(creator)),
      "INSUFFICIENT_ACCESS_TYPE",
      401,
    );
    expect(await grantsOf(outsider.userId)).toEqual(before);
  });

  it("client: lists only its own permissions", async () => {
    const user = await t.signUpUser(projectId);
    const other = await t.signUpUser(projectId);
    const message =
      'Client can only list permissions for their own user. user_id must be either "me" or the ID of the current user';
    await expectTextError(
      await t.request(`/team-permissions?user_id=${other.userId}`, asClient(user)),
      403,
      message,
    );
    await expectTextError(await t.request("/team-permissions", asClient(user)), 403, message);
    await expectTextError(
      await t.request(`/project-permissions?user_id=${other.userId}`, asClient(user)),
      403,
      message,
    );
    const own = await items(
      await t.request(`/team-permissions?user_id=${user.userId}`, asClient(user)),
    );
    expect(own).toEqual([]);
  });
});

describe("project permissions", () => {
  it("sign-up grants the project's default; grant, list recursive, revoke", async () => {
    const user = await t.signUpUser(projectId);
    const listMine = async (recursive: boolean) =>
      (
        await items<Entry>(
          await t.request(`/project-permissions?user_id=me&recursive=${recursive}`, asClient(user)),
        )
      ).map((p) => p.id);
    expect(await listMine(false)).toEqual(["read_public"]);

    const granted = await t.request(`/project-permissions/${user.userId}/moderate`, {
      ...asServer(),
      body: {},
    });
    expect(granted.status).toBe(201);
    expect(await granted.json()).toEqual({ id: "moderate", user_id: user.userId });
    await t.request(`/project-permissions/${user.userId}/read_public`, {
      ...asServer(),
      method: "DELETE",
    });
    expect(await listMine(false)).toEqual(["moderate"]);
    expect(await listMine(true)).toEqual(["moderate", "read_public"]);
    const entries = await items<Entry>(
      await t.request(`/project-permissions?user_id=${user.userId}`, asServer()),
    );
    expect(entries).toEqual([{ id: "moderate", user_id: user.userId }]);
  });

  it("rejects unknown users, wrong-scope and unknown permissions, and ungranted revokes", async () => {
    const user = await t.signUpUser(projectId);
    const grant = (userId: string, permissionId: string) =>
      t.request(`/project-permissions/${userId}/${permissionId}`, { ...asServer(), body: {} });
    await expectKnownError(
      await grant("00000000-0000-4000-8000-000000000004", "moderate"),
      "USER_NOT_FOUND",
      404,
    );
    await expectKnownError(await grant(user.userId, "editor"), "WRONG_PERMISSION_SCOPE", 404);
    await expectKnownError(await grant(user.userId, "$update_team"), "PERMISSION_NOT_FOUND", 404);
    await expectKnownError(
      await t.request(`/project-permissions/${user.userId}/moderate`, {
        ...asServer(),
        method: "DELETE",
      }),
      "PERMISSION_NOT_FOUND",
      404,
    );
    await expectKnownError(
      await t.request(`/project-permissions/${user.userId}/moderate`, {
        ...asClient(user),
        body: {},
      }),
      "INSUFFICIENT_ACCESS_TYPE",
      401,
    );
    expect(await grantsOf(user.userId)).toEqual(["read_public"]);
  });
});
