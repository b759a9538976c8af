/**
 * Teams and permissions through the client library against the real auth server
 * (`@heritage/auth-server/testing`): client access as the signed-in user, server access for any team
 * and user, admin access for permission definitions; invitation codes read from the outbox.
 */
import { isKnownError } from "@heritage/auth-protocol";
import { createTestAuthApi, type TestAuthApi } from "@heritage/auth-server/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAdminApp } from "../admin-app";
import { createClientApp } from "../client-app";
import { AuthHttpError } from "../errors";
import { createServerApp } from "../server-app";
import { testServerRuntime } from "../testing/test-server-runtime";
import { createMemoryTokenStore } from "../token-stores/memory";

let api: TestAuthApi;
let project: Awaited<ReturnType<TestAuthApi["createProject"]>>;
let closedProject: Awaited<ReturnType<TestAuthApi["createProject"]>>;
const callbackUrl = "http://localhost:3000/handler/team-invitation";

beforeAll(async () => {
  api = await createTestAuthApi();
  project = await api.createProject({
    displayName: "Heritage",
    config: { teams: { allowClientTeamCreation: true } },
  });
  closedProject = await api.createProject();
});
afterAll(async () => {
  await api?.close();
});

const runtimeOptions = () => testServerRuntime(api);

function newClientApp(target = project) {
  return createClientApp({
    projectId: target.id,
    publishableClientKey: target.keys.publishableClientKey,
    tokenStore: createMemoryTokenStore(),
    ...runtimeOptions(),
  });
}

function newServerApp() {
  return createServerApp({
    projectId: project.id,
    secretServerKey: project.keys.secretServerKey,
    tokenStore: createMemoryTokenStore(),
    ...runtimeOptions(),
  });
}

function newAdminApp() {
  return createAdminApp({
    projectId: project.id,
    superSecretAdminKey: project.keys.superSecretAdminKey,
    tokenStore: createMemoryTokenStore(),
    ...runtimeOptions(),
  });
}

/** A signed-in client app; `verified` creates the user with a verified address (server side). */
async function signedIn(
  email: string,
  options: { verified?: boolean; target?: typeof project } = {},
) {
  const target = options.target ?? project;
  const app = newClientApp(target);
  if (options.verified) {
    await newServerApp().createUser({
      primaryEmail: email,
      primaryEmailVerified: true,
      primaryEmailAuthEnabled: true,
      password: "team password",
    });
    expect((await app.signInWithCredential({ email, password: "team password" })).status).toBe(
      "ok",
    );
  } else {
    expect((await app.signUpWithCredential({ email, password: "team password" })).status).toBe(
      "ok",
    );
  }
  return app;
}

describe("teams with client access", () => {
  it("creates, lists, reads, updates, selects and deletes the user's team", async () => {
    const app = await signedIn("creator@example.org");
    api.clock.advance(1000);
    const team = await app.createTeam({
      displayName: "Weavers",
      clientMetadata: { craft: "kilim" },
    });
    expect(team).toMatchObject({ displayName: "Weavers", clientMetadata: { craft: "kilim" } });
    expect((await app.listTeams()).map((t) => t.id)).toEqual([team.id]);
    expect((await app.getTeam(team.id))?.displayName).toBe("Weavers");
    expect(await app.getTeam("00000000-0000-4000-8000-000000000000")).toBeNull();

    const renamed = await team.update({ displayName: "Master Weavers" });
    expect(renamed.displayName).toBe("Master Weavers");
    const user = await app.updateUser({ selectedTeamId: team.id });
    expect(user.selectedTeam?.displayName).toBe("Master Weavers");

    expect(await app.hasPermission("$delete_team", { teamId: team.id })).toBe(true);
    await renamed.delete();
    expect(await app.listTeams()).toEqual([]);
    expect((await app.getUser())?.selectedTeamId).toBeNull();
  });

  it("refuses client creation where the project disables it", async () => {
    const app = await signedIn("closed@example.org", { target: closedProject });
    const failure = await app.createTeam({ displayName: "Nope" }).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(AuthHttpError);
    expect((failure as AuthHttpError).status).toBe(403);
  });

  it("invites by e-mail; the invitee checks, reads details and accepts the code; members and profiles", async () => {
    const creator = await signedIn("host@example.org");
    const team = await creator.createTeam({ displayName: "Singers" });
    const invitee = await signedIn("guest@example.org", { verified: true });

    const { invitationId } = await team.inviteUser({ email: "guest@example.org", callbackUrl });
    expect((await team.listInvitations()).map((i) => [i.id, i.recipientEmail])).toEqual([
      [invitationId, "guest@example.org"],
    ]);
    expect((await invitee.listTeamInvitations()).map((i) => i.teamDisplayName)).toEqual([
      "Singers",
    ]);
    const code = await api.readCodeFromOutbox("guest@example.org", "You have been invited to join");
    expect(await invitee.verifyTeamInvitationCode(code)).toEqual({ status: "ok", data: undefined });
    expect(await invitee.getTeamInvitationDetails(code)).toEqual({
      status: "ok",
      data: { teamId: team.id, teamDisplayName: "Singers" },
    });
    // Members are listed in joining order; the server's clock stands still unless moved.
    api.clock.advance(1000);
    expect(await invitee.acceptTeamInvitation(code)).toEqual({ status: "ok", data: undefined });
    const again = await invitee.acceptTeamInvitation(code);
    expect(again.status === "error" && again.error.code).toBe("VERIFICATION_CODE_ALREADY_USED");
    const bad = await invitee.verifyTeamInvitationCode("b".repeat(45));
    expect(bad.status === "error" && bad.error.code).toBe("VERIFICATION_CODE_NOT_FOUND");

    const joined = await invitee.getTeam(team.id);
    expect(joined?.displayName).toBe("Singers");
    expect(await invitee.hasPermission("$read_members", { teamId: team.id })).toBe(true);
    expect(await invitee.hasPermission("$update_team", { teamId: team.id })).toBe(false);
    const profile = await joined?.updateMyProfile({ displayName: "Guest Soprano" });
    expect(profile).toMatchObject({ displayName: "Guest Soprano", teamId: team.id });
    expect((await joined?.getMyProfile())?.displayName).toBe("Guest Soprano");
    expect((await team.listUsers()).map((member) => member.displayName)).toEqual([
      null,
      "Guest Soprano",
    ]);
    const refused = await joined?.update({ displayName: "Taken over" }).catch((e: unknown) => e);
    expect(isKnownError(refused, "TEAM_PERMISSION_REQUIRED")).toBe(true);

    const second = await team.inviteUser({ email: "later@example.org", callbackUrl });
    await team.revokeInvitation(second.invitationId);
    expect(await team.listInvitations()).toEqual([]);

    await joined?.leave();
    expect(await invitee.getTeam(team.id)).toBeNull();
  });

  it("a member with $remove_members removes another; one without it cannot", async () => {
    const host = await signedIn("remover@example.org");
    const team = await host.createTeam({ displayName: "Carvers" });
    const guest = await signedIn("removed@example.org", { verified: true });
    const guestId = (await guest.getUser())?.id ?? "";
    const hostId = (await host.getUser())?.id ?? "";
    api.clock.advance(1000);
    await (await newServerApp().getTeam(team.id))?.addUser(guestId);

    const joined = await guest.getTeam(team.id);
    const refused = await joined?.removeUser(hostId).catch((error: unknown) => error);
    expect(isKnownError(refused, "TEAM_PERMISSION_REQUIRED")).toBe(true);
    expect((await team.listUsers()).map((member) => member.userId)).toEqual([hostId, guestId]);

    await team.removeUser(guestId);
    expect((await team.listUsers()).map((member) => member.userId)).toEqual([hostId]);
    expect(await guest.getTeam(team.id)).toBeNull();
    const again = await team.removeUser(guestId).catch((error: unknown) => error);
    expect(isKnownError(again, "TEAM_MEMBERSHIP_NOT_FOUND")).toBe(true);
  });
});

describe("teams and permissions with server and admin access", () => {
  it("manages any team: create with a creator, list by user, add and remove members, profiles", async () => {
    const server = newServerApp();
    const owner = await server.createUser({ primaryEmail: "owner@example.org" });
    const member = await server.createUser({ primaryEmail: "member@example.org" });
    const team = await server.createTeam({
      displayName: "Archive",
      creatorUserId: owner.id,
      serverMetadata: { budget: 3 },
    });
    expect(team).toMatchObject({ displayName: "Archive", serverMetadata: { budget: 3 } });
    expect(team.createdAt).toBeInstanceOf(Date);

    await team.addUser(member.id);
    expect((await server.listTeams({ userId: member.id })).map((t) => t.id)).toEqual([team.id]);
    const users = await team.listUsers();
    expect(users.map((u) => u.user.primaryEmail).sort()).toEqual([
      "member@example.org",
      "owner@example.org",
    ]);
    const profile = await team.updateUserProfile(member.id, { displayName: "Keeper" });
    expect(profile).toMatchObject({ displayName: "Keeper", user: { id: member.id } });
    expect(await server.hasUserPermission(member.id, "$invite_members", { teamId: team.id })).toBe(
      true,
    );

    await team.removeUser(member.id);
    expect(await server.listTeams({ userId: member.id })).toEqual([]);
    const updated = await team.update({ clientReadOnlyMetadata: { badge: "gold" } });
    expect(updated.clientReadOnlyMetadata).toEqual({ badge: "gold" });
    await updated.delete();
    expect(await server.getTeam(team.id)).toBeNull();
  });

  it("admin defines permissions; server grants, lists and revokes them", async () => {
    const admin = newAdminApp();
    const server = newServerApp();
    await admin.createPermissionDefinition("project", { id: "read_archive" });
    const moderator = await admin.createPermissionDefinition("project", {
      id: "moderate_archive",
      description: "Moderate",
      containedPermissionIds: ["read_archive"],
    });
    expect(moderator).toEqual({
      id: "moderate_archive",
      description: "Moderate",
      containedPermissionIds: ["read_archive"],
    });
    const teamDefinitions = await admin.listPermissionDefinitions("team");
    expect(teamDefinitions.map((d) => d.id)).toContain("$update_team");

    const user = await server.createUser({ primaryEmail: "perm@example.org" });
    await server.grantPermission({ userId: user.id, permissionId: "moderate_archive" });
    expect(await server.hasUserPermission(user.id, "read_archive")).toBe(true);
    expect(
      (await server.listUserPermissions(user.id, { recursive: false })).map((p) => p.id),
    ).toEqual(["moderate_archive"]);

    const renamed = await admin.updatePermissionDefinition("project", "moderate_archive", {
      id: "curate_archive",
    });
    expect(renamed.id).toBe("curate_archive");
    expect((await server.listUserPermissions(user.id)).map((p) => p.id)).toEqual([
      "curate_archive",
      "read_archive",
    ]);
    await server.revokePermission({ userId: user.id, permissionId: "curate_archive" });
    expect(await server.hasUserPermission(user.id, "read_archive")).toBe(false);
    const missing = await server
      .revokePermission({ userId: user.id, permissionId: "curate_archive" })
      .catch((error: unknown) => error);
    expect(isKnownError(missing, "PERMISSION_NOT_FOUND")).toBe(true);

    await admin.deletePermissionDefinition("project", "curate_archive");
    expect((await admin.listPermissionDefinitions("project")).map((d) => d.id)).toEqual([
      "read_archive",
    ]);
    const teamGrant = await server
      .grantPermission({
        userId: user.id,
        permissionId: "read_archive",
        teamId: "00000000-0000-4000-8000-000000000000",
      })
      .catch((error: unknown) => error);
    expect(isKnownError(teamGrant, "TEAM_MEMBERSHIP_NOT_FOUND")).toBe(true);
  });

  it("client access lists its own project permissions", async () => {
    const app = await signedIn("own-perms@example.org");
    const user = await app.getUser();
    const server = newServerApp();
    await newAdminApp().createPermissionDefinition("project", { id: "view_drafts" });
    await server.grantPermission({ userId: user?.id ?? "", permissionId: "view_drafts" });
    expect((await app.listPermissions()).map((p) => [p.id, p.teamId])).toEqual([
      ["view_drafts", null],
    ]);
    expect(await app.hasPermission("view_drafts")).toBe(true);
    expect(
      await app.hasPermission("view_drafts", { teamId: "00000000-0000-4000-8000-000000000000" }),
    ).toBe(false);
  });
});
