/**
 * @module
 * A session over a token store (auth-platform spec §4): signed in while it holds tokens, signed out
 * (known invalid) when it holds none. Access tokens that expire within the required margin are
 * refreshed first, and concurrent callers share one refresh. A refresh rejected by the server signs
 * the session out; a stale access token is dropped so the next use refreshes.
 */

import { type StoredTokens, signedOutTokens, type TokenStore } from "./token-stores/token-store";
import { decodeAccessToken } from "./tokens/access-token";

/** Margin an access token must still be valid for when a request goes out (spec §9): 20 s. */
export const requiredAccessTokenValidityMs = 20_000;
/** How fresh a token handed to callers (`getAccessToken`) must be, as in the SDK: issued ≤ 75 s ago. */
export const handedOutAccessTokenMaxAgeMs = 75_000;

/** Tokens known to be usable: an access token, and the refresh token if the session has one. */
export interface SessionTokens {
  accessToken: string;
  refreshToken: string | null;
}

export interface GetSessionTokensOptions {
  /** Refresh when the access token expires within this many ms. Default 20 000. */
  minValidityMs?: number;
  /** Refresh when the access token was issued longer ago than this. Default: no limit. */
  maxAgeMs?: number;
}

/** Trades a refresh token for a new access token; null when the server rejected the refresh token. */
export type RefreshAccessToken = (refreshToken: string) => Promise<string | null>;

export interface AuthSession {
  /** The stored tokens as they are (no refresh). */
  read(): StoredTokens;
  /** Replaces the tokens (sign-in). */
  setTokens(tokens: StoredTokens): void;
  /**
   * Tokens likely to be valid: the stored ones if the access token is valid long enough, refreshed
   * ones otherwise (one refresh shared by concurrent callers). Null when signed out or when the refresh
   * was rejected (the session is then signed out).
   */
  getTokens(options?: GetSessionTokensOptions): Promise<SessionTokens | null>;
  /** Drops `accessToken` if it is still the stored one, so the next `getTokens` refreshes. */
  markAccessTokenExpired(accessToken: string): void;
  /** Signs the session out locally (both tokens dropped). */
  markInvalid(): void;
  /** Called whenever the stored tokens change. */
  subscribe(listener: () => void): () => void;
}

export interface CreateSessionOptions {
  store: TokenStore;
  refreshAccessToken: RefreshAccessToken;
  now: () => number;
}

function isAccessTokenUsable(
  token: string,
  nowMs: number,
  minValidityMs: number,
  maxAgeMs: number | undefined,
): boolean {
  const claims = decodeAccessToken(token);
  if (claims === null) return false;
  if (claims.exp !== undefined && claims.exp * 1000 - nowMs < minValidityMs) return false;
  if (maxAgeMs !== undefined && nowMs - claims.iat * 1000 > maxAgeMs) return false;
  return true;
}

export function createSession({
  store,
  refreshAccessToken,
  now,
}: CreateSessionOptions): AuthSession {
  let inflight: { refreshToken: string; promise: Promise<string | null> } | null = null;

  const refreshShared = (refreshToken: string): Promise<string | null> => {
    if (inflight !== null && inflight.refreshToken === refreshToken) return inflight.promise;
    const promise = refreshAccessToken(refreshToken)
      .then((accessToken) => {
        // Tokens replaced meanwhile (sign-in, sign-out): this refresh no longer concerns the store.
        if (store.read().refreshToken === refreshToken) {
          store.write(accessToken === null ? signedOutTokens : { refreshToken, accessToken });
        }
        return accessToken;
      })
      .finally(() => {
        if (inflight?.promise === promise) inflight = null;
      });
    inflight = { refreshToken, promise };
    return promise;
  };

  return {
    read: () => store.read(),
    setTokens: (tokens) => store.write(tokens),
    async getTokens(options = {}) {
      const minValidityMs = options.minValidityMs ?? requiredAccessTokenValidityMs;
      const { refreshToken, accessToken } = store.read();
      if (
        accessToken !== null &&
        isAccessTokenUsable(accessToken, now(), minValidityMs, options.maxAgeMs)
      ) {
        return { accessToken, refreshToken };
      }
      if (refreshToken === null) return null;
      const refreshed = await refreshShared(refreshToken);
      return refreshed === null ? null : { accessToken: refreshed, refreshToken };
    },
    markAccessTokenExpired(accessToken) {
      const tokens = store.read();
      if (tokens.accessToken === accessToken) {
        store.write({ refreshToken: tokens.refreshToken, accessToken: null });
      }
    },
    markInvalid: () => store.write(signedOutTokens),
    subscribe: (listener) => store.subscribe(listener),
  };
}
