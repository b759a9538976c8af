/**
 * Permissions called directly (contract §2.11): definitions in the project's config (with the six
 * system team permissions), grants in `auth.permission_grants`, listing with contained permissions
 * expanded, and the team-permission check. Refusals leave definitions and grants as they were;
 * grants and definitions of one project never count in another.
 */
import { KnownError, type KnownErrorCode } from "@heritage/auth-protocol";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { permissionGrants, projectConfigOverrides, projects } from "../../db/schema";
import { createTestAuthApi, type TestAuthApi } from "../../testing/test-auth-api";
import { createUser } from "../accounts/user-writes";
import type { AuthDeps } from "../auth-deps";
import type { LoadedProject } from "../projects/projects";
import {
  assertGrantablePermission,
  createPermissionDefinition,
  deletePermissionDefinition,
  hasTeamPermission,
  listPermissionDefinitions,
  listPermissions,
  requireTeamPermission,
  revokePermission,
  teamSystemPermissions,
  updatePermissionDefinition,
} from "./permissions";
import { addMemberToTeam, createTeamWithCreator, grantPermissions } from "./teams";

let t: TestAuthApi;
let deps: AuthDeps;
let counter = 0;

/** A fresh project: definition changes in one test do not leak into the next. */

beforeAll(async () => {
  t = await createTestAuthApi();
  deps = t.serviceDeps();
});
afterAll(() => t.close());

async function newUser(project: LoadedProject): Promise<string> {
  counter += 1;
  const created = await t.db.transaction((tx) =>
    createUser(tx, deps, project, { primary_email: `perm-${counter}@example.com` }),
  );
  return created.row.id;
}

/** A team with its creator (team_admin) and one member (team_member). */
async function teamOf(project: LoadedProject) {
  const admin = await newUser(project);
  const member = await newUser(project);
  const team = await createTeamWithCreator(deps, project, {
    display_name: "Team",
    creatorUserId: admin,
  });
  await addMemberToTeam(deps, project, { teamId: team.id, userId: member });
  return { teamId: team.id, admin, member };
}

async function expectCode(promise: Promise<unknown>, code: KnownErrorCode): Promise<KnownError> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  if (!(error instanceof KnownError)) throw new Error(`Expected a known error, got ${error}`);
  expect(error.code).toBe(code);
  return error;
}

function thrownBy(run: () => void): unknown {
  try {
    run();
  } catch (error) {
    return error;
  }
  return null;
}

async function storedConfig(projectId: string): Promise<unknown> {
  const [row] = await t.db.select().from(projects).where(eq(projects.id, projectId));
  return row?.config;
}

async function grantRows(projectId: string) {
  const rows = await t.db
    .select({
      userId: permissionGrants.userId,
      teamId: permissionGrants.teamId,
      id: permissionGrants.permissionId,
    })
    .from(permissionGrants)
    .where(eq(permissionGrants.projectId, projectId));
  return rows.sort((a, b) => `${a.userId}${a.id}`.localeCompare(`${b.userId}${b.id}`));
}

describe("permission definitions and grants (happy)", () => {
  it("lists the default and system team permissions, sorted, and no project ones", async () => {
    const project = await t.createLoadedProject();
    const team = listPermissionDefinitions(project.config, "team");
    expect(team.map((definition) => definition.id)).toEqual([
      "$delete_team",
      "$invite_members",
      "$manage_api_keys",
      "$read_members",
      "$remove_members",
      "$update_team",
      "team_admin",
      "team_member",
    ]);
    expect(team.find((definition) => definition.id === "$read_members")).toEqual({
      id: "$read_members",
      description: teamSystemPermissions.$read_members,
      contained_permission_ids: [],
    });
    expect(team.find((definition) => definition.id === "team_member")).toMatchObject({
      contained_permission_ids: ["$invite_members", "$read_members"],
    });
    expect(listPermissionDefinitions(project.config, "project")).toEqual([]);
  });

  it("lists a member's direct grants, or with contained permissions expanded", async () => {
    const project = await t.createLoadedProject();
    const { teamId, admin, member } = await teamOf(project);
    expect(
      await listPermissions(t.db, project, { scope: "team", teamId, recursive: false }),
    ).toEqual(
      [
        { id: "team_admin", user_id: admin, team_id: teamId },
        { id: "team_member", user_id: member, team_id: teamId },
      ].sort((a, b) => a.user_id.localeCompare(b.user_id)),
    );
    const expanded = await listPermissions(t.db, project, {
      scope: "team",
      teamId,
      userId: member,
      recursive: true,
    });
    expect(expanded.map((entry) => entry.id)).toEqual([
      "$invite_members",
      "$read_members",
      "team_member",
    ]);
    expect(
      await hasTeamPermission(t.db, project, {
        teamId,
        userId: admin,
        permissionId: "$delete_team",
      }),
    ).toBe(true);
    await requireTeamPermission(t.db, project, {
      teamId,
      userId: admin,
      permissionId: "$remove_members",
    });
  });

  it("creates a definition in the config and the environment override, and a rename carries grants along", async () => {
    let project = await t.createLoadedProject();
    const user = await newUser(project);
    const created = await createPermissionDefinition(deps, project, "project", {
      id: "read_reports",
      description: "Read reports",
    });
    expect(created).toEqual({
      id: "read_reports",
      description: "Read reports",
      contained_permission_ids: [],
    });
    await createPermissionDefinition(deps, project, "project", {
      id: "manage_reports",
      containedPermissionIds: ["read_reports"],
    });
    const [override] = await t.db
      .select()
      .from(projectConfigOverrides)
      .where(
        and(
          eq(projectConfigOverrides.projectId, project.id),
          eq(projectConfigOverrides.level, "environment"),
        ),
      );
    expect(JSON.stringify(override?.override)).toContain("manage_reports");

    project = await t.loadProject(project.id);
    await grantPermissions(t.db, deps.ids, {
      projectId: project.id,
      userId: user,
      teamId: null,
      permissionIds: ["manage_reports"],
      now: t.clock(),
    });
    const listProject = () =>
      listPermissions(t.db, project, { scope: "project", userId: user, recursive: true });
    expect((await listProject()).map((entry) => entry.id)).toEqual([
      "manage_reports",
      "read_reports",
    ]);

    await updatePermissionDefinition(deps, project, "project", "read_reports", {
      id: "view_reports",
    });
    await updatePermissionDefinition(deps, project, "project", "manage_reports", {
      id: "admin_reports",
    });
    project = await t.loadProject(project.id);
    expect(listPermissionDefinitions(project.config, "project")).toEqual([
      { id: "admin_reports", contained_permission_ids: ["view_reports"] },
      { id: "view_reports", description: "Read reports", contained_permission_ids: [] },
    ]);
    expect((await listProject()).map((entry) => entry.id)).toEqual([
      "admin_reports",
      "view_reports",
    ]);
    expect((await grantRows(project.id)).map((row) => row.id)).toEqual(["admin_reports"]);
  });

  it("deletes a definition with its grants and its mentions in other definitions", async () => {
    let project = await t.createLoadedProject();
    const { teamId, admin } = await teamOf(project);
    await createPermissionDefinition(deps, project, "team", { id: "moderate" });
    await createPermissionDefinition(deps, project, "team", {
      id: "lead",
      containedPermissionIds: ["moderate"],
    });
    await grantPermissions(t.db, deps.ids, {
      projectId: project.id,
      userId: admin,
      teamId,
      permissionIds: ["moderate"],
      now: t.clock(),
    });
    await deletePermissionDefinition(deps, project, "team", "moderate");
    project = await t.loadProject(project.id);
    expect(project.config.rbac.permissions.moderate).toBeUndefined();
    expect(project.config.rbac.permissions.lead?.containedPermissionIds).toEqual({});
    expect((await grantRows(project.id)).filter((row) => row.id === "moderate")).toEqual([]);
  });
});

describe("permission definitions and grants (error)", () => {
  it("refuses a taken or system id and unknown contained permissions, leaving the config as it was", async () => {
    const project = await t.createLoadedProject();
    await createPermissionDefinition(deps, project, "team", { id: "editor" });
    const before = await storedConfig(project.id);
    const taken = await expectCode(
      createPermissionDefinition(deps, project, "team", { id: "editor" }),
      "PERMISSION_ID_ALREADY_EXISTS",
    );
    expect(taken.details).toEqual({ permission_id: "editor" });
    await expectCode(
      createPermissionDefinition(deps, project, "project", { id: "$delete_team" }),
      "PERMISSION_ID_ALREADY_EXISTS",
    );
    await expectCode(
      createPermissionDefinition(deps, project, "team", {
        id: "chief",
        containedPermissionIds: ["editor", "no_such_permission"],
      }),
      "CONTAINED_PERMISSION_NOT_FOUND",
    );
    // A team permission cannot be contained in a project one.
    await expectCode(
      createPermissionDefinition(deps, project, "project", {
        id: "auditor",
        containedPermissionIds: ["editor"],
      }),
      "CONTAINED_PERMISSION_NOT_FOUND",
    );
    await expectCode(
      updatePermissionDefinition(deps, project, "team", "editor", { id: "team_admin" }),
      "PERMISSION_ID_ALREADY_EXISTS",
    );
    expect(await storedConfig(project.id)).toEqual(before);
  });

  it("refuses to grant, change or delete a permission of the other scope or none", async () => {
    const project = await t.createLoadedProject();
    await createPermissionDefinition(deps, project, "project", { id: "billing" });
    const loaded = await t.loadProject(project.id);
    const before = await storedConfig(project.id);

    expect(thrownBy(() => assertGrantablePermission(loaded.config, "team", "$update_team"))).toBe(
      null,
    );
    const wrongScope = thrownBy(() => assertGrantablePermission(loaded.config, "team", "billing"));
    expect(wrongScope).toBeInstanceOf(KnownError);
    expect(wrongScope).toMatchObject({
      code: "WRONG_PERMISSION_SCOPE",
      details: { permission_id: "billing", expected_scope: "team", actual_scope: "project" },
    });
    expect(
      thrownBy(() => assertGrantablePermission(loaded.config, "project", "$update_team")),
    ).toMatchObject({ code: "PERMISSION_NOT_FOUND" });
    expect(
      thrownBy(() => assertGrantablePermission(loaded.config, "team", "nothing")),
    ).toMatchObject({ code: "PERMISSION_NOT_FOUND" });

    await expectCode(
      updatePermissionDefinition(deps, loaded, "team", "billing", { description: "x" }),
      "PERMISSION_NOT_FOUND",
    );
    await expectCode(
      deletePermissionDefinition(deps, loaded, "team", "billing"),
      "PERMISSION_NOT_FOUND",
    );
    // System permissions are not stored definitions: they cannot be deleted.
    await expectCode(
      deletePermissionDefinition(deps, loaded, "team", "$read_members"),
      "PERMISSION_NOT_FOUND",
    );
    expect(await storedConfig(project.id)).toEqual(before);
  });
});

describe("permission definitions and grants (security)", () => {
  it("refuses a non-member, then a member without the permission", async () => {
    const project = await t.createLoadedProject();
    const { teamId, admin, member } = await teamOf(project);
    const outsider = await newUser(project);
    await expectCode(
      requireTeamPermission(t.db, project, {
        teamId,
        userId: outsider,
        permissionId: "$read_members",
      }),
      "TEAM_MEMBERSHIP_NOT_FOUND",
    );
    const refused = await expectCode(
      requireTeamPermission(t.db, project, {
        teamId,
        userId: member,
        permissionId: "$delete_team",
      }),
      "TEAM_PERMISSION_REQUIRED",
    );
    expect(refused.details).toEqual({
      team_id: teamId,
      user_id: member,
      permission_id: "$delete_team",
    });
    // The admin's grant in this team does not carry into another team.
    const second = await createTeamWithCreator(deps, project, {
      display_name: "Second",
      creatorUserId: member,
    });
    await addMemberToTeam(deps, project, { teamId: second.id, userId: admin });
    expect(
      await hasTeamPermission(t.db, project, {
        teamId: second.id,
        userId: admin,
        permissionId: "$delete_team",
      }),
    ).toBe(false);
  });

  it("a grant of an id the project does not define confers nothing", async () => {
    const project = await t.createLoadedProject();
    const { teamId, member } = await teamOf(project);
    await grantPermissions(t.db, deps.ids, {
      projectId: project.id,
      userId: member,
      teamId,
      permissionIds: ["superuser"],
      now: t.clock(),
    });
    expect(
      await hasTeamPermission(t.db, project, { teamId, userId: member, permissionId: "superuser" }),
    ).toBe(false);
    const listed = await listPermissions(t.db, project, {
      scope: "team",
      userId: member,
      recursive: true,
    });
    expect(listed.map((entry) => entry.id)).not.toContain("superuser");
  });

  it("a renamed definition that names itself leaves no old id behind for a later definition to inherit", async () => {
    let project = await t.createLoadedProject();
    const user = await newUser(project);
    await createPermissionDefinition(deps, project, "project", { id: "a" });
    project = await t.loadProject(project.id);
    await updatePermissionDefinition(deps, project, "project", "a", {
      containedPermissionIds: ["a"],
    });
    project = await t.loadProject(project.id);
    await updatePermissionDefinition(deps, project, "project", "a", { id: "b" });
    project = await t.loadProject(project.id);
    expect(listPermissionDefinitions(project.config, "project")).toEqual([
      { id: "b", contained_permission_ids: ["b"] },
    ]);

    await grantPermissions(t.db, deps.ids, {
      projectId: project.id,
      userId: user,
      teamId: null,
      permissionIds: ["b"],
      now: t.clock(),
    });
    // A new definition under the old id is not granted through the renamed one.
    await createPermissionDefinition(deps, project, "project", { id: "a" });
    project = await t.loadProject(project.id);
    const listed = await listPermissions(t.db, project, {
      scope: "project",
      userId: user,
      recursive: true,
    });
    expect(listed.map((entry) => entry.id)).toEqual(["b"]);
  });

  it("never lists, checks, revokes or deletes one project's grants through another", async () => {
    const project = await t.createLoadedProject();
    const other = await t.createLoadedProject();
    const { teamId, admin } = await teamOf(project);
    // The other project defines the same ids (every project has team_admin).
    expect(
      await listPermissions(t.db, other, { scope: "team", userId: admin, recursive: true }),
    ).toEqual([]);
    await expectCode(
      requireTeamPermission(t.db, other, { teamId, userId: admin, permissionId: "$update_team" }),
      "TEAM_MEMBERSHIP_NOT_FOUND",
    );
    expect(
      await hasTeamPermission(t.db, other, { teamId, userId: admin, permissionId: "team_admin" }),
    ).toBe(false);
    expect(
      await revokePermission(t.db, other.id, { userId: admin, teamId, permissionId: "team_admin" }),
    ).toBe(false);

    const before = await grantRows(project.id);
    expect(before).toContainEqual({ userId: admin, teamId, id: "team_admin" });
    await createPermissionDefinition(deps, other, "team", { id: "shared_name" });
    await grantPermissions(t.db, deps.ids, {
      projectId: project.id,
      userId: admin,
      teamId,
      permissionIds: ["shared_name"],
      now: t.clock(),
    });
    const withShared = await grantRows(project.id);
    // Deleting or renaming the other project's definition leaves this project's grants alone.
    await updatePermissionDefinition(deps, other, "team", "shared_name", { id: "renamed" });
    await deletePermissionDefinition(deps, await t.loadProject(other.id), "team", "renamed");
    expect(await grantRows(project.id)).toEqual(withShared);

    // The project's own revoke works, and only on its own grant.
    expect(
      await revokePermission(t.db, project.id, {
        userId: admin,
        teamId,
        permissionId: "team_admin",
      }),
    ).toBe(true);
    expect(await grantRows(project.id)).toEqual(
      withShared.filter((row) => row.id !== "team_admin"),
    );
  });
});
