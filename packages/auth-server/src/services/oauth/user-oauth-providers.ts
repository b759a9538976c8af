/**
 * A user's OAuth providers (`/oauth-providers`, the SDK's `user.listOAuthProviders()` and
 * `createOAuthProvider`): the provider accounts linked to a user, each with whether it signs the
 * user in and whether the app may use its tokens (connected accounts). Rules as the reference:
 * one sign-in account per provider per user, a provider account signs in one user only, and a user
 * links a provider account once.
 * @module
 */
import { knownErrors } from "@heritage/auth-protocol";
import type { Database } from "@heritage/db";
import { and, asc, eq, ne, type SQL } from "drizzle-orm";
import { type OAuthAccountRow, oauthAccounts } from "../../db/schema";
import type { AuthDeps } from "../auth-deps";
import type { LoadedProject } from "../projects/projects";
import { requireUser } from "../records/user-records";
import { plainErrors } from "../shared/plain-errors";
import { isUniqueViolation, type StatusError } from "../shared/status-error";
import { providerPresets } from "./provider-presets";

/** The wire object; `account_id` only for server and admin access. */
export interface UserOAuthProvider {
  user_id: string;
  id: string;
  email?: string;
  provider_config_id: string;
  type: string;
  allow_sign_in: boolean;
  allow_connected_accounts: boolean;
  account_id?: string;
}

export interface OAuthProviderUpdate {
  allow_sign_in?: boolean | undefined;
  allow_connected_accounts?: boolean | undefined;
  email?: string | undefined;
  account_id?: string | undefined;
}

export interface OAuthProviderCreate {
  user_id: string;
  provider_config_id: string;
  account_id: string;
  email?: string | undefined;
  allow_sign_in: boolean;
  allow_connected_accounts: boolean;
}

type ProviderDeps = Pick<AuthDeps, "db" | "clock" | "ids">;

/**
 * The provider type of an account: its provider's configured type, or, for a provider removed from
 * the config, the config id when it names a preset (`spotify`). Null when neither tells.
 */
function resolveProviderType(project: LoadedProject, providerConfigId: string): string | null {
  const providers = project.config.auth.oauth.providers;
  if (Object.hasOwn(providers, providerConfigId)) {
    return providers[providerConfigId]?.type ?? null;
  }
  return Object.hasOwn(providerPresets, providerConfigId) ? providerConfigId : null;
}

function notConfigured(providerConfigId: string): StatusError {
  return plainErrors.oauthProviderNotConfigured(providerConfigId);
}

function toWire(row: OAuthAccountRow, type: string, includeAccountId: boolean): UserOAuthProvider {
  return {
    user_id: row.userId,
    id: row.id,
    ...(row.email ? { email: row.email } : {}),
    provider_config_id: row.providerConfigId,
    type,
    allow_sign_in: row.allowSignIn,
    allow_connected_accounts: row.allowConnectedAccounts,
    ...(includeAccountId ? { account_id: row.providerAccountId } : {}),
  };
}

function toWireOrThrow(project: LoadedProject, row: OAuthAccountRow, includeAccountId: boolean) {
  const type = resolveProviderType(project, row.providerConfigId);
  if (type === null) throw notConfigured(row.providerConfigId);
  return toWire(row, type, includeAccountId);
}

/** The user's account `providerId`, or text 404 as the reference words it. */
async function requireUserAccount(
  db: Database,
  project: LoadedProject,
  userId: string,
  providerId: string,
): Promise<OAuthAccountRow> {
  await requireUser(db, project.id, userId);
  const [row] = await db
    .select()
    .from(oauthAccounts)
    .where(
      and(
        eq(oauthAccounts.projectId, project.id),
        eq(oauthAccounts.userId, userId),
        eq(oauthAccounts.id, providerId),
      ),
    )
    .limit(1);
  if (!row) {
    throw plainErrors.userOAuthProviderNotFound(providerId, userId);
  }
  return row;
}

async function hasOtherAccount(db: Database, conditions: SQL[], exceptId: string | null) {
  const where = exceptId === null ? conditions : [...conditions, ne(oauthAccounts.id, exceptId)];
  const rows = await db
    .select({ id: oauthAccounts.id })
    .from(oauthAccounts)
    .where(and(...where))
    .limit(1);
  return rows.length > 0;
}

/**
 * The checks of a create or update, in the reference's order. `enablesSignIn`: the request turns
 * sign-in on; `signsIn`: the account will sign in afterwards; `accountId` set when it changes.
 */
async function checkAccountRules(
  db: Database,
  input: {
    projectId: string;
    userId: string;
    providerConfigId: string;
    exceptId: string | null;
    enablesSignIn: boolean;
    signsIn: boolean;
    accountId: string | null;
    effectiveAccountId: string;
  },
): Promise<void> {
  const base = [
    eq(oauthAccounts.projectId, input.projectId),
    eq(oauthAccounts.providerConfigId, input.providerConfigId),
  ];
  if (
    input.enablesSignIn &&
    (await hasOtherAccount(
      db,
      [...base, eq(oauthAccounts.userId, input.userId), eq(oauthAccounts.allowSignIn, true)],
      input.exceptId,
    ))
  ) {
    throw plainErrors.oauthProviderSignInTypeExists();
  }
  if (
    input.accountId !== null &&
    (await hasOtherAccount(
      db,
      [
        ...base,
        eq(oauthAccounts.userId, input.userId),
        eq(oauthAccounts.providerAccountId, input.accountId),
      ],
      input.exceptId,
    ))
  ) {
    throw plainErrors.oauthProviderAccountExists();
  }
  if (
    input.signsIn &&
    (input.enablesSignIn || input.accountId !== null) &&
    (await hasOtherAccount(
      db,
      [
        ...base,
        eq(oauthAccounts.providerAccountId, input.effectiveAccountId),
        eq(oauthAccounts.allowSignIn, true),
      ],
      input.exceptId,
    ))
  ) {
    throw knownErrors.oauthProviderAccountIdAlreadyUsedForSignIn();
  }
}

/** Two writers at once: the unique indexes settle what the checks above could not. */
function rethrowAccountConflict(error: unknown): never {
  if (isUniqueViolation(error, "oauth_accounts_provider_account_unique")) {
    throw knownErrors.oauthProviderAccountIdAlreadyUsedForSignIn();
  }
  if (isUniqueViolation(error, "oauth_accounts_user_provider_account_unique")) {
    throw plainErrors.oauthProviderAccountExists();
  }
  throw error;
}

/**
 * The OAuth providers of one user, or of every user of the project (`userId` undefined), oldest
 * first; accounts whose provider type cannot be told are left out.
 */
export async function listUserOAuthProviders(
  db: Database,
  project: LoadedProject,
  userId: string | undefined,
  includeAccountId: boolean,
): Promise<UserOAuthProvider[]> {
  const conditions = [eq(oauthAccounts.projectId, project.id)];
  if (userId !== undefined) {
    await requireUser(db, project.id, userId);
    conditions.push(eq(oauthAccounts.userId, userId));
  }
  const rows = await db
    .select()
    .from(oauthAccounts)
    .where(and(...conditions))
    .orderBy(asc(oauthAccounts.createdAt), asc(oauthAccounts.id));
  return rows.flatMap((row) => {
    const type = resolveProviderType(project, row.providerConfigId);
    return type === null ? [] : [toWire(row, type, includeAccountId)];
  });
}

export async function getUserOAuthProvider(
  db: Database,
  project: LoadedProject,
  userId: string,
  providerId: string,
  includeAccountId: boolean,
): Promise<UserOAuthProvider> {
  const row = await requireUserAccount(db, project, userId, providerId);
  return toWireOrThrow(project, row, includeAccountId);
}

/** Changes the given fields; checks run against the values the account will have. */
export async function updateUserOAuthProvider(
  db: Database,
  project: LoadedProject,
  userId: string,
  providerId: string,
  update: OAuthProviderUpdate,
  includeAccountId: boolean,
): Promise<UserOAuthProvider> {
  const existing = await requireUserAccount(db, project, userId, providerId);
  const accountIdChanges =
    update.account_id !== undefined && update.account_id !== existing.providerAccountId;
  await checkAccountRules(db, {
    projectId: project.id,
    userId,
    providerConfigId: existing.providerConfigId,
    exceptId: existing.id,
    enablesSignIn: update.allow_sign_in === true,
    signsIn: update.allow_sign_in ?? existing.allowSignIn,
    accountId: accountIdChanges ? (update.account_id ?? null) : null,
    effectiveAccountId: update.account_id ?? existing.providerAccountId,
  });
  const changes = {
    ...(update.allow_sign_in === undefined ? {} : { allowSignIn: update.allow_sign_in }),
    ...(update.allow_connected_accounts === undefined
      ? {}
      : { allowConnectedAccounts: update.allow_connected_accounts }),
    ...(update.email === undefined ? {} : { email: update.email }),
    ...(update.account_id === undefined ? {} : { providerAccountId: update.account_id }),
  };
  let row = existing;
  if (Object.keys(changes).length > 0) {
    try {
      const [updated] = await db
        .update(oauthAccounts)
        .set(changes)
        .where(eq(oauthAccounts.id, existing.id))
        .returning();
      // Deleted in between: answer as if it had never been there.
      if (!updated) {
        throw plainErrors.userOAuthProviderNotFound(providerId, userId);
      }
      row = updated;
    } catch (error) {
      rethrowAccountConflict(error);
    }
  }
  return toWireOrThrow(project, row, includeAccountId);
}

export async function deleteUserOAuthProvider(
  db: Database,
  project: LoadedProject,
  userId: string,
  providerId: string,
): Promise<void> {
  const existing = await requireUserAccount(db, project, userId, providerId);
  // The account's provider tokens go with it (foreign key cascade).
  await db.delete(oauthAccounts).where(eq(oauthAccounts.id, existing.id));
}

/** Links a provider account to a user by the server API, without an OAuth flow. */
export async function createUserOAuthProvider(
  deps: ProviderDeps,
  project: LoadedProject,
  input: OAuthProviderCreate,
): Promise<UserOAuthProvider> {
  const providers = project.config.auth.oauth.providers;
  if (!Object.hasOwn(providers, input.provider_config_id)) {
    throw notConfigured(input.provider_config_id);
  }
  await requireUser(deps.db, project.id, input.user_id);
  await checkAccountRules(deps.db, {
    projectId: project.id,
    userId: input.user_id,
    providerConfigId: input.provider_config_id,
    exceptId: null,
    enablesSignIn: input.allow_sign_in,
    signsIn: input.allow_sign_in,
    accountId: input.account_id,
    effectiveAccountId: input.account_id,
  });
  try {
    const [row] = await deps.db
      .insert(oauthAccounts)
      .values({
        id: deps.ids.generateId(),
        projectId: project.id,
        userId: input.user_id,
        providerConfigId: input.provider_config_id,
        providerAccountId: input.account_id,
        email: input.email ?? null,
        allowSignIn: input.allow_sign_in,
        allowConnectedAccounts: input.allow_connected_accounts,
        createdAt: deps.clock(),
      })
      .returning();
    if (!row) throw new Error("Inserting an OAuth account returned no row");
    return toWireOrThrow(project, row, true);
  } catch (error) {
    rethrowAccountConflict(error);
  }
}
