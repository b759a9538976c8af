/**
 * @module
 * The client access level (publishable key): what a browser or any untrusted code may do.
 */
import { clientUserSchema } from "@heritage/auth-protocol";
import {
  createNotificationPreferenceCalls,
  type NotificationPreferenceCalls,
} from "./admin/email-calls";
import {
  attachCustomerCalls,
  type CustomerCalls,
  createClientPaymentCalls,
} from "./admin/payment-calls";
import {
  type AppOptions,
  createAppCore,
  createUserFacingApp,
  isBrowser,
  type UserFacingApp,
} from "./app-core";
import { type ClientTeamAccess, createClientTeamAccess } from "./teams/team-access";
import { createOAuthProviderCalls, type OAuthProviderCalls } from "./users/oauth-provider-calls";
import { type AuthUser, toAuthUser } from "./users/users";

export type ClientAppOptions = AppOptions;

/** An app with client access; its user is the client view of the signed-in user. */
export type ClientApp = UserFacingApp<AuthUser & CustomerCalls> &
  ClientTeamAccess &
  NotificationPreferenceCalls &
  OAuthProviderCalls;

/**
 * Creates a client app.
 * @example
 * const auth = createClientApp({ projectId, publishableClientKey, tokenStore: "cookie" });
 * const result = await auth.signInWithCredential({ email, password });
 * if (result.status === "error") showError(result.error.code, result.error.message);
 */
export function createClientApp(options: ClientAppOptions): ClientApp {
  const core = createAppCore(options, {
    accessType: "client",
    defaultTokenStore: isBrowser() ? "cookie" : "memory",
  });
  const payments = createClientPaymentCalls(core);
  return {
    // The signed-in user is a payment customer: `user.getItem`, `user.createCheckoutUrl`.
    ...createUserFacingApp(core, clientUserSchema, (wire) =>
      attachCustomerCalls(toAuthUser(wire), payments, { userId: wire.id }),
    ),
    ...createClientTeamAccess(core),
    ...createNotificationPreferenceCalls(core),
    ...createOAuthProviderCalls(core),
  };
}
