/**
 * @module
 * What the three apps share: options, the runtime, the session over the token store, the request
 * sender, response parsing, and the user-facing calls every access level has (sign-up, sign-in,
 * current user, sign-out, project, tokens, auth-change events).
 */
import {
  type AccessType,
  clientProjectSchema,
  isKnownError,
  isKnownErrorInFamily,
  signInResponseSchema,
} from "@heritage/auth-protocol";
import { type AppCore, type AuthResult, parseResponse, type ResponseSchema } from "./calls-core";
import { createAccessTokenRefresher } from "./request/refresh-access-token";
import { createRequestSender } from "./request/send-request";
import { type AuthRuntime, resolveRuntime } from "./runtime";
import { type AuthSession, createSession, handedOutAccessTokenMaxAgeMs } from "./session";
import {
  type AccountCredentialCalls,
  createAccountCredentialCalls,
} from "./sign-in/account-credentials";
import { type AnonymousSignUpCalls, createAnonymousSignUpCalls } from "./sign-in/anonymous-sign-up";
import { type CliAuthCalls, createCliAuthCalls } from "./sign-in/cli-auth-calls";
import { createMagicLinkCalls, type MagicLinkCalls } from "./sign-in/magic-link-calls";
import { createMfaCalls, type MfaCalls } from "./sign-in/mfa-calls";
import { createOAuthCalls, type OAuthCalls } from "./sign-in/oauth-calls";
import { createPasskeyCalls, type PasskeyCalls } from "./sign-in/passkey-calls";
import { createSessionCalls, type SessionCalls } from "./sign-in/session-calls";
import { createCookieTokenStore } from "./token-stores/cookie";
import { createMemoryTokenStore } from "./token-stores/memory";
import type { TokenStore } from "./token-stores/token-store";
import { type ApiKeyCalls, createApiKeyCalls } from "./users/api-key-calls";
import { type ContactChannelCalls, createContactChannelCalls } from "./users/contact-channel-calls";
import { type AuthProject, toAuthProject, toUserWireBody, type UserUpdate } from "./users/users";

/** The version string sent in `x-hexclave-client-version` (`<platform> <@pkg>@<x.y.z>`). */
export const clientVersion = "js @heritage/auth-client@0.1.0";

/** Options every app takes. Runtime fields (`fetch`, `now`, …) default to the real ones. */
export interface AppOptions extends Partial<AuthRuntime> {
  projectId: string;
  /** Origin of the auth server; requests go to `{baseUrl}/api/v1/...`. Default `""` (same origin). */
  baseUrl?: string;
  publishableClientKey?: string;
  /**
   * Where the session lives: a store, `"cookie"` (browser cookies shared with the official SDK) or
   * `"memory"`. Default: `"cookie"` in a browser, `"memory"` elsewhere.
   */
  tokenStore?: TokenStore | "cookie" | "memory";
  /** Headers added to every API request. */
  extraRequestHeaders?: Record<string, string>;
  /**
   * The language the server should write to the user in (the mails a request causes: password
   * reset, e-mail verification, sign-in codes, invitations), sent as `Accept-Language`. A function
   * is asked at each request, e.g. for the language of the page the user is on now. Without it a
   * browser sends its own languages.
   */
  language?: string | (() => string | undefined);
}

export interface AuthChangeEvent<U> {
  /** `signed-in`: a new session; `signed-out`: no session any more; `user-updated`: `updateUser`. */
  type: "signed-in" | "signed-out" | "user-updated";
  /** The updated user, for `user-updated`. */
  user?: U;
}

export interface SignUpInput {
  email: string;
  password: string;
  /** Where the verification e-mail links to (`?code=` is appended); no e-mail without it. */
  verificationCallbackUrl?: string;
}

export interface SignInInput {
  email: string;
  password: string;
}

/** The calls every access level has; `U` is the user shape of that level. */
export interface UserFacingApp<U>
  extends AccountCredentialCalls,
    AnonymousSignUpCalls,
    MagicLinkCalls,
    SessionCalls,
    ContactChannelCalls,
    MfaCalls,
    OAuthCalls,
    PasskeyCalls,
    ApiKeyCalls,
    CliAuthCalls {
  readonly projectId: string;
  /** The session of this app's token store. */
  readonly session: AuthSession;
  /** `POST /auth/password/sign-up`; stores the new session on success. */
  signUpWithCredential(input: SignUpInput): Promise<AuthResult<{ userId: string }>>;
  /** `POST /auth/password/sign-in`; stores the new session on success. */
  signInWithCredential(input: SignInInput): Promise<AuthResult<{ userId: string }>>;
  /** The signed-in user, or null when signed out. */
  getUser(): Promise<U | null>;
  /** `PATCH /users/me`; resolves with the updated user. */
  updateUser(patch: UserUpdate): Promise<U>;
  /**
   * Ends the session on the server (if it is still valid) and drops the local tokens; when the
   * server cannot be reached or fails, throws and keeps the session so the user can try again.
   */
  signOut(): Promise<void>;
  /** `GET /projects/current`. */
  getProject(): Promise<AuthProject>;
  /** A fresh access token (valid ≥ 20 s, issued ≤ 75 s ago), or null when signed out. */
  getAccessToken(): Promise<string | null>;
  /** `{"x-stack-auth": JSON}` with `accessToken` and `refreshToken`, as the SDK's getAuthHeaders. */
  getAuthHeaders(): Promise<{ "x-stack-auth": string }>;
  /** Called on sign-in, sign-out (including a rejected refresh) and `updateUser`. */
  onAuthChange(listener: (event: AuthChangeEvent<U>) => void): () => void;
}

export interface AccessOptions {
  accessType: AccessType;
  secretServerKey?: string | undefined;
  superSecretAdminKey?: string | undefined;
  adminSession?: AuthSession | undefined;
  defaultTokenStore: "cookie" | "memory";
}

function resolveTokenStore(options: AppOptions, fallback: "cookie" | "memory", now: () => number) {
  const choice = options.tokenStore ?? fallback;
  if (choice === "memory") return createMemoryTokenStore();
  if (choice === "cookie") return createCookieTokenStore({ projectId: options.projectId, now });
  return choice;
}

export function isBrowser(): boolean {
  return typeof (globalThis as { document?: unknown }).document !== "undefined";
}

export function createAppCore(options: AppOptions, access: AccessOptions): AppCore {
  const runtime = resolveRuntime(options);
  const apiUrl = `${(options.baseUrl ?? "").replace(/\/+$/, "")}/api/v1`;
  const store = resolveTokenStore(options, access.defaultTokenStore, runtime.now);
  const session = createSession({
    store,
    now: runtime.now,
    refreshAccessToken: createAccessTokenRefresher({
      apiUrl,
      projectId: options.projectId,
      publishableClientKey: options.publishableClientKey,
      runtime,
    }),
  });
  const send = createRequestSender({
    apiUrl,
    projectId: options.projectId,
    accessType: access.accessType,
    clientVersion,
    publishableClientKey: options.publishableClientKey,
    secretServerKey: access.secretServerKey,
    superSecretAdminKey: access.superSecretAdminKey,
    adminSession: access.adminSession,
    extraHeaders: options.extraRequestHeaders,
    language: options.language,
    runtime,
  });
  return {
    projectId: options.projectId,
    apiUrl,
    publishableClientKey: options.publishableClientKey,
    runtime,
    session,
    send,
  };
}

function isSessionEndError(error: unknown): boolean {
  return (
    isKnownErrorInFamily(error, "REFRESH_TOKEN_ERROR") ||
    isKnownErrorInFamily(error, "INVALID_ACCESS_TOKEN")
  );
}

/** The user-facing calls over `core`, with `userSchema` and `toUser` for the level's user shape. */
export function createUserFacingApp<W, U>(
  core: AppCore,
  userSchema: ResponseSchema<W>,
  toUser: (wire: W) => U,
): UserFacingApp<U> {
  const { send, session } = core;
  const listeners = new Set<(event: AuthChangeEvent<U>) => void>();
  let unsubscribeStore: (() => void) | null = null;
  let lastRefreshToken: string | null = null;

  const emit = (event: AuthChangeEvent<U>) => {
    for (const listener of [...listeners]) listener(event);
  };
  const onStoreChange = () => {
    const { refreshToken } = session.read();
    if (refreshToken === lastRefreshToken) return;
    lastRefreshToken = refreshToken;
    emit({ type: refreshToken === null ? "signed-out" : "signed-in" });
  };

  const signInWith = async (
    path: string,
    body: Record<string, unknown>,
  ): Promise<AuthResult<{ userId: string }>> => {
    let response: Response;
    try {
      response = await send(path, { method: "POST", body, session });
    } catch (error) {
      if (isKnownError(error)) return { status: "error", error };
      throw error;
    }
    const tokens = await parseResponse(response, signInResponseSchema);
    session.setTokens({ refreshToken: tokens.refresh_token, accessToken: tokens.access_token });
    return { status: "ok", data: { userId: tokens.user_id } };
  };

  const hasTokens = () => {
    const { refreshToken, accessToken } = session.read();
    return refreshToken !== null || accessToken !== null;
  };

  return {
    ...createAccountCredentialCalls(core),
    ...createAnonymousSignUpCalls(core),
    ...createMagicLinkCalls(core),
    ...createSessionCalls(core),
    ...createContactChannelCalls(core),
    ...createMfaCalls(core),
    ...createOAuthCalls(core),
    ...createPasskeyCalls(core),
    ...createApiKeyCalls(core),
    ...createCliAuthCalls(core),
    projectId: core.projectId,
    session,
    signUpWithCredential: ({ email, password, verificationCallbackUrl }) =>
      signInWith("/auth/password/sign-up", {
        email,
        password,
        verification_callback_url: verificationCallbackUrl,
      }),
    signInWithCredential: ({ email, password }) =>
      signInWith("/auth/password/sign-in", { email, password }),
    async getUser() {
      if (!hasTokens()) return null;
      try {
        const response = await send("/users/me", { session });
        return toUser(await parseResponse(response, userSchema));
      } catch (error) {
        if (isKnownError(error, "CANNOT_GET_OWN_USER_WITHOUT_USER")) return null;
        throw error;
      }
    },
    async updateUser(patch) {
      const response = await send("/users/me", {
        method: "PATCH",
        body: toUserWireBody(patch),
        session,
      });
      const user = toUser(await parseResponse(response, userSchema));
      emit({ type: "user-updated", user });
      return user;
    },
    async signOut() {
      try {
        if (await session.getTokens()) {
          await send("/auth/sessions/current", { method: "DELETE", body: {}, session });
        }
      } catch (error) {
        // Any other failure (offline, a 5xx) keeps the session, as the SDK does: the server may
        // still hold it, and the user must be able to try again rather than be signed out here
        // while the session lives on there.
        if (!isSessionEndError(error)) throw error;
      }
      session.markInvalid();
    },
    async getProject() {
      const response = await send("/projects/current");
      return toAuthProject(await parseResponse(response, clientProjectSchema));
    },
    async getAccessToken() {
      const tokens = await session.getTokens({ maxAgeMs: handedOutAccessTokenMaxAgeMs });
      return tokens?.accessToken ?? null;
    },
    async getAuthHeaders() {
      const tokens = await session.getTokens({ maxAgeMs: handedOutAccessTokenMaxAgeMs });
      const authJson = {
        accessToken: tokens?.accessToken ?? null,
        refreshToken: tokens?.refreshToken ?? null,
      };
      return { "x-stack-auth": JSON.stringify(authJson) };
    },
    onAuthChange(listener) {
      listeners.add(listener);
      if (unsubscribeStore === null) {
        lastRefreshToken = session.read().refreshToken;
        unsubscribeStore = session.subscribe(onStoreChange);
      }
      return () => {
        listeners.delete(listener);
        if (listeners.size === 0 && unsubscribeStore !== null) {
          unsubscribeStore();
          unsubscribeStore = null;
        }
      };
    },
  };
}
