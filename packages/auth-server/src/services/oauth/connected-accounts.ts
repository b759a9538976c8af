/**
 * Connected accounts: the provider accounts linked to a user, and provider access tokens for them
 * (the app calls the provider's API on the user's behalf). A stored access token that lives at
 * least 5 more minutes, covers the scopes and that the provider still takes (its user endpoint, as
 * the reference asks) is returned; otherwise a stored refresh token with the scopes is redeemed at
 * the provider (a refused one is marked invalid and the next is tried). Only
 * accounts whose `allow_connected_accounts` is on take part; tokens are sealed at rest
 * (provider-token-seal.ts).
 * @module
 */
import { knownErrors } from "@heritage/auth-protocol";
import { and, asc, eq, inArray } from "drizzle-orm";
import {
  type OAuthAccountRow,
  type OAuthTokenRow,
  oauthAccounts,
  oauthTokens,
} from "../../db/schema";
import type { AuthDeps } from "../auth-deps";
import type { LoadedProject } from "../projects/projects";
import { storeProviderTokens } from "./oauth-accounts";
import {
  checkProviderAccessToken,
  type ProviderClient,
  ProviderError,
  refreshProviderTokens,
} from "./provider-client";
import { openProviderToken, providerTokenSecret } from "./provider-token-seal";

/** An access token this close to expiry is not handed out (the reference's margin). */
const minRemainingLifetimeMillis = 5 * 60 * 1000;

export interface ConnectedAccount {
  user_id: string;
  provider: string;
  provider_account_id: string;
}

/**
 * The user's linked accounts that allow connected accounts, of providers that allow them, oldest
 * first.
 */
export async function listConnectedAccounts(
  deps: Pick<AuthDeps, "db">,
  project: LoadedProject,
  userId: string,
): Promise<ConnectedAccount[]> {
  const rows = await deps.db
    .select()
    .from(oauthAccounts)
    .where(
      and(
        eq(oauthAccounts.projectId, project.id),
        eq(oauthAccounts.userId, userId),
        eq(oauthAccounts.allowConnectedAccounts, true),
      ),
    )
    .orderBy(asc(oauthAccounts.createdAt), asc(oauthAccounts.id));
  const providers = project.config.auth.oauth.providers;
  return rows
    .filter(
      (row) =>
        Object.hasOwn(providers, row.providerConfigId) &&
        providers[row.providerConfigId]?.allowConnectedAccounts,
    )
    .map((row) => ({
      user_id: row.userId,
      provider: row.providerConfigId,
      provider_account_id: row.providerAccountId,
    }));
}

function splitScopes(scope: string | undefined): string[] {
  return (scope ?? "").split(/\s+/).filter(Boolean);
}

/**
 * A provider access token for the user's account(s) of a provider, covering `scope` (space
 * separated). `providerAccountId` narrows to one account when a user linked several.
 */
export async function getProviderAccessToken(
  deps: Pick<AuthDeps, "db" | "clock" | "ids" | "config" | "isDevelopment" | "logger">,
  client: ProviderClient,
  project: LoadedProject,
  input: { userId: string; providerId: string; providerAccountId?: string; scope?: string },
): Promise<{ access_token: string }> {
  const provider = await client.resolve(project.config, input.providerId);
  if (!provider.allowConnectedAccounts) throw knownErrors.oauthConnectionNotConnectedToUser();
  if (provider.isShared && !client.settings.allowSharedAccessTokens) {
    throw knownErrors.oauthAccessTokenNotAvailableWithSharedOauthKeys();
  }
  const conditions = [
    eq(oauthAccounts.projectId, project.id),
    eq(oauthAccounts.userId, input.userId),
    eq(oauthAccounts.providerConfigId, input.providerId),
    eq(oauthAccounts.allowConnectedAccounts, true),
  ];
  if (input.providerAccountId !== undefined) {
    conditions.push(eq(oauthAccounts.providerAccountId, input.providerAccountId));
  }
  const accounts: OAuthAccountRow[] = await deps.db
    .select()
    .from(oauthAccounts)
    .where(and(...conditions));
  if (accounts.length === 0) throw knownErrors.oauthConnectionNotConnectedToUser();

  const wanted = splitScopes(input.scope);
  const covers = (scopes: string[]) => wanted.every((scope) => scopes.includes(scope));
  const tokens = await deps.db
    .select()
    .from(oauthTokens)
    .where(
      and(
        inArray(
          oauthTokens.oauthAccountId,
          accounts.map((account) => account.id),
        ),
        eq(oauthTokens.isValid, true),
      ),
    )
    .orderBy(asc(oauthTokens.createdAt));
  const secret = providerTokenSecret(deps);
  const readToken = (token: OAuthTokenRow) =>
    openProviderToken(
      secret,
      { oauthAccountId: token.oauthAccountId, kind: token.kind },
      token.token,
    );
  const now = deps.clock();
  const usable = tokens
    .filter((token) => token.kind === "access" && covers(token.scopes))
    .filter(
      (token) =>
        token.expiresAt === null ||
        token.expiresAt.getTime() > now.getTime() + minRemainingLifetimeMillis,
    )
    .reverse();
  for (const stored of usable) {
    const token = readToken(stored);
    // One the provider refuses (revoked there) is marked invalid; the next one, or a refresh, follows.
    if ((await checkProviderAccessToken(provider, token)) !== false) return { access_token: token };
    await deps.db.update(oauthTokens).set({ isValid: false }).where(eq(oauthTokens.id, stored.id));
  }

  for (const refresh of tokens.filter((t) => t.kind === "refresh" && covers(t.scopes)).reverse()) {
    try {
      const fresh = await refreshProviderTokens(provider, readToken(refresh), refresh.scopes, now);
      // The refreshed token carries the refresh token's grant unless the provider narrows it.
      const scopes = fresh.scopes.length > 0 ? fresh.scopes : refresh.scopes;
      await deps.db.transaction(async (tx) => {
        if (fresh.refreshToken) {
          // A rotated refresh token replaces the old one.
          await tx
            .update(oauthTokens)
            .set({ isValid: false })
            .where(eq(oauthTokens.id, refresh.id));
        }
        await storeProviderTokens({ ...deps, db: tx }, refresh.oauthAccountId, {
          ...fresh,
          scopes,
        });
      });
      return { access_token: fresh.accessToken };
    } catch (error) {
      if (!(error instanceof ProviderError)) throw error;
      if (error.kind === "invalid_grant") {
        await deps.db
          .update(oauthTokens)
          .set({ isValid: false })
          .where(eq(oauthTokens.id, refresh.id));
        continue;
      }
      throw knownErrors.oauthAccessTokenNotAvailable({
        provider: input.providerId,
        details: error.message,
      });
    }
  }
  if (secret === null) {
    throw knownErrors.oauthAccessTokenNotAvailable({
      provider: input.providerId,
      details: "The server keeps no provider tokens: STACK_DATA_VAULT_SECRET is not set.",
    });
  }
  throw knownErrors.oauthConnectionDoesNotHaveRequiredScope();
}
