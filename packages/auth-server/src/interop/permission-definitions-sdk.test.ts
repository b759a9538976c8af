/**
 * Interop: the official SDK's `StackAdminApp` (`@stackframe/js` 2.8.108) manages team and project
 * permission definitions on this server over a loopback port (create with contained permissions,
 * list, update, delete), the results are checked through the SDK and over HTTP, and grants of the
 * new definitions behave as the definitions say. Server and client access cannot manage them.
 */
import { StackAdminApp, StackServerApp } from "@stackframe/js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectKnownError } from "../testing/expect-known-error";
import { type InteropServer, startInteropServer } from "../testing/interop-server";

let server: InteropServer;
let projectId: string;
let admin: StackAdminApp;
let serverApp: StackServerApp;

const sdkOptions = () => ({
  baseUrl: server.baseUrl,
  tokenStore: "memory" as const,
  noAutomaticPrefetch: true,
  devTool: false,
});

beforeAll(async () => {
  server = await startInteropServer();
  const project = await server.t.createProject({ displayName: "SDK permissions project" });
  projectId = project.id;
  admin = new StackAdminApp({
    ...sdkOptions(),
    projectId,
    publishableClientKey: project.keys.publishableClientKey,
    secretServerKey: project.keys.secretServerKey,
    superSecretAdminKey: project.keys.superSecretAdminKey,
  });
  serverApp = new StackServerApp({
    ...sdkOptions(),
    projectId,
    publishableClientKey: project.keys.publishableClientKey,
    secretServerKey: project.keys.secretServerKey,
  });
});
afterAll(async () => {
  await server.close();
});

interface WireDefinition {
  id: string;
  description?: string;
  contained_permission_ids: string[];
}

async function listOverHttp(path: string): Promise<WireDefinition[]> {
  const response = await server.t.request(path, { accessType: "admin", projectId });
  expect(response.status).toBe(200);
  const body = (await response.json()) as { items: WireDefinition[]; is_paginated: boolean };
  expect(body.is_paginated).toBe(false);
  return body.items;
}

const systemTeamPermissions = [
  "$delete_team",
  "$invite_members",
  "$manage_api_keys",
  "$read_members",
  "$remove_members",
  "$update_team",
];

describe("team permission definitions through StackAdminApp", () => {
  it("lists the new project's definitions with the system permissions", async () => {
    const definitions = await admin.listTeamPermissionDefinitions();
    expect(definitions.map((d) => d.id)).toEqual([
      ...systemTeamPermissions,
      "team_admin",
      "team_member",
    ]);
    expect(definitions.find((d) => d.id === "$update_team")).toEqual({
      id: "$update_team",
      description: "Update the team information",
      containedPermissionIds: [],
    });
    expect(definitions.find((d) => d.id === "team_member")?.containedPermissionIds).toEqual([
      "$invite_members",
      "$read_members",
    ]);
  });

  it("creates, updates and deletes definitions with contained permissions", async () => {
    const reviewer = await admin.createTeamPermissionDefinition({
      id: "reviewer",
      description: "Reviews the team's work",
      containedPermissionIds: ["$read_members"],
    });
    expect(reviewer).toEqual({
      id: "reviewer",
      description: "Reviews the team's work",
      containedPermissionIds: ["$read_members"],
    });
    const editor = await admin.createTeamPermissionDefinition({
      id: "editor",
      containedPermissionIds: ["reviewer", "$update_team"],
    });
    // Contained ids come back sorted; a definition without a description has none.
    expect(editor).toEqual({ id: "editor", containedPermissionIds: ["$update_team", "reviewer"] });

    const listed = await admin.listTeamPermissionDefinitions();
    expect(listed.find((d) => d.id === "editor")).toEqual(editor);
    expect((await listOverHttp("/team-permission-definitions")).map((d) => d.id)).toEqual([
      ...systemTeamPermissions,
      "editor",
      "reviewer",
      "team_admin",
      "team_member",
    ]);

    // As in the reference, definitions are an environment-level config key.
    const environment = await (await admin.getProject()).getConfigOverride("environment");
    expect(environment).toMatchObject({
      "rbac.permissions": {
        editor: { scope: "team", containedPermissionIds: { $update_team: true, reviewer: true } },
      },
    });

    await admin.updateTeamPermissionDefinition("editor", {
      description: "Edits the team",
      containedPermissionIds: ["reviewer", "$remove_members"],
    });
    const updated = (await admin.listTeamPermissionDefinitions()).find((d) => d.id === "editor");
    expect(updated).toEqual({
      id: "editor",
      description: "Edits the team",
      containedPermissionIds: ["$remove_members", "reviewer"],
    });
    expect(
      (await listOverHttp("/team-permission-definitions")).find((d) => d.id === "editor"),
    ).toEqual({
      id: "editor",
      description: "Edits the team",
      contained_permission_ids: ["$remove_members", "reviewer"],
    });

    // A member granted `editor` has what it contains, transitively.
    const owner = await serverApp.createUser({ primaryEmail: "owner@example.com" });
    const member = await serverApp.createUser({ primaryEmail: "member@example.com" });
    const team = await serverApp.createTeam({ displayName: "Reviewers", creatorUserId: owner.id });
    await team.addUser(member.id);
    await member.grantPermission(team, "editor");
    expect(await member.hasPermission(team, "$read_members")).toBe(true);
    expect(await member.hasPermission(team, "$remove_members")).toBe(true);
    expect(await member.hasPermission(team, "$update_team")).toBe(false);

    await admin.deleteTeamPermissionDefinition("reviewer");
    const afterDelete = await admin.listTeamPermissionDefinitions();
    expect(afterDelete.map((d) => d.id)).not.toContain("reviewer");
    // Definitions that contained it no longer do.
    expect(afterDelete.find((d) => d.id === "editor")?.containedPermissionIds).toEqual([
      "$remove_members",
    ]);
    expect(await member.hasPermission(team, "$remove_members")).toBe(true);
    // Deleting a contained definition leaves the grants of the definitions that contained it.
    const direct = await member.listPermissions(team, { recursive: false });
    expect(direct.map((p) => p.id).sort()).toEqual(["editor", "team_member"]);
  });

  it("refuses duplicates, unknown contained permissions and unknown definitions; nothing changes", async () => {
    const before = await listOverHttp("/team-permission-definitions");
    await expect(
      admin.createTeamPermissionDefinition({ id: "team_admin", containedPermissionIds: [] }),
    ).rejects.toMatchObject({ errorCode: "PERMISSION_ID_ALREADY_EXISTS" });
    await expect(
      admin.createTeamPermissionDefinition({
        id: "ghost_holder",
        containedPermissionIds: ["ghost"],
      }),
    ).rejects.toMatchObject({ errorCode: "CONTAINED_PERMISSION_NOT_FOUND" });
    await expect(
      admin.updateTeamPermissionDefinition("ghost", { description: "Nobody" }),
    ).rejects.toMatchObject({ errorCode: "PERMISSION_NOT_FOUND" });
    await expect(admin.deleteTeamPermissionDefinition("ghost")).rejects.toMatchObject({
      errorCode: "PERMISSION_NOT_FOUND",
    });
    expect(await listOverHttp("/team-permission-definitions")).toEqual(before);
  });

  it("takes a deleted definition out of the team creator's default permissions", async () => {
    await admin.createTeamPermissionDefinition({ id: "founder", containedPermissionIds: [] });
    const project = await admin.getProject();
    await project.update({
      config: { teamCreatorDefaultPermissions: [{ id: "team_admin" }, { id: "founder" }] },
    });
    expect(
      (await admin.getProject()).config.teamCreatorDefaultPermissions.map((p) => p.id).sort(),
    ).toEqual(["founder", "team_admin"]);

    await admin.deleteTeamPermissionDefinition("founder");
    expect((await admin.getProject()).config.teamCreatorDefaultPermissions).toEqual([
      { id: "team_admin" },
    ]);
  });
});

describe("project permission definitions through StackAdminApp", () => {
  it("creates, lists, updates and deletes definitions with contained permissions", async () => {
    expect(await admin.listProjectPermissionDefinitions()).toEqual([]);
    await admin.createProjectPermissionDefinition({
      id: "read_articles",
      description: "Read articles",
      containedPermissionIds: [],
    });
    const publisher = await admin.createProjectPermissionDefinition({
      id: "publish_articles",
      containedPermissionIds: ["read_articles"],
    });
    expect(publisher).toEqual({
      id: "publish_articles",
      containedPermissionIds: ["read_articles"],
    });
    // Team permissions (system or custom) cannot be contained in a project permission.
    for (const teamPermission of ["$update_team", "team_admin"]) {
      await expect(
        admin.createProjectPermissionDefinition({
          id: "mixed",
          containedPermissionIds: [teamPermission],
        }),
      ).rejects.toMatchObject({ errorCode: "CONTAINED_PERMISSION_NOT_FOUND" });
    }

    expect(await admin.listProjectPermissionDefinitions()).toEqual([
      { id: "publish_articles", containedPermissionIds: ["read_articles"] },
      { id: "read_articles", description: "Read articles", containedPermissionIds: [] },
    ]);
    expect(await listOverHttp("/project-permission-definitions")).toEqual([
      { id: "publish_articles", contained_permission_ids: ["read_articles"] },
      { id: "read_articles", description: "Read articles", contained_permission_ids: [] },
    ]);

    const author = await serverApp.createUser({ primaryEmail: "author@example.com" });
    await author.grantPermission("publish_articles");
    expect(await author.hasPermission("read_articles")).toBe(true);

    await admin.updateProjectPermissionDefinition("publish_articles", {
      description: "Publish articles",
      containedPermissionIds: [],
    });
    expect(
      (await admin.listProjectPermissionDefinitions()).find((d) => d.id === "publish_articles"),
    ).toEqual({
      id: "publish_articles",
      description: "Publish articles",
      containedPermissionIds: [],
    });
    expect(await author.hasPermission("read_articles")).toBe(false);

    await admin.deleteProjectPermissionDefinition("publish_articles");
    expect((await admin.listProjectPermissionDefinitions()).map((d) => d.id)).toEqual([
      "read_articles",
    ]);
    expect(await author.hasPermission("publish_articles")).toBe(false);
    await expect(admin.deleteProjectPermissionDefinition("publish_articles")).rejects.toMatchObject(
      { errorCode: "PERMISSION_NOT_FOUND" },
    );
  });
});

describe("who may manage permission definitions", () => {
  it("refuses server and client access on every definition route; nothing changes", async () => {
    const user = await server.t.signUpUser(projectId);
    const before = {
      team: await listOverHttp("/team-permission-definitions"),
      project: await listOverHttp("/project-permission-definitions"),
    };
    const callers = [
      { accessType: "server" as const, projectId },
      { accessType: "client" as const, projectId, accessToken: user.accessToken },
    ];
    for (const caller of callers) {
      for (const scope of ["team", "project"]) {
        const path = `/${scope}-permission-definitions`;
        const attempts = [
          server.t.request(path, caller),
          server.t.request(path, { ...caller, body: { id: "sneaky" } }),
          server.t.request(`${path}/team_member`, {
            ...caller,
            method: "PATCH",
            body: { description: "Changed" },
          }),
          server.t.request(`${path}/read_articles`, { ...caller, method: "DELETE" }),
        ];
        for (const response of await Promise.all(attempts)) {
          await expectKnownError(response, "INSUFFICIENT_ACCESS_TYPE", 401);
        }
      }
    }
    expect({
      team: await listOverHttp("/team-permission-definitions"),
      project: await listOverHttp("/project-permission-definitions"),
    }).toEqual(before);
  });

  it("an SDK admin app without the admin key is refused", async () => {
    const withoutAdminKey = new StackAdminApp({
      ...sdkOptions(),
      projectId,
      secretServerKey: "ssk_not_the_key",
      superSecretAdminKey: "sak_not_the_key",
    });
    await expect(withoutAdminKey.listTeamPermissionDefinitions()).rejects.toMatchObject({
      errorCode: "INVALID_SUPER_SECRET_ADMIN_KEY",
    });
    await expect(
      withoutAdminKey.createProjectPermissionDefinition({
        id: "sneaky",
        containedPermissionIds: [],
      }),
    ).rejects.toMatchObject({ errorCode: "INVALID_SUPER_SECRET_ADMIN_KEY" });
    expect((await admin.listProjectPermissionDefinitions()).map((d) => d.id)).toEqual([
      "read_articles",
    ]);
  });
});
