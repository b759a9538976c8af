/**
 * @module
 * The contract every token store fulfils: where a session's refresh and access tokens live.
 */

/** The tokens of a session; both null when signed out. */
export interface StoredTokens {
  refreshToken: string | null;
  accessToken: string | null;
}

/**
 * Storage for the tokens of one session. `read` is called before every request, so stores that
 * can change from outside (browser cookies shared with other tabs or the official SDK) stay current.
 */
export interface TokenStore {
  read(): StoredTokens;
  write(tokens: StoredTokens): void;
  /** Called when the stored tokens change, from this client or from outside. Returns unsubscribe. */
  subscribe(listener: () => void): () => void;
}

export const signedOutTokens: StoredTokens = Object.freeze({
  refreshToken: null,
  accessToken: null,
});

export function areTokensEqual(a: StoredTokens, b: StoredTokens): boolean {
  return a.refreshToken === b.refreshToken && a.accessToken === b.accessToken;
}
