/**
 * Creating and updating users called directly (contract §1.7, §1.8): what createUser stores (the
 * normalized primary address, a password hash, sign-up grants, the selected personal team) and
 * what updateUser changes (a new password ends every session, a new primary address, an anonymous
 * user signing up). Refused inputs write nothing; a user of one project is never changed through
 * another; passwords are kept only as hashes and TOTP secrets only sealed to their user.
 */
import { randomUUID } from "node:crypto";
import { KnownError, type KnownErrorCode } from "@heritage/auth-protocol";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  contactChannels,
  passwordCredentials,
  permissionGrants,
  sessions,
  teams,
  users,
} from "../../db/schema";
import { createTestAuthApi, type TestAuthApi } from "../../testing/test-auth-api";
import type { AuthDeps } from "../auth-deps";
import { openTotpSecret } from "../credentials/totp";
import { defaultPermissionDefinitions } from "../projects/project-config";
import type { LoadedProject } from "../projects/projects";
import { plainErrors } from "../shared/plain-errors";
import { StatusError } from "../shared/status-error";
import { addTeamMember, createTeam } from "../teams/teams";
import { createUser, personalTeamName, type UserWriteInput, updateUser } from "./user-writes";

/** bcryptjs's hash of "imported password" (cost 4), as another system would export it. */
const importedBcryptHash = "$2b$04$4El0UXiG4HAy.5GfQc4afObkcg4f4lwbUe9vzfPgqerIupWgGXerW";

let t: TestAuthApi;
let deps: AuthDeps;
/** Personal teams and a project-wide sign-up permission; `other` is a plain second project. */
let project: LoadedProject;
let other: LoadedProject;
let counter = 0;

beforeAll(async () => {
  t = await createTestAuthApi();
  deps = t.serviceDeps();
  project = await t.createLoadedProject({
    config: {
      teams: { createPersonalTeamOnSignUp: true },
      rbac: {
        permissions: {
          ...defaultPermissionDefinitions,
          beta_tester: { scope: "project", containedPermissionIds: {} },
        },
        defaultPermissions: { signUp: ["beta_tester"] },
      },
    },
  });
  other = await t.createLoadedProject();
});
afterAll(() => t.close());

const create = (of: LoadedProject, input: UserWriteInput) =>
  t.db.transaction((tx) => createUser(tx, deps, of, input));
const update = (of: LoadedProject, userId: string, input: UserWriteInput) =>
  t.db.transaction((tx) => updateUser(tx, deps, of, userId, input));

function nextEmail(): string {
  counter += 1;
  return `writer-${counter}@example.com`;
}

async function caught(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    () => null,
    (error: unknown) => error,
  );
}

async function expectCode(promise: Promise<unknown>, code: KnownErrorCode): Promise<void> {
  const error = await caught(promise);
  expect(error).toBeInstanceOf(KnownError);
  expect((error as KnownError).code).toBe(code);
}

/** The plain error of the catalogue: same status and text. */
async function expectPlain(promise: Promise<unknown>, expected: StatusError): Promise<void> {
  const error = await caught(promise);
  expect(error).toBeInstanceOf(StatusError);
  const { status, message } = error as StatusError;
  expect({ status, message }).toEqual({ status: expected.status, message: expected.message });
}

async function channelsOf(userId: string) {
  const rows = await t.db.select().from(contactChannels).where(eq(contactChannels.userId, userId));
  return rows
    .map((row) => ({
      value: row.value,
      isPrimary: row.isPrimary,
      isVerified: row.isVerified,
      usedForAuth: row.usedForAuth,
    }))
    .sort((a, b) => a.value.localeCompare(b.value));
}

async function userRow(userId: string) {
  const [row] = await t.db.select().from(users).where(eq(users.id, userId));
  return row;
}

async function passwordHashOf(userId: string): Promise<string | null> {
  const [row] = await t.db
    .select()
    .from(passwordCredentials)
    .where(eq(passwordCredentials.userId, userId));
  return row?.passwordHash ?? null;
}

async function addSession(userId: string, of: LoadedProject = project): Promise<void> {
  await t.db.insert(sessions).values({
    id: randomUUID(),
    projectId: of.id,
    userId,
    refreshTokenHash: randomUUID(),
    expiresAt: new Date(t.clock().getTime() + 3_600_000),
    lastActiveAt: t.clock(),
  });
}

async function sessionCount(userId: string): Promise<number> {
  return (await t.db.select().from(sessions).where(eq(sessions.userId, userId))).length;
}

describe("createUser and updateUser (happy)", () => {
  it("creates a user with its address, password hash, sign-up grants and selected personal team", async () => {
    const user = await create(project, {
      primary_email: "  New.User@Example.COM ",
      primary_email_auth_enabled: true,
      password: "a good password",
    });
    expect(await channelsOf(user.row.id)).toEqual([
      { value: "new.user@example.com", isPrimary: true, isVerified: false, usedForAuth: true },
    ]);
    const hash = (await passwordHashOf(user.row.id)) ?? "";
    expect(hash).toMatch(/^\$argon2id\$/);
    expect(await deps.passwords.verifyPassword(hash, "a good password")).toMatchObject({
      isValid: true,
    });

    const teamId = user.row.selectedTeamId ?? "";
    const [team] = await t.db.select().from(teams).where(eq(teams.id, teamId));
    expect(team).toMatchObject({
      projectId: project.id,
      displayName: "new.user@example.com's Team",
    });
    const grants = await t.db
      .select({ teamId: permissionGrants.teamId, id: permissionGrants.permissionId })
      .from(permissionGrants)
      .where(eq(permissionGrants.userId, user.row.id));
    expect(grants.sort((a, b) => a.id.localeCompare(b.id))).toEqual([
      { teamId: null, id: "beta_tester" },
      { teamId, id: "team_admin" },
    ]);
    expect(user.selectedTeam?.id).toBe(teamId);
    expect(personalTeamName({ displayName: null, email: null })).toBe("Personal Team");
  });

  it("imports a bcrypt hash as it is, and the password it hashes is accepted", async () => {
    const user = await create(other, {
      primary_email: nextEmail(),
      password_hash: importedBcryptHash,
    });
    expect(await passwordHashOf(user.row.id)).toBe(importedBcryptHash);
    expect(user.hasPassword).toBe(true);
    expect(
      (await deps.passwords.verifyPassword(importedBcryptHash, "imported password")).isValid,
    ).toBe(true);
  });

  it("replaces the password and ends every session of that user only; null removes it", async () => {
    const user = await create(project, { primary_email: nextEmail(), password: "old password" });
    const bystander = await create(project, { primary_email: nextEmail() });
    await addSession(user.row.id);
    await addSession(user.row.id);
    await addSession(bystander.row.id);
    const before = await passwordHashOf(user.row.id);

    await update(project, user.row.id, { password: "new password" });
    const after = (await passwordHashOf(user.row.id)) ?? "";
    expect(after).not.toBe(before);
    expect((await deps.passwords.verifyPassword(after, "new password")).isValid).toBe(true);
    expect(await sessionCount(user.row.id)).toBe(0);
    expect(await sessionCount(bystander.row.id)).toBe(1);

    // Other changes leave sessions alone.
    await addSession(user.row.id);
    await update(project, user.row.id, { display_name: "Renamed" });
    expect(await sessionCount(user.row.id)).toBe(1);

    const removed = await update(project, user.row.id, { password: null });
    expect(removed.hasPassword).toBe(false);
    expect(await passwordHashOf(user.row.id)).toBeNull();
    expect(await sessionCount(user.row.id)).toBe(0);
  });

  it("adds a new primary address unverified, keeps the old one, and unrestricting clears the reasons", async () => {
    const user = await create(project, {
      primary_email: "first@primary.example",
      primary_email_verified: true,
      primary_email_auth_enabled: true,
      restricted_by_admin: true,
      restricted_by_admin_reason: "check",
      restricted_by_admin_private_details: "notes",
    });
    const updated = await update(project, user.row.id, {
      primary_email: "Second@Primary.example",
      restricted_by_admin: false,
    });
    expect(updated.primaryEmail).toMatchObject({
      value: "second@primary.example",
      isVerified: false,
      usedForAuth: true,
    });
    expect(await channelsOf(user.row.id)).toEqual([
      { value: "first@primary.example", isPrimary: false, isVerified: true, usedForAuth: true },
      { value: "second@primary.example", isPrimary: true, isVerified: false, usedForAuth: true },
    ]);
    expect(await userRow(user.row.id)).toMatchObject({
      restrictedByAdmin: false,
      restrictedByAdminReason: null,
      restrictedByAdminPrivateDetails: null,
    });

    // Back to the first address: the existing channel becomes primary again, still verified.
    const back = await update(project, user.row.id, { primary_email: "first@primary.example" });
    expect(back.primaryEmail).toMatchObject({ value: "first@primary.example", isVerified: true });
    expect((await channelsOf(user.row.id)).filter((channel) => channel.isPrimary)).toHaveLength(1);
  });

  it("signs an anonymous user up: signed_up_at moves to now and the personal team is renamed", async () => {
    const anonymous = await create(project, { is_anonymous: true });
    const teamId = anonymous.row.selectedTeamId ?? "";
    const [before] = await t.db.select().from(teams).where(eq(teams.id, teamId));
    expect(before?.displayName).toBe("Personal Team");
    t.clock.advance(3_600_000);
    const signedUp = await update(project, anonymous.row.id, {
      is_anonymous: false,
      display_name: "Neo",
      primary_email: nextEmail(),
    });
    expect(signedUp.row).toMatchObject({ isAnonymous: false, signedUpAt: t.clock() });
    const [after] = await t.db.select().from(teams).where(eq(teams.id, teamId));
    expect(after?.displayName).toBe("Neo's Team");
  });
});

describe("createUser and updateUser (error)", () => {
  it("refuses contradictory or disabled inputs at creation and writes no user", async () => {
    const closed = await t.createLoadedProject({
      config: { auth: { password: { allowSignIn: false } } },
    });
    const countUsers = async () =>
      (await t.db.select().from(users).where(eq(users.projectId, project.id))).length +
      (await t.db.select().from(users).where(eq(users.projectId, closed.id))).length;
    const before = await countUsers();
    const refusals: [LoadedProject, UserWriteInput, StatusError][] = [
      [project, { primary_email_auth_enabled: true }, plainErrors.primaryEmailAuthWithoutEmail()],
      [project, { primary_email_verified: true }, plainErrors.primaryEmailVerifiedWithoutEmail()],
      [
        project,
        { primary_email: nextEmail(), password: "x", password_hash: importedBcryptHash },
        plainErrors.passwordAndHashTogether(),
      ],
      [
        project,
        { primary_email: nextEmail(), password_hash: "5f4dcc3b5aa765d61d8327deb882cf99" },
        plainErrors.invalidPasswordHash(),
      ],
      [project, { otp_auth_enabled: true }, plainErrors.otpAuthNotEnabled()],
      [
        project,
        { restricted_by_admin_reason: "why" },
        plainErrors.restrictedReasonWithoutRestriction(),
      ],
      [
        project,
        { restricted_by_admin: false, restricted_by_admin_private_details: "details" },
        plainErrors.restrictedDetailsWithoutRestriction(),
      ],
      [closed, { primary_email: nextEmail(), password: "x" }, plainErrors.passwordAuthNotEnabled()],
      [
        closed,
        { primary_email: nextEmail(), password_hash: importedBcryptHash },
        plainErrors.passwordAuthNotEnabled(),
      ],
    ];
    for (const [of, input, expected] of refusals) await expectPlain(create(of, input), expected);
    expect(await countUsers()).toBe(before);
  });

  it("refuses an address another account signs in with, but not one that is only listed", async () => {
    const taken = nextEmail();
    await create(project, { primary_email: taken, primary_email_auth_enabled: true });
    await expectCode(
      create(project, {
        primary_email: ` ${taken.toUpperCase()}`,
        primary_email_auth_enabled: true,
      }),
      "USER_EMAIL_ALREADY_EXISTS",
    );
    const listed = await create(project, { primary_email: taken });
    expect(listed.primaryEmail).toMatchObject({ value: taken, usedForAuth: false });
    // Turning sign-in on for the listed copy is refused too.
    await expectCode(
      update(project, listed.row.id, { primary_email_auth_enabled: true }),
      "USER_EMAIL_ALREADY_EXISTS",
    );
    expect(await channelsOf(listed.row.id)).toEqual([
      { value: taken, isPrimary: true, isVerified: false, usedForAuth: false },
    ]);
  });

  it("refuses updates that may not happen and leaves the user as it was", async () => {
    const taken = nextEmail();
    await create(project, { primary_email: taken, primary_email_auth_enabled: true });
    const user = await create(project, {
      primary_email: nextEmail(),
      primary_email_auth_enabled: true,
      display_name: "Unchanged",
      password: "kept password",
    });
    const foreignTeam = await createTeam(t.db, deps.ids, {
      projectId: project.id,
      displayName: "Not theirs",
      now: t.clock(),
    });
    const rowBefore = await userRow(user.row.id);
    const channelsBefore = await channelsOf(user.row.id);
    const hashBefore = await passwordHashOf(user.row.id);

    await expectPlain(
      update(project, user.row.id, { is_anonymous: true, display_name: "x" }),
      plainErrors.anonymousForExistingUser(),
    );
    await expectPlain(
      update(project, user.row.id, { passkey_auth_enabled: true }),
      plainErrors.passkeyAuthNotManual(),
    );
    await expectPlain(
      update(project, user.row.id, { otp_auth_enabled: true }),
      plainErrors.otpAuthNotEnabled(),
    );
    await expectCode(
      update(project, user.row.id, { selected_team_id: foreignTeam, display_name: "x" }),
      "TEAM_MEMBERSHIP_NOT_FOUND",
    );
    // The address check runs after the old primary was unset: the transaction undoes it.
    await expectCode(
      update(project, user.row.id, { primary_email: taken, display_name: "x", password: "new" }),
      "USER_EMAIL_ALREADY_EXISTS",
    );
    await expectCode(update(project, randomUUID(), { display_name: "Nobody" }), "USER_NOT_FOUND");
    expect(await userRow(user.row.id)).toEqual(rowBefore);
    expect(await channelsOf(user.row.id)).toEqual(channelsBefore);
    expect(await passwordHashOf(user.row.id)).toBe(hashBefore);
  });
});

describe("createUser and updateUser (security)", () => {
  it("never changes a user through another project, nor selects another project's team", async () => {
    const user = await create(project, { primary_email: nextEmail(), password: "kept" });
    await addSession(user.row.id);
    const rowBefore = await userRow(user.row.id);
    const hashBefore = await passwordHashOf(user.row.id);
    await expectCode(
      update(other, user.row.id, { display_name: "Hijacked", password: "changed" }),
      "USER_NOT_FOUND",
    );
    expect(await userRow(user.row.id)).toEqual(rowBefore);
    expect(await passwordHashOf(user.row.id)).toBe(hashBefore);
    expect(await sessionCount(user.row.id)).toBe(1);

    const otherTeam = await createTeam(t.db, deps.ids, {
      projectId: other.id,
      displayName: "Elsewhere",
      now: t.clock(),
    });
    // Even a membership row naming the user does not count outside its own project.
    await addTeamMember(t.db, {
      projectId: other.id,
      teamId: otherTeam,
      userId: user.row.id,
      now: t.clock(),
    });
    await expectCode(
      update(project, user.row.id, { selected_team_id: otherTeam }),
      "TEAM_MEMBERSHIP_NOT_FOUND",
    );
    expect((await userRow(user.row.id))?.selectedTeamId).toBe(rowBefore?.selectedTeamId);
  });

  it("lets an address sign in once per project, in each project", async () => {
    const shared = nextEmail();
    const inProject = await create(project, {
      primary_email: shared,
      primary_email_auth_enabled: true,
    });
    const inOther = await create(other, {
      primary_email: shared,
      primary_email_auth_enabled: true,
    });
    expect(inProject.primaryEmail?.usedForAuth).toBe(true);
    expect(inOther.primaryEmail?.usedForAuth).toBe(true);
    expect(inOther.row.projectId).toBe(other.id);
  });

  it("stores the password only as a hash and the TOTP secret sealed to its user", async () => {
    const totpSecret = Buffer.from("0123456789abcdefghij").toString("base64");
    const user = await create(project, {
      primary_email: nextEmail(),
      password: "plain-text-password",
      totp_secret_base64: totpSecret,
    });
    const stored = JSON.stringify({
      row: await userRow(user.row.id),
      hash: await passwordHashOf(user.row.id),
    });
    expect(stored).not.toContain("plain-text-password");
    expect(stored).not.toContain(totpSecret);
    const sealed = (await userRow(user.row.id))?.totpSecretBase64 ?? "";
    expect(openTotpSecret(t.secrets, user.row.id, sealed)).toBe(totpSecret);
    // Copied onto another user, the sealed secret does not open.
    const victim = await create(project, { primary_email: nextEmail() });
    expect(() => openTotpSecret(t.secrets, victim.row.id, sealed)).toThrow();

    // A new secret starts a new sequence of codes.
    await t.db.update(users).set({ totpLastUsedStep: 42 }).where(eq(users.id, user.row.id));
    await update(project, user.row.id, { totp_secret_base64: totpSecret });
    expect((await userRow(user.row.id))?.totpLastUsedStep).toBeNull();
  });
});
