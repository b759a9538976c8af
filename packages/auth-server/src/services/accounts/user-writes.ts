/**
 * Writing users: creation with its side effects (primary e-mail, password, default permissions,
 * personal team), updates (primary-email semantics; a password change revokes sessions; an
 * anonymous user signing up renames its personal team). Both run inside the caller's transaction
 * and emit the webhook events of what they changed.
 * @module
 */
import { knownErrors } from "@heritage/auth-protocol";
import type { Database } from "@heritage/db";
import { and, eq, sql } from "drizzle-orm";
import {
  contactChannels,
  passwordCredentials,
  sessions,
  teamMembers,
  teams,
  users,
} from "../../db/schema";
import type { AuthDeps } from "../auth-deps";
import { deletePasskeyCredential } from "../credentials/passkey-credentials";
import { sealTotpSecret } from "../credentials/totp";
import { isSupportedBcryptHash } from "../password-hashing/passwords";
import { grantFreeDashboardPlan } from "../product-grants/dashboard-plans";
import type { LoadedProject } from "../projects/projects";
import { toServerTeam } from "../records/team-wire";
import {
  type LoadedUser,
  normalizeEmail,
  type PrimaryEmail,
  requireUser,
} from "../records/user-records";
import { toServerUser } from "../records/user-wire";
import { plainErrors } from "../shared/plain-errors";
import { isUniqueViolation } from "../shared/status-error";
import {
  addTeamMember,
  createTeam,
  grantPermissions,
  isTeamMember,
  requireTeam,
} from "../teams/teams";
import { emitWebhookEvent } from "../webhooks/webhook-events";

/** The writable user fields, as the wire names them (POST/PATCH /users, PATCH /users/me). */
export interface UserWriteInput {
  primary_email?: string | null;
  primary_email_verified?: boolean;
  primary_email_auth_enabled?: boolean;
  password?: string | null;
  password_hash?: string | null;
  otp_auth_enabled?: boolean;
  passkey_auth_enabled?: boolean;
  display_name?: string | null;
  profile_image_url?: string | null;
  client_metadata?: unknown;
  client_read_only_metadata?: unknown;
  server_metadata?: unknown;
  totp_secret_base64?: string | null;
  is_anonymous?: boolean;
  selected_team_id?: string | null;
  restricted_by_admin?: boolean;
  restricted_by_admin_reason?: string | null;
  restricted_by_admin_private_details?: string | null;
  country_code?: string | null;
  risk_scores?: { sign_up: { bot: number; free_trial_abuse: number } };
}

/** `secrets` is needed only to store a TOTP secret. */
type WriteDeps = Pick<AuthDeps, "ids" | "passwords" | "clock"> & Partial<Pick<AuthDeps, "secrets">>;

function checkRestrictionFields(input: UserWriteInput, restrictedByAdmin: boolean): void {
  if (input.restricted_by_admin_reason && !restrictedByAdmin) {
    throw plainErrors.restrictedReasonWithoutRestriction();
  }
  if (input.restricted_by_admin_private_details && !restrictedByAdmin) {
    throw plainErrors.restrictedDetailsWithoutRestriction();
  }
}

/** The flags of the primary e-mail need an address to apply to. */
function checkPrimaryEmailFlags(input: UserWriteInput): void {
  if (input.primary_email_auth_enabled) {
    throw plainErrors.primaryEmailAuthWithoutEmail();
  }
  if (input.primary_email_verified) {
    throw plainErrors.primaryEmailVerifiedWithoutEmail();
  }
}

function checkOtpAllowed(project: LoadedProject, input: UserWriteInput): void {
  if (input.otp_auth_enabled && !project.config.auth.otp.allowSignIn) {
    throw plainErrors.otpAuthNotEnabled();
  }
}

/** Resolves `password` / `password_hash` to the hash to store: undefined = unchanged, null = remove. */
async function resolvePasswordHash(
  deps: WriteDeps,
  project: LoadedProject,
  input: UserWriteInput,
): Promise<string | null | undefined> {
  if (input.password !== undefined && input.password_hash !== undefined) {
    throw plainErrors.passwordAndHashTogether();
  }
  const wantsPassword =
    (input.password !== undefined && input.password !== null) ||
    (input.password_hash !== undefined && input.password_hash !== null);
  if (wantsPassword && !project.config.auth.password.allowSignIn) {
    throw plainErrors.passwordAuthNotEnabled();
  }
  if (input.password_hash !== undefined) {
    if (input.password_hash === null) return null;
    if (!isSupportedBcryptHash(input.password_hash)) {
      throw plainErrors.invalidPasswordHash();
    }
    return input.password_hash;
  }
  if (input.password === undefined) return undefined;
  if (input.password === null) return null;
  return deps.passwords.hashPassword(input.password);
}

async function assertEmailFreeForAuth(
  db: Database,
  projectId: string,
  email: string,
  exceptUserId: string | null,
): Promise<void> {
  const [existing] = await db
    .select({ userId: contactChannels.userId })
    .from(contactChannels)
    .where(
      and(
        eq(contactChannels.projectId, projectId),
        eq(contactChannels.type, "email"),
        eq(contactChannels.value, email),
        eq(contactChannels.usedForAuth, true),
      ),
    )
    .limit(1);
  if (existing && existing.userId !== exceptUserId) {
    throw knownErrors.userEmailAlreadyExists({ email, would_work_if_email_was_verified: false });
  }
}

// The partial unique index settles races between concurrent sign-ups with the same address.
function rethrowEmailConflict(error: unknown, email: string | null): never {
  if (email !== null && isUniqueViolation(error, "contact_channels_auth_value_unique")) {
    throw knownErrors.userEmailAlreadyExists({ email, would_work_if_email_was_verified: false });
  }
  throw error;
}

/** The name of a team made for one user: "{display name}'s Team", "{e-mail}'s Team", or "Personal Team". */
export function personalTeamName(input: {
  displayName: string | null;
  email: string | null;
}): string {
  if (input.displayName) return `${input.displayName}'s Team`;
  if (input.email) return `${input.email}'s Team`;
  return "Personal Team";
}

/** What a new user is created from, once its input has passed the checks. */
interface NewUser {
  userId: string;
  email: string | null;
  usedForAuth: boolean;
  restrictedByAdmin: boolean;
  now: Date;
}

/** The user's row and its primary e-mail channel. */
async function insertUserRows(
  tx: Database,
  deps: WriteDeps,
  project: LoadedProject,
  input: UserWriteInput,
  user: NewUser,
): Promise<void> {
  const { userId, email, usedForAuth, restrictedByAdmin, now } = user;
  try {
    await tx.insert(users).values({
      id: userId,
      projectId: project.id,
      displayName: input.display_name ?? null,
      profileImageUrl: input.profile_image_url ?? null,
      clientMetadata: input.client_metadata ?? null,
      clientReadOnlyMetadata: input.client_read_only_metadata ?? null,
      serverMetadata: input.server_metadata ?? null,
      isAnonymous: input.is_anonymous ?? false,
      restrictedByAdmin,
      restrictedByAdminReason: restrictedByAdmin
        ? (input.restricted_by_admin_reason ?? null)
        : null,
      restrictedByAdminPrivateDetails: restrictedByAdmin
        ? (input.restricted_by_admin_private_details ?? null)
        : null,
      countryCode: input.country_code ?? null,
      riskScoreBot: input.risk_scores?.sign_up.bot ?? 0,
      riskScoreFreeTrialAbuse: input.risk_scores?.sign_up.free_trial_abuse ?? 0,
      otpAuthEnabled: input.otp_auth_enabled ?? false,
      // True only once a passkey is registered (POST /auth/passkey/register), as in the reference.
      passkeyAuthEnabled: false,
      totpSecretBase64:
        input.totp_secret_base64 == null
          ? null
          : sealTotpSecret(deps.secrets, userId, input.totp_secret_base64),
      signedUpAt: now,
      lastActiveAt: now,
    });
    if (email !== null) {
      await tx.insert(contactChannels).values({
        id: deps.ids.generateId(),
        projectId: project.id,
        userId,
        type: "email",
        value: email,
        isPrimary: true,
        isVerified: input.primary_email_verified ?? false,
        usedForAuth,
        createdAt: now,
      });
    }
  } catch (error) {
    rethrowEmailConflict(error, email);
  }
}

/**
 * The personal team of a new user (when the project wants one): created with the user as member
 * and team creator, announced, and selected.
 */
async function createPersonalTeam(
  tx: Database,
  deps: WriteDeps,
  project: LoadedProject,
  input: UserWriteInput,
  user: NewUser,
): Promise<void> {
  const { userId, email, now } = user;
  const teamId = await createTeam(tx, deps.ids, {
    projectId: project.id,
    displayName: personalTeamName({ displayName: input.display_name ?? null, email }),
    now,
  });
  await grantFreeDashboardPlan(tx, deps.ids, project, teamId, now);
  await addTeamMember(tx, { projectId: project.id, teamId, userId, now });
  const team = toServerTeam(await requireTeam(tx, project.id, teamId));
  // As the reference (its personal team is a team created with a creator): team.created alone.
  await emitWebhookEvent(tx, project.id, "team.created", team);
  await grantPermissions(tx, deps.ids, {
    projectId: project.id,
    userId,
    teamId,
    // The creator of a team gets the team-creator defaults (contract §1.7), like any creator.
    permissionIds: project.config.rbac.defaultPermissions.teamCreator,
    now,
  });
  await tx.update(users).set({ selectedTeamId: teamId }).where(eq(users.id, userId));
}

/**
 * Creates a user with its primary email, password, default permissions and (if the project wants it)
 * a personal team that becomes the selected team. Run it inside a transaction.
 */
export async function createUser(
  tx: Database,
  deps: WriteDeps,
  project: LoadedProject,
  input: UserWriteInput,
): Promise<LoadedUser> {
  const now = deps.clock();
  const email =
    input.primary_email === undefined || input.primary_email === null
      ? null
      : normalizeEmail(input.primary_email);
  if (email === null) checkPrimaryEmailFlags(input);
  checkOtpAllowed(project, input);
  const restrictedByAdmin = input.restricted_by_admin ?? false;
  checkRestrictionFields(input, restrictedByAdmin);
  const passwordHash = await resolvePasswordHash(deps, project, input);
  const usedForAuth = input.primary_email_auth_enabled ?? false;
  if (email !== null && usedForAuth) await assertEmailFreeForAuth(tx, project.id, email, null);

  const user: NewUser = {
    userId: deps.ids.generateId(),
    email,
    usedForAuth,
    restrictedByAdmin,
    now,
  };
  const { userId } = user;
  await insertUserRows(tx, deps, project, input, user);
  if (passwordHash) {
    await tx.insert(passwordCredentials).values({ userId, passwordHash, updatedAt: now });
  }
  await grantPermissions(tx, deps.ids, {
    projectId: project.id,
    userId,
    teamId: null,
    permissionIds: project.config.rbac.defaultPermissions.signUp,
    now,
  });
  if (project.config.teams.createPersonalTeamOnSignUp) {
    await createPersonalTeam(tx, deps, project, input, user);
  }
  const created = await requireUser(tx, project.id, userId);
  await emitWebhookEvent(tx, project.id, "user.created", toServerUser(created, project.config));
  return created;
}

/**
 * Makes `email` the user's primary address (null: none): an address the user already has becomes
 * primary, a new one is added unverified, keeping whether the old primary signed in.
 */
async function changePrimaryAddress(
  tx: Database,
  deps: WriteDeps,
  user: LoadedUser,
  email: string | null,
  now: Date,
): Promise<PrimaryEmail | null> {
  const primary = user.primaryEmail;
  if (primary) {
    await tx
      .update(contactChannels)
      .set({ isPrimary: false })
      .where(eq(contactChannels.id, primary.id));
  }
  if (email === null) return null;
  const [existing] = await tx
    .select()
    .from(contactChannels)
    .where(
      and(
        eq(contactChannels.userId, user.row.id),
        eq(contactChannels.type, "email"),
        eq(contactChannels.value, email),
      ),
    )
    .limit(1);
  if (existing) {
    await tx
      .update(contactChannels)
      .set({ isPrimary: true })
      .where(eq(contactChannels.id, existing.id));
    return {
      id: existing.id,
      value: existing.value,
      isVerified: existing.isVerified,
      usedForAuth: existing.usedForAuth,
    };
  }
  const usedForAuth = primary?.usedForAuth ?? false;
  if (usedForAuth) await assertEmailFreeForAuth(tx, user.row.projectId, email, null);
  const id = deps.ids.generateId();
  await tx.insert(contactChannels).values({
    id,
    projectId: user.row.projectId,
    userId: user.row.id,
    type: "email",
    value: email,
    isPrimary: true,
    isVerified: false,
    usedForAuth,
    createdAt: now,
  });
  return { id, value: email, isVerified: false, usedForAuth };
}

/** Sets `primary_email_verified` / `primary_email_auth_enabled` on the primary address. */
async function updatePrimaryFlags(
  tx: Database,
  user: LoadedUser,
  primary: PrimaryEmail | null,
  input: UserWriteInput,
): Promise<PrimaryEmail | null> {
  if (!primary) {
    checkPrimaryEmailFlags(input);
    return primary;
  }
  const isVerified = input.primary_email_verified ?? primary.isVerified;
  const usedForAuth = input.primary_email_auth_enabled ?? primary.usedForAuth;
  if (usedForAuth && !primary.usedForAuth) {
    await assertEmailFreeForAuth(tx, user.row.projectId, primary.value, user.row.id);
  }
  await tx
    .update(contactChannels)
    .set({ isVerified, usedForAuth })
    .where(eq(contactChannels.id, primary.id));
  return { ...primary, isVerified, usedForAuth };
}

async function updatePrimaryEmail(
  tx: Database,
  deps: WriteDeps,
  user: LoadedUser,
  input: UserWriteInput,
): Promise<PrimaryEmail | null> {
  const now = deps.clock();
  let primary = user.primaryEmail;
  if (input.primary_email !== undefined) {
    const email = input.primary_email === null ? null : normalizeEmail(input.primary_email);
    if (email !== primary?.value) primary = await changePrimaryAddress(tx, deps, user, email, now);
  }
  if (
    input.primary_email_verified !== undefined ||
    input.primary_email_auth_enabled !== undefined
  ) {
    primary = await updatePrimaryFlags(tx, user, primary, input);
  }
  return primary;
}

/** The refusals of an update that come before anything is written. */
async function checkUserUpdate(
  tx: Database,
  project: LoadedProject,
  user: LoadedUser,
  userId: string,
  input: UserWriteInput,
  restrictedByAdmin: boolean,
): Promise<void> {
  if (input.is_anonymous === true && !user.row.isAnonymous) {
    throw plainErrors.anonymousForExistingUser();
  }
  checkOtpAllowed(project, input);
  if (input.passkey_auth_enabled === true) {
    // It is true exactly when the user has a passkey; only POST /auth/passkey/register adds one.
    throw plainErrors.passkeyAuthNotManual();
  }
  checkRestrictionFields(input, restrictedByAdmin);
  if (input.selected_team_id) {
    const isMember = await isTeamMember(tx, project.id, input.selected_team_id, userId);
    if (!isMember) {
      throw knownErrors.teamMembershipNotFound({
        team_id: input.selected_team_id,
        user_id: userId,
      });
    }
  }
}

/** The columns of the user's row an update changes (passkey removal aside). */
function userRowChanges(
  deps: WriteDeps,
  user: LoadedUser,
  userId: string,
  input: UserWriteInput,
  restrictedByAdmin: boolean,
  now: Date,
): Partial<typeof users.$inferInsert> {
  const changes: Partial<typeof users.$inferInsert> = {};
  if (input.display_name !== undefined) changes.displayName = input.display_name;
  if (input.profile_image_url !== undefined) changes.profileImageUrl = input.profile_image_url;
  if (input.client_metadata !== undefined) changes.clientMetadata = input.client_metadata;
  if (input.client_read_only_metadata !== undefined) {
    changes.clientReadOnlyMetadata = input.client_read_only_metadata;
  }
  if (input.server_metadata !== undefined) changes.serverMetadata = input.server_metadata;
  if (input.selected_team_id !== undefined) changes.selectedTeamId = input.selected_team_id;
  if (input.totp_secret_base64 !== undefined) {
    changes.totpSecretBase64 =
      input.totp_secret_base64 === null
        ? null
        : sealTotpSecret(deps.secrets, userId, input.totp_secret_base64);
    // A new secret starts a new sequence of codes (see services/credentials/totp.ts).
    changes.totpLastUsedStep = null;
  }
  if (input.otp_auth_enabled !== undefined) changes.otpAuthEnabled = input.otp_auth_enabled;
  if (input.country_code !== undefined) changes.countryCode = input.country_code;
  if (input.risk_scores !== undefined) {
    changes.riskScoreBot = input.risk_scores.sign_up.bot;
    changes.riskScoreFreeTrialAbuse = input.risk_scores.sign_up.free_trial_abuse;
  }
  if (input.restricted_by_admin !== undefined) changes.restrictedByAdmin = restrictedByAdmin;
  if (!restrictedByAdmin) {
    changes.restrictedByAdminReason = null;
    changes.restrictedByAdminPrivateDetails = null;
  } else {
    if (input.restricted_by_admin_reason !== undefined) {
      changes.restrictedByAdminReason = input.restricted_by_admin_reason;
    }
    if (input.restricted_by_admin_private_details !== undefined) {
      changes.restrictedByAdminPrivateDetails = input.restricted_by_admin_private_details;
    }
  }
  // Upgrading an anonymous user: it signs up now.
  if (input.is_anonymous === false && user.row.isAnonymous) {
    changes.isAnonymous = false;
    changes.signedUpAt = now;
  }
  return changes;
}

/**
 * The personal team of an anonymous user is still called "Personal Team": once the user signs up
 * it gets the user's name, unless the user renamed it already (as the reference does).
 */
async function renamePersonalTeamOfSignedUpUser(
  tx: Database,
  project: LoadedProject,
  userId: string,
  input: UserWriteInput,
): Promise<void> {
  await tx
    .update(teams)
    .set({
      displayName: personalTeamName({
        displayName: input.display_name ?? null,
        email: input.primary_email ? normalizeEmail(input.primary_email) : null,
      }),
    })
    .where(
      and(
        eq(teams.projectId, project.id),
        eq(teams.displayName, personalTeamName({ displayName: null, email: null })),
        sql`${teams.id} in (select ${teamMembers.teamId} from ${teamMembers} where ${teamMembers.userId} = ${userId})`,
      ),
    );
}

/** Stores the new password hash (null: none) and ends every session of the user. */
async function replacePassword(
  tx: Database,
  userId: string,
  passwordHash: string | null,
  now: Date,
): Promise<void> {
  await tx.delete(passwordCredentials).where(eq(passwordCredentials.userId, userId));
  if (passwordHash !== null) {
    await tx.insert(passwordCredentials).values({ userId, passwordHash, updatedAt: now });
  }
  // A new password ends every session: whoever knew the old one is signed out.
  await tx.delete(sessions).where(eq(sessions.userId, userId));
}

/**
 * Applies an update. Changing the password (or password hash) revokes every session of the user.
 * Run it inside a transaction.
 */
export async function updateUser(
  tx: Database,
  deps: WriteDeps,
  project: LoadedProject,
  userId: string,
  input: UserWriteInput,
): Promise<LoadedUser> {
  const user = await requireUser(tx, project.id, userId);
  const now = deps.clock();
  const restrictedByAdmin = input.restricted_by_admin ?? user.row.restrictedByAdmin;
  await checkUserUpdate(tx, project, user, userId, input, restrictedByAdmin);
  const passwordHash = await resolvePasswordHash(deps, project, input);

  const changes = userRowChanges(deps, user, userId, input, restrictedByAdmin, now);
  if (input.passkey_auth_enabled === false && user.row.passkeyAuthEnabled) {
    // Turning passkey auth off is how a passkey is removed (the reference's semantics).
    await deletePasskeyCredential(tx, userId);
    changes.passkeyAuthEnabled = false;
  }
  try {
    await updatePrimaryEmail(tx, deps, user, input);
  } catch (error) {
    rethrowEmailConflict(
      error,
      input.primary_email
        ? normalizeEmail(input.primary_email)
        : (user.primaryEmail?.value ?? null),
    );
  }
  if (Object.keys(changes).length > 0) {
    await tx.update(users).set(changes).where(eq(users.id, userId));
  }
  if (changes.isAnonymous === false) {
    await renamePersonalTeamOfSignedUpUser(tx, project, userId, input);
  }
  if (passwordHash !== undefined) await replacePassword(tx, userId, passwordHash, now);
  const updated = await requireUser(tx, project.id, userId);
  await emitWebhookEvent(tx, project.id, "user.updated", toServerUser(updated, project.config));
  return updated;
}
