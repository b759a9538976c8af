/**
 * @module
 * A token store in memory: the default outside browsers, and what tests use.
 */
import { areTokensEqual, type StoredTokens, signedOutTokens, type TokenStore } from "./token-store";

/** A token store holding its tokens in memory, optionally starting with `initial`. */
export function createMemoryTokenStore(initial: Partial<StoredTokens> = {}): TokenStore {
  let tokens: StoredTokens = { ...signedOutTokens, ...initial };
  const listeners = new Set<() => void>();
  return {
    read: () => tokens,
    write(next) {
      if (areTokensEqual(tokens, next)) return;
      tokens = { refreshToken: next.refreshToken, accessToken: next.accessToken };
      for (const listener of [...listeners]) listener();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
