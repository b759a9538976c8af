/**
 * Users: loading with their primary email, selected team and password flag; the client and server
 * wire shapes (contract §1.8); creation with its side effects (personal team, default permissions),
 * updates (primary-email semantics, password change revokes sessions), deletion and listing.
 * @module
 */
import type {
  ClientUser,
  RestrictedReason,
  ServerUser,
  UserOAuthProvider,
} from "@heritage/auth-protocol";
import { knownErrors } from "@heritage/auth-protocol";
import type { Database } from "@heritage/db";
import { and, asc, desc, eq, ilike, type SQL, type Subquery, sql } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";
import {
  contactChannels,
  oauthAccounts,
  passwordCredentials,
  sessions,
  type TeamRow,
  teamMembers,
  teams,
  type UserRow,
  users,
} from "../../db/schema";
import type { AuthDeps } from "../auth-deps";
import type { ProjectConfig } from "../projects/project-config";
import type { LoadedProject } from "../projects/projects";
import { deletePasskeyCredential } from "../sign-in/passkey-credentials";
import { isSupportedBcryptHash } from "../sign-in/passwords";
import { sealTotpSecret } from "../sign-in/totp";
import { isUniqueViolation, StatusError } from "../status-error";
import {
  addTeamMember,
  createTeam,
  grantPermissions,
  isTeamMember,
  requireTeam,
  toClientTeam,
  toServerTeam,
} from "../teams/teams";
import { emitWebhookEvent } from "../webhooks/webhook-events";

export interface PrimaryEmail {
  id: string;
  value: string;
  isVerified: boolean;
  usedForAuth: boolean;
}

export interface LoadedUser {
  row: UserRow;
  primaryEmail: PrimaryEmail | null;
  selectedTeam: TeamRow | null;
  hasPassword: boolean;
  /** Linked OAuth accounts (the wire's `oauth_providers`), oldest first. */
  oauthProviders: UserOAuthProvider[];
}

const primaryEmailJoin = and(
  eq(contactChannels.userId, users.id),
  eq(contactChannels.type, "email"),
  eq(contactChannels.isPrimary, true),
);

/**
 * The user's linked OAuth accounts as the wire's `oauth_providers`, oldest first; a correlated
 * subquery keeps one row per user (a join would multiply them).
 */
const oauthProvidersOfUser = sql<UserOAuthProvider[] | null>`(
  select json_agg(json_build_object(
    'id', ${oauthAccounts.providerConfigId},
    'account_id', ${oauthAccounts.providerAccountId},
    'email', ${oauthAccounts.email}
  ) order by ${oauthAccounts.createdAt}, ${oauthAccounts.id})
  from ${oauthAccounts} where ${oauthAccounts.userId} = ${users.id}
)`;

/** What a loaded user is read with: the user, its primary e-mail, selected team and sign-in facts. */
const loadedUserFields = {
  user: users,
  emailId: contactChannels.id,
  emailValue: contactChannels.value,
  emailVerified: contactChannels.isVerified,
  emailUsedForAuth: contactChannels.usedForAuth,
  team: teams,
  hasPassword: sql<boolean>`${passwordCredentials.userId} is not null`,
  oauthProviders: oauthProvidersOfUser,
};

function selectLoadedUsers(db: Database) {
  return db
    .select(loadedUserFields)
    .from(users)
    .leftJoin(contactChannels, primaryEmailJoin)
    .leftJoin(teams, eq(teams.id, users.selectedTeamId))
    .leftJoin(passwordCredentials, eq(passwordCredentials.userId, users.id))
    .$dynamic();
}

/**
 * The user joined to a row of a WITH part, read in the statement that holds it (so in the same
 * round trip as that part's writes: services/sign-in/sessions.ts's refresh). `source` is `db.with(part)`,
 * `on` joins the part to `users`, `joinedId` is the part's column to return beside the user.
 */
export async function findUserJoinedTo(
  source: Pick<Database, "select">,
  projectId: string,
  join: { part: Subquery; on: SQL; joinedId: PgColumn | SQL.Aliased<string> },
): Promise<{ user: LoadedUser; joinedId: string } | null> {
  const [record] = await source
    .select({ ...loadedUserFields, joinedId: join.joinedId })
    .from(users)
    .innerJoin(join.part, join.on)
    .leftJoin(contactChannels, primaryEmailJoin)
    .leftJoin(teams, eq(teams.id, users.selectedTeamId))
    .leftJoin(passwordCredentials, eq(passwordCredentials.userId, users.id))
    .where(eq(users.projectId, projectId))
    .limit(1);
  return record ? { user: toLoadedUser(record), joinedId: String(record.joinedId) } : null;
}

type LoadedUserRecord = Awaited<
  ReturnType<ReturnType<typeof selectLoadedUsers>["execute"]>
>[number];

function toLoadedUser(record: LoadedUserRecord): LoadedUser {
  return {
    row: record.user,
    primaryEmail:
      record.emailId !== null && record.emailValue !== null
        ? {
            id: record.emailId,
            value: record.emailValue,
            isVerified: record.emailVerified ?? false,
            usedForAuth: record.emailUsedForAuth ?? false,
          }
        : null,
    selectedTeam: record.team,
    hasPassword: Boolean(record.hasPassword),
    oauthProviders: record.oauthProviders ?? [],
  };
}

/**
 * The user query, built once per database: Drizzle spends about as long building this statement's
 * SQL (four joins and a subquery) as PostgreSQL spends running it, and every authenticated request
 * with a token runs it. On PostgreSQL it is also a named prepared statement, parsed once per
 * connection.
 */
function prepareFindUser(db: Database) {
  return selectLoadedUsers(db)
    .where(
      and(
        eq(users.projectId, sql.placeholder("projectId")),
        eq(users.id, sql.placeholder("userId")),
      ),
    )
    .limit(1)
    .prepare("heritage_auth_find_user");
}

const preparedFindUser = new WeakMap<Database, ReturnType<typeof prepareFindUser>>();

export async function findUser(
  db: Database,
  projectId: string,
  userId: string,
): Promise<LoadedUser | null> {
  let prepared = preparedFindUser.get(db);
  if (!prepared) {
    prepared = prepareFindUser(db);
    preparedFindUser.set(db, prepared);
  }
  const [record] = await prepared.execute({ projectId, userId });
  return record ? toLoadedUser(record) : null;
}

export async function requireUser(
  db: Database,
  projectId: string,
  userId: string,
): Promise<LoadedUser> {
  const user = await findUser(db, projectId, userId);
  if (!user) throw knownErrors.userNotFound();
  return user;
}

/** Why the user is restricted, in the contract's order of precedence, or null. */
export function restrictedReasonOf(
  user: LoadedUser,
  config: ProjectConfig,
): RestrictedReason | null {
  if (user.row.isAnonymous) return { type: "anonymous" };
  if (config.onboarding.requireEmailVerification && !user.primaryEmail?.isVerified) {
    return { type: "email_not_verified" };
  }
  if (user.row.restrictedByAdmin) return { type: "restricted_by_administrator" };
  return null;
}

function clientFields(user: LoadedUser, config: ProjectConfig): Omit<ClientUser, "selected_team"> {
  const { row } = user;
  const restrictedReason = restrictedReasonOf(user, config);
  return {
    id: row.id,
    primary_email: user.primaryEmail?.value ?? null,
    primary_email_verified: user.primaryEmail?.isVerified ?? false,
    display_name: row.displayName,
    profile_image_url: row.profileImageUrl,
    signed_up_at_millis: row.signedUpAt.getTime(),
    client_metadata: (row.clientMetadata ?? null) as ClientUser["client_metadata"],
    client_read_only_metadata: (row.clientReadOnlyMetadata ??
      null) as ClientUser["client_read_only_metadata"],
    has_password: user.hasPassword,
    otp_auth_enabled: row.otpAuthEnabled,
    passkey_auth_enabled: row.passkeyAuthEnabled,
    auth_with_email: user.hasPassword || row.otpAuthEnabled,
    requires_totp_mfa: row.totpSecretBase64 !== null,
    oauth_providers: user.oauthProviders,
    selected_team_id: user.selectedTeam ? user.selectedTeam.id : null,
    is_anonymous: row.isAnonymous,
    is_restricted: restrictedReason !== null,
    restricted_reason: restrictedReason,
    restricted_by_admin: row.restrictedByAdmin,
    restricted_by_admin_reason: row.restrictedByAdminReason,
  };
}

/** The user as client access sees it. */
export function toClientUser(user: LoadedUser, config: ProjectConfig): ClientUser {
  return {
    ...clientFields(user, config),
    selected_team: user.selectedTeam ? toClientTeam(user.selectedTeam) : null,
  };
}

/** The user as server and admin access see it; every key present, risk scores included. */
export function toServerUser(user: LoadedUser, config: ProjectConfig): ServerUser {
  const { row } = user;
  return {
    ...clientFields(user, config),
    selected_team: user.selectedTeam ? toServerTeam(user.selectedTeam) : null,
    primary_email_auth_enabled: user.primaryEmail?.usedForAuth ?? false,
    last_active_at_millis: row.lastActiveAt.getTime(),
    server_metadata: (row.serverMetadata ?? null) as ServerUser["server_metadata"],
    restricted_by_admin_private_details: row.restrictedByAdminPrivateDetails,
    country_code: row.countryCode,
    risk_scores: {
      sign_up: { bot: row.riskScoreBot, free_trial_abuse: row.riskScoreFreeTrialAbuse },
    },
  };
}

/** Emails are stored and compared trimmed and lower-cased. */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

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
    throw new StatusError(400, "restricted_by_admin_reason requires restricted_by_admin=true");
  }
  if (input.restricted_by_admin_private_details && !restrictedByAdmin) {
    throw new StatusError(
      400,
      "restricted_by_admin_private_details requires restricted_by_admin=true",
    );
  }
}

/** Resolves `password` / `password_hash` to the hash to store: undefined = unchanged, null = remove. */
async function resolvePasswordHash(
  deps: WriteDeps,
  project: LoadedProject,
  input: UserWriteInput,
): Promise<string | null | undefined> {
  if (input.password !== undefined && input.password_hash !== undefined) {
    throw new StatusError(400, "Cannot set both password and password_hash at the same time.");
  }
  const wantsPassword =
    (input.password !== undefined && input.password !== null) ||
    (input.password_hash !== undefined && input.password_hash !== null);
  if (wantsPassword && !project.config.auth.password.allowSignIn) {
    throw new StatusError(400, "Password auth not enabled in the project");
  }
  if (input.password_hash !== undefined) {
    if (input.password_hash === null) return null;
    if (!isSupportedBcryptHash(input.password_hash)) {
      throw new StatusError(
        400,
        "Invalid password hash. Make sure it's a supported algorithm in Modular Crypt Format.",
      );
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

function personalTeamName(input: { displayName: string | null; email: string | null }): string {
  if (input.displayName) return `${input.displayName}'s Team`;
  if (input.email) return `${input.email}'s Team`;
  return "Personal Team";
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
  if (input.primary_email_auth_enabled && email === null) {
    throw new StatusError(400, "primary_email_auth_enabled cannot be true without primary_email");
  }
  if (input.primary_email_verified && email === null) {
    throw new StatusError(400, "primary_email_verified cannot be true without primary_email");
  }
  if (input.otp_auth_enabled && !project.config.auth.otp.allowSignIn) {
    throw new StatusError(400, "OTP auth not enabled in the project");
  }
  const restrictedByAdmin = input.restricted_by_admin ?? false;
  checkRestrictionFields(input, restrictedByAdmin);
  const passwordHash = await resolvePasswordHash(deps, project, input);
  const usedForAuth = input.primary_email_auth_enabled ?? false;
  if (email !== null && usedForAuth) await assertEmailFreeForAuth(tx, project.id, email, null);

  const userId = deps.ids.generateId();
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
  if (passwordHash) {
    await tx.insert(passwordCredentials).values({ userId, passwordHash, updatedAt: now });
  }
  const { defaultPermissions } = project.config.rbac;
  await grantPermissions(tx, deps.ids, {
    projectId: project.id,
    userId,
    teamId: null,
    permissionIds: defaultPermissions.signUp,
    now,
  });
  if (project.config.teams.createPersonalTeamOnSignUp) {
    const teamId = await createTeam(tx, deps.ids, {
      projectId: project.id,
      displayName: personalTeamName({ displayName: input.display_name ?? null, email }),
      now,
    });
    await addTeamMember(tx, { projectId: project.id, teamId, userId, now });
    const team = toServerTeam(await requireTeam(tx, project.id, teamId));
    await emitWebhookEvent(tx, project.id, "team.created", team);
    await emitWebhookEvent(tx, project.id, "team_membership.created", {
      team_id: teamId,
      user_id: userId,
    });
    await grantPermissions(tx, deps.ids, {
      projectId: project.id,
      userId,
      teamId,
      // The creator of a team gets the team-creator defaults (contract §1.7), like any creator.
      permissionIds: defaultPermissions.teamCreator,
      now,
    });
    await tx.update(users).set({ selectedTeamId: teamId }).where(eq(users.id, userId));
  }
  const created = await requireUser(tx, project.id, userId);
  await emitWebhookEvent(tx, project.id, "user.created", toServerUser(created, project.config));
  return created;
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
    if (email !== primary?.value) {
      if (primary) {
        await tx
          .update(contactChannels)
          .set({ isPrimary: false })
          .where(eq(contactChannels.id, primary.id));
      }
      if (email === null) {
        primary = null;
      } else {
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
          primary = {
            id: existing.id,
            value: existing.value,
            isVerified: existing.isVerified,
            usedForAuth: existing.usedForAuth,
          };
        } else {
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
          primary = { id, value: email, isVerified: false, usedForAuth };
        }
      }
    }
  }
  if (
    input.primary_email_verified !== undefined ||
    input.primary_email_auth_enabled !== undefined
  ) {
    if (!primary) {
      if (input.primary_email_auth_enabled) {
        throw new StatusError(
          400,
          "primary_email_auth_enabled cannot be true without primary_email",
        );
      }
      if (input.primary_email_verified) {
        throw new StatusError(400, "primary_email_verified cannot be true without primary_email");
      }
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
    primary = { ...primary, isVerified, usedForAuth };
  }
  return primary;
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
  if (input.is_anonymous === true && !user.row.isAnonymous) {
    throw new StatusError(400, "Cannot set is_anonymous to true for an existing user");
  }
  if (input.otp_auth_enabled && !project.config.auth.otp.allowSignIn) {
    throw new StatusError(400, "OTP auth not enabled in the project");
  }
  if (input.passkey_auth_enabled === true) {
    // It is true exactly when the user has a passkey; only POST /auth/passkey/register adds one.
    throw new StatusError(
      400,
      "Cannot manually enable passkey auth, it is enabled iff there is a passkey auth method",
    );
  }
  const restrictedByAdmin = input.restricted_by_admin ?? user.row.restrictedByAdmin;
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
  const passwordHash = await resolvePasswordHash(deps, project, input);

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
    // A new secret starts a new sequence of codes (see services/sign-in/totp.ts).
    changes.totpLastUsedStep = null;
  }
  if (input.otp_auth_enabled !== undefined) changes.otpAuthEnabled = input.otp_auth_enabled;
  if (input.passkey_auth_enabled === false && user.row.passkeyAuthEnabled) {
    // Turning passkey auth off is how a passkey is removed (the reference's semantics).
    await deletePasskeyCredential(tx, userId);
    changes.passkeyAuthEnabled = false;
  }
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
    // The personal team of an anonymous user is still called "Personal Team": it now gets the
    // user's name, unless the user renamed it already (as the reference does).
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
  if (passwordHash !== undefined) {
    await tx.delete(passwordCredentials).where(eq(passwordCredentials.userId, userId));
    if (passwordHash !== null) {
      await tx.insert(passwordCredentials).values({ userId, passwordHash, updatedAt: now });
    }
    // A new password ends every session: whoever knew the old one is signed out.
    await tx.delete(sessions).where(eq(sessions.userId, userId));
  }
  const updated = await requireUser(tx, project.id, userId);
  await emitWebhookEvent(tx, project.id, "user.updated", toServerUser(updated, project.config));
  return updated;
}

/** Deletes a user; sessions, memberships, permissions, channels and password go with it (cascade). */
export async function deleteUser(db: Database, projectId: string, userId: string): Promise<void> {
  // The `user.deleted` event names the teams the user was in; the memberships go with the user.
  const teamsOfUser = await db
    .select({ id: teamMembers.teamId })
    .from(teamMembers)
    .where(and(eq(teamMembers.projectId, projectId), eq(teamMembers.userId, userId)));
  const deleted = await db
    .delete(users)
    .where(and(eq(users.projectId, projectId), eq(users.id, userId)))
    .returning({ id: users.id });
  if (deleted.length === 0) throw knownErrors.userNotFound();
  await emitWebhookEvent(db, projectId, "user.deleted", { id: userId, teams: teamsOfUser });
}

export interface ListUsersOptions {
  limit?: number;
  cursor?: string;
  orderBy: "signed_up_at" | "last_active_at";
  desc: boolean;
  query?: string;
  teamId?: string;
  includeRestricted: boolean;
  includeAnonymous: boolean;
  onlyAnonymous: boolean;
}

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (character) => `\\${character}`);
}

/**
 * One page of users. `cursor` is inclusive: `nextCursor` is the id of the first user of the next page
 * (non-null only when a limit was given and more users exist).
 */
export async function listUsers(
  db: Database,
  project: LoadedProject,
  options: ListUsersOptions,
): Promise<{ users: LoadedUser[]; nextCursor: string | null }> {
  const conditions: SQL[] = [eq(users.projectId, project.id)];
  const notVerified = sql`coalesce(${contactChannels.isVerified}, false) = false`;
  const isRestricted = project.config.onboarding.requireEmailVerification
    ? sql`(${users.restrictedByAdmin} or ${notVerified})`
    : sql`${users.restrictedByAdmin}`;
  if (options.onlyAnonymous) {
    conditions.push(eq(users.isAnonymous, true));
  } else if (!options.includeAnonymous) {
    conditions.push(eq(users.isAnonymous, false));
    if (!options.includeRestricted) conditions.push(sql`not ${isRestricted}`);
  }
  if (options.teamId) {
    conditions.push(
      sql`exists (select 1 from ${teamMembers} where ${teamMembers.userId} = ${users.id} and ${teamMembers.teamId} = ${options.teamId})`,
    );
  }
  const query = options.query?.trim();
  if (query) {
    const pattern = `%${escapeLike(query)}%`;
    const matches: SQL[] = [
      ilike(users.displayName, pattern),
      sql`exists (select 1 from ${contactChannels} cc where cc.user_id = ${users.id} and cc.value ilike ${pattern})`,
    ];
    if (uuidPattern.test(query)) matches.push(eq(users.id, query.toLowerCase()));
    conditions.push(sql`(${sql.join(matches, sql` or `)})`);
  }
  const orderColumn = options.orderBy === "last_active_at" ? users.lastActiveAt : users.signedUpAt;
  if (options.cursor) {
    const columnName = sql.raw(options.orderBy);
    const comparison = sql.raw(options.desc ? "<=" : ">=");
    conditions.push(
      sql`(${orderColumn}, ${users.id}) ${comparison} (select c.${columnName}, c.id from ${users} c where c.id = ${options.cursor} and c.project_id = ${project.id})`,
    );
  }
  const direction = options.desc ? desc : asc;
  let statement = selectLoadedUsers(db)
    .where(and(...conditions))
    .orderBy(direction(orderColumn), direction(users.id));
  if (options.limit !== undefined) statement = statement.limit(options.limit + 1);
  const records = await statement;
  const page = options.limit === undefined ? records : records.slice(0, options.limit);
  const next = options.limit === undefined ? undefined : records[options.limit];
  return { users: page.map(toLoadedUser), nextCursor: next ? next.user.id : null };
}

/** Records activity (minting an access token counts). */
export async function touchUser(db: Database, userId: string, now: Date): Promise<void> {
  await db.update(users).set({ lastActiveAt: now }).where(eq(users.id, userId));
}
