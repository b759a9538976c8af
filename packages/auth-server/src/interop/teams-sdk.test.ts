/**
 * Interop: the official SDK (`@stackframe/js` 2.8.108) drives teams and permissions on this server
 * over a loopback port: a user creates and lists teams (of the internal project: each starts with
 * one `dashboard_admins` seat, and the server SDK adds one per invitee), invites by e-mail, the
 * invitee checks and accepts the code read from the outbox, the server SDK adds a member and grants permissions, and
 * both SDKs read the permissions back. Then the rest of a team's life: an invitation revoked, a
 * member's own team profile, leaving, removal by the server SDK, and deleting the team.
 */
import { StackClientApp, StackServerApp } from "@stackframe/js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type InteropServer, startInteropServer } from "../testing/interop-server";

let server: InteropServer;
let serverApp: StackServerApp;
const callbackUrl = "http://localhost:12345/some-callback-url";
const password = "correct horse battery";

beforeAll(async () => {
  server = await startInteropServer();
  serverApp = new StackServerApp({
    projectId: "internal",
    publishableClientKey: server.t.internalProject.keys.publishableClientKey,
    secretServerKey: server.t.internalProject.keys.secretServerKey,
    baseUrl: server.baseUrl,
    tokenStore: "memory",
    noAutomaticPrefetch: true,
    devTool: false,
  });
});
afterAll(async () => {
  await server.close();
});

function createClientApp() {
  return new StackClientApp({
    projectId: "internal",
    publishableClientKey: server.t.internalProject.keys.publishableClientKey,
    baseUrl: server.baseUrl,
    tokenStore: "memory",
    noAutomaticPrefetch: true,
    devTool: false,
  });
}

/** A client app signed in as a new user with a verified address (created by the server SDK). */
async function signedInVerified(email: string) {
  await serverApp.createUser({
    primaryEmail: email,
    primaryEmailVerified: true,
    primaryEmailAuthEnabled: true,
    password,
  });
  const app = createClientApp();
  const result = await app.signInWithCredential({ email, password, noRedirect: true });
  expect(result.status).toBe("ok");
  return app;
}

/**
 * One more `dashboard_admins` seat for a team of the internal project, which starts on the Free
 * plan's one seat (its creator's), through the server SDK's item API.
 */
async function addSeat(teamId: string): Promise<void> {
  const seats = await serverApp.getItem({ teamId, itemId: "dashboard_admins" });
  await seats.increaseQuantity(1);
  expect((await serverApp.getItem({ teamId, itemId: "dashboard_admins" })).quantity).toBe(
    seats.quantity + 1,
  );
}

describe("teams and permissions through the official SDK", () => {
  it("creates and lists teams, invites, accepts, adds a member and checks permissions", async () => {
    const stamp = Date.now();
    const hostEmail = `sdk-host-${stamp}@example.com`;
    const guestEmail = `sdk-guest-${stamp}@example.com`;
    const host = createClientApp();
    const signUp = await host.signUpWithCredential({
      email: hostEmail,
      password,
      noVerificationCallback: true,
      noRedirect: true,
    });
    expect(signUp.status).toBe("ok");
    const hostUser = await host.getUser({ or: "throw" });

    // Lists are oldest first; the server's clock stands still unless moved.
    server.t.clock.advance(1000);
    const team = await hostUser.createTeam({ displayName: "SDK Ensemble" });
    expect(team.displayName).toBe("SDK Ensemble");
    const teams = await hostUser.listTeams();
    expect(teams.map((t) => t.displayName)).toEqual([`${hostEmail}'s Team`, "SDK Ensemble"]);
    // The SDK selects a team it has just created.
    expect((await host.getUser({ or: "throw" })).selectedTeam?.id).toBe(team.id);
    expect(await hostUser.hasPermission(team, "$update_team")).toBe(true);

    await team.inviteUser({ email: guestEmail, callbackUrl });
    const invitations = await team.listInvitations();
    expect(invitations.map((invitation) => invitation.recipientEmail)).toEqual([guestEmail]);
    const code = await server.t.readCodeFromOutbox(guestEmail, "join");

    const guest = await signedInVerified(guestEmail);
    expect((await guest.verifyTeamInvitationCode(code)).status).toBe("ok");
    const details = await guest.getTeamInvitationDetails(code);
    expect(details.status === "ok" && details.data.teamDisplayName).toBe("SDK Ensemble");
    server.t.clock.advance(1000);
    expect(
      (await serverApp.getItem({ teamId: team.id, itemId: "dashboard_admins" })).quantity,
    ).toBe(1);
    await addSeat(team.id);
    // The seat came from the Free plan the team started on, which the SDK lists with its switches.
    const products = await serverApp.listProducts({ teamId: team.id });
    expect(
      products.map((product) => ({
        id: product.id,
        displayName: product.displayName,
        quantity: product.quantity,
        switchTo: product.switchOptions?.map((option) => option.productId),
      })),
    ).toEqual([{ id: "free", displayName: "Free", quantity: 1, switchTo: ["team", "growth"] }]);
    expect(products.nextCursor).toBeNull();
    expect((await guest.acceptTeamInvitation(code)).status).toBe("ok");
    const guestUser = await guest.getUser({ or: "throw" });
    const guestTeam = await guestUser.getTeam(team.id);
    expect(guestTeam?.displayName).toBe("SDK Ensemble");
    expect(await guestUser.hasPermission(team, "$read_members")).toBe(true);
    expect(await guestUser.hasPermission(team, "$update_team")).toBe(false);

    // Server side: add a third member directly, grant the guest a permission.
    const third = await serverApp.createUser({ primaryEmail: `sdk-third-${stamp}@example.com` });
    const serverTeam = await serverApp.getTeam(team.id);
    if (!serverTeam) throw new Error("The server SDK does not see the team");
    server.t.clock.advance(1000);
    await serverTeam.addUser(third.id);
    const members = await serverTeam.listUsers();
    expect(members.map((member) => member.id)).toEqual([hostUser.id, guestUser.id, third.id]);

    const serverGuest = await serverApp.getUser(guestUser.id);
    if (!serverGuest) throw new Error("The server SDK does not see the guest");
    await serverGuest.grantPermission(serverTeam, "$update_team");
    expect(await serverGuest.hasPermission(serverTeam, "$update_team")).toBe(true);
    const permissions = await serverGuest.listPermissions(serverTeam, { recursive: false });
    expect(permissions.map((permission) => permission.id).sort()).toEqual([
      "$update_team",
      "team_member",
    ]);
    // The guest's own (fresh) SDK sees the new permission and may now rename the team.
    const guestAgain = createClientApp();
    await guestAgain.signInWithCredential({ email: guestEmail, password, noRedirect: true });
    const guestAgainUser = await guestAgain.getUser({ or: "throw" });
    expect(await guestAgainUser.hasPermission(team, "$update_team")).toBe(true);
    const renamable = await guestAgainUser.getTeam(team.id);
    await renamable?.update({ displayName: "SDK Ensemble (renamed)" });
    expect((await serverApp.getTeam(team.id))?.displayName).toBe("SDK Ensemble (renamed)");

    await serverGuest.revokePermission(serverTeam, "$update_team");
    expect(await serverGuest.hasPermission(serverTeam, "$update_team")).toBe(false);
  });

  it("revokes an invitation, edits a member profile, leaves, removes a member and deletes the team", async () => {
    const stamp = Date.now();
    const hostEmail = `sdk-life-host-${stamp}@example.com`;
    const guestEmail = `sdk-life-guest-${stamp}@example.com`;
    const host = await signedInVerified(hostEmail);
    const hostUser = await host.getUser({ or: "throw" });
    server.t.clock.advance(1000);
    const team = await hostUser.createTeam({ displayName: "SDK Workshop" });

    await team.inviteUser({ email: `sdk-life-later-${stamp}@example.com`, callbackUrl });
    server.t.clock.advance(1000);
    await team.inviteUser({ email: guestEmail, callbackUrl });
    const sent = await team.listInvitations();
    expect(sent.map((invitation) => invitation.recipientEmail).sort()).toEqual([
      guestEmail,
      `sdk-life-later-${stamp}@example.com`,
    ]);
    await sent.find((invitation) => invitation.recipientEmail !== guestEmail)?.revoke();
    expect((await team.listInvitations()).map((invitation) => invitation.recipientEmail)).toEqual([
      guestEmail,
    ]);

    const guest = await signedInVerified(guestEmail);
    const code = await server.t.readCodeFromOutbox(guestEmail, "join");
    server.t.clock.advance(1000);
    await addSeat(team.id);
    expect((await guest.acceptTeamInvitation(code)).status).toBe("ok");
    const guestUser = await guest.getUser({ or: "throw" });
    const guestTeam = await guestUser.getTeam(team.id);
    if (!guestTeam) throw new Error("The guest's SDK does not see the team");

    // The guest's own profile in the team; the host sees the new name.
    const profile = await guestUser.getTeamProfile(guestTeam);
    await profile.update({ displayName: "Guest Weaver" });
    expect((await guestUser.getTeamProfile(guestTeam)).displayName).toBe("Guest Weaver");
    const seenByHost = await team.listUsers();
    expect(seenByHost.map((member) => [member.id, member.teamProfile.displayName])).toEqual([
      [hostUser.id, null],
      [guestUser.id, "Guest Weaver"],
    ]);
    await guestUser.leaveTeam(guestTeam);
    expect((await guestUser.listTeams()).map((t) => t.id)).not.toContain(team.id);
    expect((await team.listUsers()).map((member) => member.id)).toEqual([hostUser.id]);

    // The server SDK adds and removes a member.
    const third = await serverApp.createUser({
      primaryEmail: `sdk-life-third-${stamp}@example.com`,
    });
    const serverTeam = await serverApp.getTeam(team.id);
    if (!serverTeam) throw new Error("The server SDK does not see the team");
    server.t.clock.advance(1000);
    await serverTeam.addUser(third.id);
    expect((await serverTeam.listUsers()).map((member) => member.id)).toEqual([
      hostUser.id,
      third.id,
    ]);
    await serverTeam.removeUser(third.id);
    expect((await serverTeam.listUsers()).map((member) => member.id)).toEqual([hostUser.id]);
    const thirdTeams = (await (await serverApp.getUser(third.id))?.listTeams()) ?? [];
    expect(thirdTeams.map((t) => t.id)).not.toContain(team.id);

    await team.delete();
    expect((await hostUser.listTeams()).map((t) => t.id)).not.toContain(team.id);
    expect(await serverApp.getTeam(team.id)).toBeNull();
  });
});
