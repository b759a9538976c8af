/**
 * Who an OAuth callback signs in (contract §2.16): linking a provider account to the token's user,
 * signing in the user an account already belongs to, merging by e-mail according to
 * `auth.oauth.accountMergeStrategy`, upgrading an anonymous user, or signing a new user up. Also
 * keeps the provider's tokens for connected accounts.
 * @module
 */
import { knownErrors } from "@heritage/auth-protocol";
import type { Database } from "@heritage/db";
import { and, eq } from "drizzle-orm";
import { contactChannels, type OAuthAccountRow, oauthAccounts, oauthTokens } from "../../db/schema";
import { createUser, updateUser } from "../accounts/user-writes";
import type { AuthDeps } from "../auth-deps";
import type { LoadedProject } from "../projects/projects";
import { findUser, type LoadedUser, normalizeEmail, requireUser } from "../records/user-records";
import { plainErrors } from "../shared/plain-errors";
import { isUniqueViolation } from "../shared/status-error";
import {
  applySignUpRules,
  createSignUpRuleContext,
  signUpCountryFields,
} from "../sign-up-rules/sign-up-rules";
import type { ProviderTokenSet } from "./provider-client";
import type { ProviderProfile } from "./provider-presets";
import { providerTokenSecret, sealProviderToken } from "./provider-token-seal";

type AccountDeps = Pick<AuthDeps, "db" | "clock" | "ids" | "passwords" | "logger">;

export interface OAuthSignInResult {
  user: LoadedUser;
  isNewUser: boolean;
  account: OAuthAccountRow;
}

/**
 * The account a provider account signs in with (at most one: `allow_sign_in` accounts are unique per
 * provider account), or with `userId` the user's own account of that provider account.
 */
async function findAccount(
  db: Database,
  projectId: string,
  providerId: string,
  accountId: string,
  owner: { signIn: true } | { userId: string } = { signIn: true },
): Promise<OAuthAccountRow | null> {
  const [row] = await db
    .select()
    .from(oauthAccounts)
    .where(
      and(
        eq(oauthAccounts.projectId, projectId),
        eq(oauthAccounts.providerConfigId, providerId),
        eq(oauthAccounts.providerAccountId, accountId),
        "userId" in owner
          ? eq(oauthAccounts.userId, owner.userId)
          : eq(oauthAccounts.allowSignIn, true),
      ),
    )
    .limit(1);
  return row ?? null;
}

async function insertAccount(
  tx: Database,
  deps: AccountDeps,
  input: { projectId: string; userId: string; providerId: string; profile: ProviderProfile },
): Promise<OAuthAccountRow> {
  try {
    const [row] = await tx
      .insert(oauthAccounts)
      .values({
        id: deps.ids.generateId(),
        projectId: input.projectId,
        userId: input.userId,
        providerConfigId: input.providerId,
        providerAccountId: input.profile.accountId,
        email: input.profile.email,
        createdAt: deps.clock(),
      })
      .returning();
    if (!row) throw new Error("Inserting an OAuth account returned no row");
    return row;
  } catch (error) {
    // Two callbacks for the same provider account at once: the unique constraint settles it.
    if (isUniqueViolation(error, "oauth_accounts_provider_account_unique")) {
      throw knownErrors.oauthConnectionAlreadyConnectedToAnotherUser();
    }
    // The user (found by e-mail) has this account linked already, with sign-in turned off: it
    // must not sign them in by the back door of the merge strategy.
    if (isUniqueViolation(error, "oauth_accounts_user_provider_account_unique")) {
      throw plainErrors.oauthSignInTurnedOff();
    }
    throw error;
  }
}

/** The user whose verified-or-not auth e-mail this is, if any. */
async function findAuthEmailOwner(db: Database, projectId: string, email: string) {
  const [row] = await db
    .select({ userId: contactChannels.userId, isVerified: contactChannels.isVerified })
    .from(contactChannels)
    .where(
      and(
        eq(contactChannels.projectId, projectId),
        eq(contactChannels.type, "email"),
        eq(contactChannels.value, normalizeEmail(email)),
        eq(contactChannels.usedForAuth, true),
      ),
    )
    .limit(1);
  return row ?? null;
}

/** `type=link`: attaches the provider account to the signed-in user. */
export async function linkOAuthAccount(
  deps: AccountDeps,
  project: LoadedProject,
  input: { providerId: string; profile: ProviderProfile; userId: string },
): Promise<OAuthSignInResult> {
  const user = await requireUser(deps.db, project.id, input.userId);
  const own = await findAccount(deps.db, project.id, input.providerId, input.profile.accountId, {
    userId: user.row.id,
  });
  if (own) return { user, isNewUser: false, account: own };
  const signsInElsewhere = await findAccount(
    deps.db,
    project.id,
    input.providerId,
    input.profile.accountId,
  );
  if (signsInElsewhere) throw knownErrors.oauthConnectionAlreadyConnectedToAnotherUser();
  const account = await insertAccount(deps.db, deps, {
    projectId: project.id,
    userId: user.row.id,
    providerId: input.providerId,
    profile: input.profile,
  });
  return { user, isNewUser: false, account };
}

/**
 * `type=authenticate`: the account's user if the account is known; otherwise the e-mail merge
 * strategy decides between linking to the address's owner, refusing, or a separate new user.
 */
export async function signInWithOAuthAccount(
  deps: AccountDeps,
  project: LoadedProject,
  input: {
    providerId: string;
    profile: ProviderProfile;
    /** The user of the authorize request's token: an anonymous one is upgraded, not replaced. */
    currentUserId: string | null;
    /** The geo country of the request that finishes the sign-in (http/end-user-country.ts). */
    countryCode: string | null;
  },
): Promise<OAuthSignInResult> {
  const { profile } = input;
  const existing = await findAccount(deps.db, project.id, input.providerId, profile.accountId);
  if (existing) {
    const user = await requireUser(deps.db, project.id, existing.userId);
    return { user, isNewUser: false, account: existing };
  }

  let emailUsedForAuth = profile.email !== null;
  if (profile.email !== null) {
    const owner = await findAuthEmailOwner(deps.db, project.id, profile.email);
    if (owner) {
      const strategy = project.config.auth.oauth.accountMergeStrategy;
      if (strategy === "allow_duplicates") {
        // A second account with the same address, which then cannot sign in by e-mail.
        emailUsedForAuth = false;
      } else if (strategy === "link_method" && owner.isVerified && profile.emailVerified) {
        const account = await insertAccount(deps.db, deps, {
          projectId: project.id,
          userId: owner.userId,
          providerId: input.providerId,
          profile,
        });
        const user = await requireUser(deps.db, project.id, owner.userId);
        return { user, isNewUser: false, account };
      } else {
        throw knownErrors.contactChannelAlreadyUsedForAuthBySomeoneElse({
          type: "email",
          contact_channel_value: normalizeEmail(profile.email),
          would_work_if_email_was_verified: strategy === "link_method",
        });
      }
    }
  }

  // The token's user may have been deleted since the authorize request: then nobody is upgraded.
  const anonymous = input.currentUserId
    ? await findUser(deps.db, project.id, input.currentUserId)
    : null;
  const upgrading = anonymous?.row.isAnonymous ? anonymous : null;
  if (!upgrading && !project.config.auth.allowSignUp) throw knownErrors.signUpNotEnabled();
  const ruleFields = applySignUpRules(
    deps,
    project,
    createSignUpRuleContext({
      email: profile.email,
      countryCode: input.countryCode,
      authMethod: "oauth",
      oauthProvider: input.providerId,
    }),
    upgrading?.row.restrictedByAdminPrivateDetails ?? null,
  );
  return deps.db.transaction(async (tx) => {
    const fields = {
      ...(profile.email === null
        ? {}
        : {
            primary_email: profile.email,
            primary_email_verified: profile.emailVerified,
            primary_email_auth_enabled: emailUsedForAuth,
          }),
      display_name: profile.displayName,
      profile_image_url: profile.profileImageUrl,
      ...ruleFields,
      ...signUpCountryFields(upgrading, input.countryCode),
    };
    const user = upgrading
      ? await updateUser(tx, deps, project, upgrading.row.id, { ...fields, is_anonymous: false })
      : await createUser(tx, deps, project, fields);
    const account = await insertAccount(tx, deps, {
      projectId: project.id,
      userId: user.row.id,
      providerId: input.providerId,
      profile,
    });
    return { user, isNewUser: !upgrading, account };
  });
}

/**
 * Keeps the tokens a provider just issued for an account (connected accounts use them later), sealed
 * at rest. Without a sealing secret (production without `STACK_DATA_VAULT_SECRET`) they are not kept.
 */
export async function storeProviderTokens(
  deps: Pick<AuthDeps, "db" | "clock" | "ids" | "config" | "isDevelopment" | "logger">,
  accountId: string,
  tokens: ProviderTokenSet,
): Promise<void> {
  const secret = providerTokenSecret(deps);
  if (secret === null) {
    deps.logger.warn(
      { oauthAccountId: accountId },
      "Provider tokens not kept: STACK_DATA_VAULT_SECRET is not set",
    );
    return;
  }
  const now = deps.clock();
  await deps.db.insert(oauthTokens).values({
    id: deps.ids.generateId(),
    oauthAccountId: accountId,
    kind: "access",
    token: sealProviderToken(
      secret,
      { oauthAccountId: accountId, kind: "access" },
      tokens.accessToken,
    ),
    scopes: tokens.scopes,
    expiresAt: tokens.expiresAt,
    createdAt: now,
  });
  if (tokens.refreshToken) {
    await deps.db.insert(oauthTokens).values({
      id: deps.ids.generateId(),
      oauthAccountId: accountId,
      kind: "refresh",
      token: sealProviderToken(
        secret,
        { oauthAccountId: accountId, kind: "refresh" },
        tokens.refreshToken,
      ),
      scopes: tokens.scopes,
      expiresAt: null,
      createdAt: now,
    });
  }
}

/**
 * Attaches provider accounts to a user created by the server API (`POST /users` with
 * `oauth_providers`). Run inside the user's creation transaction: an account id another user
 * already signs in with gives `OAUTH_PROVIDER_ACCOUNT_ID_ALREADY_USED_FOR_SIGN_IN` and rolls back.
 */
export async function attachOAuthAccounts(
  tx: Database,
  deps: Pick<AuthDeps, "clock" | "ids">,
  input: {
    projectId: string;
    userId: string;
    accounts: readonly { id: string; account_id: string; email: string | null }[];
  },
): Promise<void> {
  for (const account of input.accounts) {
    try {
      await tx.insert(oauthAccounts).values({
        id: deps.ids.generateId(),
        projectId: input.projectId,
        userId: input.userId,
        providerConfigId: account.id,
        providerAccountId: account.account_id,
        email: account.email,
        createdAt: deps.clock(),
      });
    } catch (error) {
      if (isUniqueViolation(error, "oauth_accounts_provider_account_unique")) {
        throw knownErrors.oauthProviderAccountIdAlreadyUsedForSignIn();
      }
      throw error;
    }
  }
}
