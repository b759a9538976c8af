/**
 * `/team-invitations` (contract §2.9): sending (the e-mail's plain text carries the link), listing
 * by team and by user, revoking, and redeeming the code (check, details, accept) with the
 * permission, verified-address and code rules; rejected requests leave memberships unchanged.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { teamMembers } from "../../db/schema";
import { expectKnownError, expectTextError } from "../../testing/expect-known-error";
import { createTestAuthApi, type TestAuthApi, type TestUser } from "../../testing/test-auth-api";

let t: TestAuthApi;
let projectId: string;
const callbackUrl = "http://localhost:12345/some-callback-url";

beforeAll(async () => {
  t = await createTestAuthApi();
  projectId = (
    await t.createProject({
      displayName: "Heritage",
      config: { teams: { allowClientTeamCreation: true } },
    })
  ).id;
});
afterAll(() => t.close());

interface Invitation {
  id: string;
  team_id: string;
  team_display_name: string;
  expires_at_millis: number;
  recipient_email: string;
}

const asClient = (user: { accessToken: string }) => ({
  accessType: "client" as const,
  projectId,
  accessToken: user.accessToken,
});
const asServer = () => ({ accessType: "server" as const, projectId });
let counter = 0;

/** A signed-in user whose primary address is verified (invitations need that to be accepted). */
async function verifiedUser(): Promise<TestUser> {
  counter += 1;
  const email = `invitee-${counter}@example.com`;
  const created = await t.request("/users", {
    ...asServer(),
    body: { primary_email: email, primary_email_verified: true, primary_email_auth_enabled: true },
  });
  const { id } = (await created.json()) as { id: string };
  const session = await t.request("/auth/sessions", { ...asServer(), body: { user_id: id } });
  const tokens = (await session.json()) as { access_token: string; refresh_token: string };
  return {
    userId: id,
    email,
    password: "",
    accessToken: tokens.access_token,
    refreshToken: tokens.refresh_token,
  };
}

async function createTeamAs(user: TestUser, name = "Choir"): Promise<string> {
  const response = await t.request("/teams", { ...asClient(user), body: { display_name: name } });
  return ((await response.json()) as { id: string }).id;
}

async function invite(user: TestUser, teamId: string, email: string): Promise<string> {
  const response = await t.request("/team-invitations/send-code", {
    ...asClient(user),
    body: { team_id: teamId, email, callback_url: callbackUrl },
  });
  expect(response.status).toBe(200);
  const body = (await response.json()) as { success: true; id: string };
  expect(body).toEqual({ success: true, id: expect.any(String) });
  return body.id;
}

async function members(teamId: string): Promise<string[]> {
  const rows = await t.db.select().from(teamMembers).where(eq(teamMembers.teamId, teamId));
  return rows.map((row) => row.userId).sort();
}

describe("inviting and accepting (happy)", () => {
  it("mails the link, lists, checks, shows details and accepts; the invitee becomes a member", async () => {
    const creator = await t.signUpUser(projectId);
    const invitee = await verifiedUser();
    const teamId = await createTeamAs(creator, "Folk Choir");
    const id = await invite(creator, teamId, ` ${invitee.email.toUpperCase()} `);

    const [mail] = await t.readOutbox(invitee.email);
    expect(mail?.subject).toBe("You have been invited to join Folk Choir");
    expect(mail?.text).toMatch(/http:\/\/localhost:12345\/some-callback-url\?code=[a-z0-9]{45}/);
    const code = await t.readCodeFromOutbox(invitee.email, "join");

    const listed = await t.request(`/team-invitations?team_id=${teamId}`, asClient(creator));
    expect(await listed.json()).toEqual({
      items: [
        {
          id,
          team_id: teamId,
          team_display_name: "Folk Choir",
          expires_at_millis: t.clock().getTime() + 7 * 24 * 60 * 60 * 1000,
          recipient_email: invitee.email,
        },
      ],
      is_paginated: false,
    });
    const mine = await t.request("/team-invitations?user_id=me", asClient(invitee));
    expect(((await mine.json()) as { items: Invitation[] }).items.map((i) => i.id)).toEqual([id]);

    const check = await t.request("/team-invitations/accept/check-code", {
      accessType: "client",
      projectId,
      body: { code },
    });
    expect(await check.json()).toEqual({ is_code_valid: true });
    const details = await t.request("/team-invitations/accept/details", {
      ...asClient(invitee),
      body: { code },
    });
    expect(await details.json()).toEqual({ team_id: teamId, team_display_name: "Folk Choir" });

    const accepted = await t.request("/team-invitations/accept", {
      ...asClient(invitee),
      body: { code: code.toUpperCase() },
    });
    expect(accepted.status).toBe(200);
    expect(await accepted.json()).toEqual({});
    expect(await members(teamId)).toEqual([creator.userId, invitee.userId].sort());
    const permissions = await t.request(
      `/team-permissions?user_id=me&team_id=${teamId}`,
      asClient(invitee),
    );
    expect(
      ((await permissions.json()) as { items: { id: string }[] }).items.map((p) => p.id),
    ).toEqual(["team_member"]);

    await expectKnownError(
      await t.request("/team-invitations/accept", { ...asClient(invitee), body: { code } }),
      "VERIFICATION_CODE_ALREADY_USED",
      409,
    );
    const after = await t.request(`/team-invitations?team_id=${teamId}`, asServer());
    expect(((await after.json()) as { items: Invitation[] }).items).toEqual([]);
  });

  it("accepts by id for a user who has the invited address (server access)", async () => {
    const creator = await t.signUpUser(projectId);
    const invitee = await verifiedUser();
    const teamId = await createTeamAs(creator);
    const id = await invite(creator, teamId, invitee.email);
    const stranger = await verifiedUser();
    await expectKnownError(
      await t.request(`/team-invitations/${id}/accept?user_id=${stranger.userId}`, {
        ...asServer(),
        body: {},
      }),
      "VERIFICATION_CODE_NOT_FOUND",
      404,
    );
    const accepted = await t.request(`/team-invitations/${id}/accept?user_id=${invitee.userId}`, {
      ...asServer(),
      body: {},
    });
    expect(accepted.status).toBe(200);
    expect(await members(teamId)).toContain(invitee.userId);
    expect(await members(teamId)).not.toContain(stranger.userId);
  });
});

describe("sending and listing (errors and access)", () => {
  it("sending needs a user with $invite_members in an existing team and a trusted callback URL", async () => {
    const creator = await t.signUpUser(projectId);
    const outsider = await t.signUpUser(projectId);
    const teamId = await createTeamAs(creator);
    const body = { team_id: teamId, email: "x@example.com", callback_url: callbackUrl };

    await expectKnownError(
      await t.request("/team-invitations/send-code", { accessType: "client", projectId, body }),
      "USER_AUTHENTICATION_REQUIRED",
      401,
    );
    await expectKnownError(
      await t.request("/team-invitations/send-code", { ...asClient(outsider), body }),
      "TEAM_MEMBERSHIP_NOT_FOUND",
      404,
    );
    await expectKnownError(
      await t.request("/team-invitations/send-code", {
        ...asClient(creator),
        body: { ...body, callback_url: "https://evil.example.com/cb" },
      }),
      "REDIRECT_URL_NOT_WHITELISTED",
      400,
    );
    await expectKnownError(
      await t.request("/team-invitations/send-code", {
        ...asServer(),
        body: { ...body, team_id: "00000000-0000-4000-8000-000000000003" },
      }),
      "TEAM_NOT_FOUND",
      404,
    );
    await expectKnownError(
      await t.request("/team-invitations/send-code", {
        ...asServer(),
        body: { ...body, email: "not-an-email" },
      }),
      "SCHEMA_ERROR",
      400,
    );
    expect(await t.readOutbox("x@example.com")).toEqual([]);
    const listed = await t.request(`/team-invitations?team_id=${teamId}`, asServer());
    expect(((await listed.json()) as { items: Invitation[] }).items).toEqual([]);
  });

  it("listing needs exactly one of team_id and user_id, and client rights for it", async () => {
    const creator = await t.signUpUser(projectId);
    const outsider = await t.signUpUser(projectId);
    const teamId = await createTeamAs(creator);
    await expectTextError(
      await t.request(`/team-invitations?team_id=${teamId}&user_id=me`, asClient(creator)),
      400,
      "Cannot specify both team_id and user_id",
    );
    await expectTextError(
      await t.request("/team-invitations", asClient(creator)),
      400,
      "Must specify either team_id or user_id",
    );
    await expectKnownError(
      await t.request(`/team-invitations?team_id=${teamId}`, asClient(outsider)),
      "TEAM_MEMBERSHIP_NOT_FOUND",
      404,
    );
    // As the reference answers it: a client can only mean "me".
    await expectKnownError(
      await t.request(`/team-invitations?user_id=${creator.userId}`, asClient(outsider)),
      "CANNOT_GET_OWN_USER_WITHOUT_USER",
      400,
    );
  });
});

describe("redeeming (errors)", () => {
  it("refuses an invitee whose verified addresses do not include the invited one; the code stays valid", async () => {
    const creator = await t.signUpUser(projectId);
    const unverified = await t.signUpUser(projectId);
    const teamId = await createTeamAs(creator);
    await invite(creator, teamId, unverified.email);
    const code = await t.readCodeFromOutbox(unverified.email, "join");

    await expectKnownError(
      await t.request("/team-invitations/accept", { ...asClient(unverified), body: { code } }),
      "TEAM_INVITATION_EMAIL_MISMATCH",
      403,
    );
    await expectKnownError(
      await t.request("/team-invitations/accept", {
        accessType: "client",
        projectId,
        body: { code },
      }),
      "USER_AUTHENTICATION_REQUIRED",
      401,
    );
    await expectKnownError(
      await t.request("/team-invitations/accept/details", {
        accessType: "client",
        projectId,
        body: { code },
      }),
      "USER_AUTHENTICATION_REQUIRED",
      401,
    );
    expect(await members(teamId)).toEqual([creator.userId]);
    const check = await t.request("/team-invitations/accept/check-code", {
      ...asClient(unverified),
      body: { code },
    });
    expect(await check.json()).toEqual({ is_code_valid: true });

    await expectKnownError(
      await t.request("/team-invitations/accept", {
        ...asClient(unverified),
        body: { code: "a".repeat(45) },
      }),
      "VERIFICATION_CODE_NOT_FOUND",
      404,
    );
    await expectKnownError(
      await t.request("/team-invitations/accept", {
        ...asClient(unverified),
        body: { code: "short" },
      }),
      "SCHEMA_ERROR",
      400,
    );
  });

  it("refuses restricted and anonymous users, to accept and to read details (let through by the allow headers); the code stays valid", async () => {
    const creator = await t.signUpUser(projectId);
    const invitee = await verifiedUser();
    const teamId = await createTeamAs(creator);
    await invite(creator, teamId, invitee.email);
    const code = await t.readCodeFromOutbox(invitee.email, "join");
    await t.request(`/users/${invitee.userId}`, {
      ...asServer(),
      method: "PATCH",
      body: { restricted_by_admin: true },
    });
    const session = await t.request("/auth/sessions", {
      ...asServer(),
      body: { user_id: invitee.userId },
    });
    const { access_token: accessToken } = (await session.json()) as { access_token: string };
    const restricted = await expectKnownError(
      await t.request("/team-invitations/accept", {
        ...asClient({ accessToken }),
        headers: { "x-stack-allow-restricted-user": "true" },
        body: { code },
      }),
      "TEAM_INVITATION_RESTRICTED_USER_NOT_ALLOWED",
      403,
    );
    expect(restricted.details).toEqual({
      restricted_reason: { type: "restricted_by_administrator" },
    });
    // Nor does a restricted user read which team the code invites to (the reference's details).
    const details = await expectKnownError(
      await t.request("/team-invitations/accept/details", {
        ...asClient({ accessToken }),
        headers: { "x-stack-allow-restricted-user": "true" },
        body: { code },
      }),
      "TEAM_INVITATION_RESTRICTED_USER_NOT_ALLOWED",
      403,
    );
    expect(details.details).toEqual({
      restricted_reason: { type: "restricted_by_administrator" },
    });

    const anonymous = await t.request("/auth/anonymous/sign-up", {
      accessType: "client",
      projectId,
      body: {},
    });
    const { access_token: anonymousToken } = (await anonymous.json()) as { access_token: string };
    const refused = await expectKnownError(
      await t.request("/team-invitations/accept", {
        ...asClient({ accessToken: anonymousToken }),
        headers: { "x-stack-allow-anonymous-user": "true" },
        body: { code },
      }),
      "TEAM_INVITATION_RESTRICTED_USER_NOT_ALLOWED",
      403,
    );
    expect(refused.details).toEqual({ restricted_reason: { type: "anonymous" } });

    expect(await members(teamId)).toEqual([creator.userId]);
    const check = await t.request("/team-invitations/accept/check-code", {
      ...asClient(creator),
      body: { code },
    });
    expect(await check.json()).toEqual({ is_code_valid: true });
  });

  it("an expired invitation cannot be accepted", async () => {
    const creator = await t.signUpUser(projectId);
    const invitee = await verifiedUser();
    const teamId = await createTeamAs(creator);
    await invite(creator, teamId, invitee.email);
    const code = await t.readCodeFromOutbox(invitee.email, "join");
    t.clock.advance(8 * 24 * 60 * 60 * 1000);
    // The old access token has expired too: sign in again.
    const session = await t.request("/auth/sessions", {
      ...asServer(),
      body: { user_id: invitee.userId },
    });
    const { access_token: accessToken } = (await session.json()) as { access_token: string };
    await expectKnownError(
      await t.request("/team-invitations/accept", { ...asClient({ accessToken }), body: { code } }),
      "VERIFICATION_CODE_EXPIRED",
      400,
    );
    expect(await members(teamId)).toEqual([creator.userId]);
  });
});

describe("revoking", () => {
  it("needs team_id and $remove_members; a revoked invitation's link stops working", async () => {
    const creator = await t.signUpUser(projectId);
    const member = await verifiedUser();
    const invitee = await verifiedUser();
    const teamId = await createTeamAs(creator);
    await t.request(`/team-memberships/${teamId}/${member.userId}`, { ...asServer(), body: {} });
    const id = await invite(creator, teamId, invitee.email);
    const code = await t.readCodeFromOutbox(invitee.email, "join");

    await expectTextError(
      await t.request(`/team-invitations/${id}`, { ...asClient(creator), method: "DELETE" }),
      400,
      "team_id is required for deleting a team invitation",
    );
    await expectKnownError(
      await t.request(`/team-invitations/${id}?team_id=${teamId}`, {
        ...asClient(member),
        method: "DELETE",
      }),
      "TEAM_PERMISSION_REQUIRED",
      401,
    );
    const revoked = await t.request(`/team-invitations/${id}?team_id=${teamId}`, {
      ...asClient(creator),
      method: "DELETE",
    });
    expect(await revoked.json()).toEqual({ success: true });
    await expectKnownError(
      await t.request("/team-invitations/accept", { ...asClient(invitee), body: { code } }),
      "VERIFICATION_CODE_NOT_FOUND",
      404,
    );
    await expectTextError(
      await t.request(`/team-invitations/${id}?team_id=${teamId}`, {
        ...asServer(),
        method: "DELETE",
      }),
      404,
      "Team invitation not found.",
    );
    expect(await members(teamId)).toEqual([creator.userId, member.userId].sort());
  });
});
