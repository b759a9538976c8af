/**
 * The reference's mock OAuth server (`STACK_OAUTH_MOCK_URL`, tests only; the configuration refuses
 * it in production): with it set, every shared provider signs in there, as the Stack Auth
 * reference does in its own tests (its `MockProvider`). The mock is an OpenID provider found by
 * discovery at that address; its clients are the provider types (`github`, `spotify`, ...) with
 * the secret `MOCK-SERVER-SECRET` (HTTP Basic at the token endpoint); the scopes are
 * `openid offline_access`; the account is its subject, which is also its e-mail address, taken as
 * verified.
 *
 * The address is the operator's, never a request's or a project's. Requests go to its origin only
 * (anything its discovery document names elsewhere is refused), no redirect is followed, and each
 * has the outgoing client's deadline. Private networks are allowed for that origin alone: the
 * mock runs on the developer's machine.
 * @module
 */
import { type GuardedFetch, guardedFetch } from "../../outgoing/guarded-fetch";
import { createOutgoingPolicy, OutgoingRequestRefusedError } from "../../outgoing/outgoing-policy";
import { type ProviderPreset, ProviderProfileError } from "./provider-presets";

/** The client secret of every client of the mock server. */
export const mockClientSecret = "MOCK-SERVER-SECRET";

/** How the mock server is reached: its address and a client bound to its origin. */
export interface MockServerAccess {
  url: string;
  http: GuardedFetch;
}

export function mockServerAccess(url: string): MockServerAccess {
  const origin = new URL(url).origin;
  const policy = createOutgoingPolicy({ allowPrivateNetworks: true });
  const http: GuardedFetch = (target, init = {}) => {
    if (new URL(target).origin !== origin) {
      return Promise.reject(
        new OutgoingRequestRefusedError(
          `${new URL(target).host} is not the mock OAuth server (STACK_OAUTH_MOCK_URL)`,
        ),
      );
    }
    return guardedFetch(policy, target, { ...init, maxRedirects: 0 });
  };
  return { url, http };
}

/** What a shared provider becomes on the mock server, besides its endpoints (from discovery). */
export const mockProviderShape = {
  defaultScopes: ["openid", "offline_access"],
  // The reference asks every provider for offline access with consent.
  authorizationParams: { access_type: "offline", prompt: "consent" },
  tokenEndpointAuth: "client_secret_basic",
  async mapProfile(context) {
    const userinfo = context.endpoints.userinfoEndpoint
      ? await context.fetchJson(context.endpoints.userinfoEndpoint)
      : {};
    const claims = { ...(context.idTokenClaims ?? {}), ...(userinfo as Record<string, unknown>) };
    const sub = typeof claims.sub === "string" && claims.sub !== "" ? claims.sub : null;
    if (!sub) throw new ProviderProfileError("the mock OAuth server returned no subject");
    return {
      accountId: sub,
      // The mock signs in whoever types an address: its subject is that address.
      email: sub,
      emailVerified: true,
      displayName: typeof claims.name === "string" ? claims.name : null,
      profileImageUrl: typeof claims.picture === "string" ? claims.picture : null,
    };
  },
} satisfies Pick<
  ProviderPreset,
  "defaultScopes" | "authorizationParams" | "tokenEndpointAuth" | "mapProfile"
>;
