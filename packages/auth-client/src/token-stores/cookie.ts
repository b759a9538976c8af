/**
 * @module
 * The browser token store: tokens live in `document.cookie` under the official SDK's names and
 * formats (see cookie-format.ts), so this client and `@stackframe/js` share one session. The cookies
 * are readable by scripts (not HttpOnly), as the SDK's are.
 */
import {
  parseCookieHeader,
  planTokenCookieWrites,
  readTokensFromCookies,
  serializeDocumentCookie,
} from "./cookie-format";
import { areTokensEqual, type StoredTokens, type TokenStore } from "./token-store";

/** What the store needs of `document`. */
export interface CookieDocument {
  cookie: string;
}

export interface CookieTokenStoreOptions {
  projectId: string;
  /** Default: the global `document`. */
  document?: CookieDocument;
  /** Whether the page is https (then `__Host-` and `Secure`). Default: `location.protocol === "https:"`. */
  isSecure?: () => boolean;
  now?: () => number;
  /**
   * Whether to write CHIPS cookies (`SameSite=None; Partitioned`). `"auto"` (default) probes the
   * browser the way the SDK does, so both write the same variant.
   */
  partitioned?: boolean | "auto";
  /** How often to look for changes made by other tabs or the SDK while subscribed; 0 disables. Default 100. */
  pollIntervalMs?: number;
}

function getGlobalDocument(): CookieDocument {
  const documentLike = (globalThis as { document?: CookieDocument }).document;
  if (documentLike === undefined) {
    throw new Error(
      "The cookie token store needs a browser document; pass `document` outside one.",
    );
  }
  return documentLike;
}

function isLocationSecure(): boolean {
  const locationLike = (globalThis as { location?: { protocol?: string } }).location;
  return locationLike?.protocol === "https:";
}

// The SDK's test: partitioned cookies are supported when a partitioned and an unpartitioned cookie of
// the same name can coexist.
function probePartitionedCookies(doc: CookieDocument): boolean {
  const randomSuffix = () => Math.random().toString(36).slice(2, 15);
  const first = `__Host-stack-temporary-chips-test-${randomSuffix()}`;
  doc.cookie = `${first}=value1; Secure; path=/`;
  const firstCookies = doc.cookie.split("; ");
  doc.cookie = `${first}=delete1; Secure; path=/; expires=Thu, 01 Jan 1970 00:00:00 UTC;`;
  if (firstCookies.some((c) => c.startsWith(`${first}=`))) return false;
  const second = `__Host-stack-temporary-chips-test-${randomSuffix()}`;
  const expired = "expires=Thu, 01 Jan 1970 00:00:00 UTC; path=/";
  doc.cookie = `${second}=delete1; Secure; SameSite=None; Partitioned; ${expired}`;
  doc.cookie = `${second}=delete2; Secure; SameSite=None; ${expired}`;
  doc.cookie = `${second}=set1; Secure; SameSite=None; Partitioned; path=/`;
  doc.cookie = `${second}=set2; Secure; SameSite=None; path=/`;
  const count = doc.cookie.split("; ").filter((c) => c.startsWith(`${second}=`)).length;
  doc.cookie = `${second}=delete3; Secure; SameSite=None; Partitioned; ${expired}`;
  doc.cookie = `${second}=delete4; Secure; SameSite=None; ${expired}`;
  return count === 2;
}

/** A token store in the browser's cookies, shared with the official SDK. */
export function createCookieTokenStore(options: CookieTokenStoreOptions): TokenStore {
  const { projectId } = options;
  const getDocument = () => options.document ?? getGlobalDocument();
  const isSecure = options.isSecure ?? isLocationSecure;
  const now = options.now ?? (() => Date.now());
  const pollIntervalMs = options.pollIntervalMs ?? 100;
  let partitionedCache: boolean | undefined;
  // The SDK keeps the last access token in memory when the access cookie could not be written.
  let lastWritten: StoredTokens | null = null;
  const listeners = new Set<() => void>();
  let lastSeen: StoredTokens | null = null;
  let pollTimer: ReturnType<typeof setInterval> | undefined;

  const isPartitioned = () => {
    if (options.partitioned !== undefined && options.partitioned !== "auto") {
      return options.partitioned && isSecure();
    }
    if (!isSecure()) return false;
    partitionedCache ??= probePartitionedCookies(getDocument());
    return partitionedCache;
  };

  const read = (): StoredTokens => {
    const tokens = readTokensFromCookies(parseCookieHeader(getDocument().cookie), projectId);
    if (
      tokens.accessToken === null &&
      lastWritten !== null &&
      lastWritten.refreshToken === tokens.refreshToken
    ) {
      return { refreshToken: tokens.refreshToken, accessToken: lastWritten.accessToken };
    }
    return tokens;
  };

  const notifyIfChanged = () => {
    const current = read();
    if (lastSeen !== null && areTokensEqual(current, lastSeen)) return;
    lastSeen = current;
    for (const listener of [...listeners]) listener();
  };

  return {
    read,
    write(tokens) {
      const doc = getDocument();
      const secure = isSecure();
      const partitioned = isPartitioned();
      const nowMs = now();
      const writes = planTokenCookieWrites(parseCookieHeader(doc.cookie), projectId, tokens, {
        secure,
        nowMs,
      });
      for (const write of writes) {
        if (write.value === null) {
          // Delete both variants, as the SDK does: either may exist.
          for (const variant of [true, false]) {
            doc.cookie = serializeDocumentCookie(write, { nowMs, secure, partitioned: variant });
          }
        } else {
          doc.cookie = serializeDocumentCookie(write, { nowMs, secure, partitioned });
        }
      }
      lastWritten = { refreshToken: tokens.refreshToken, accessToken: tokens.accessToken };
      notifyIfChanged();
    },
    subscribe(listener) {
      listeners.add(listener);
      lastSeen ??= read();
      if (pollTimer === undefined && pollIntervalMs > 0) {
        pollTimer = setInterval(notifyIfChanged, pollIntervalMs);
      }
      return () => {
        listeners.delete(listener);
        if (listeners.size === 0 && pollTimer !== undefined) {
          clearInterval(pollTimer);
          pollTimer = undefined;
        }
      };
    },
  };
}
