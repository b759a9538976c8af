/**
 * Native Sign in with Apple (`POST /auth/oauth/callback/apple/native`, as the reference): an
 * iOS/macOS app signs the user in with Apple itself (ASAuthorizationController) and sends us the
 * identity token Apple gave it. The token must verify against Apple's keys, be issued by Apple, and
 * be meant for one of the project's app bundle ids (`appleBundles` of its `apple` provider), not
 * for the web Services ID. The account is then signed in like a web OAuth callback's: the known
 * account's user, the e-mail merge strategy, or a new user.
 * @module
 */
import { knownErrors } from "@heritage/auth-protocol";
import { jwtVerify } from "jose";
import type { LoadedProject } from "../projects/projects";
import { appleVerificationOf, type ProviderClient } from "./provider-client";
import type { ProviderProfile } from "./provider-presets";

/** The config id native sign-in uses, as the reference: the provider named `apple`. */
export const appleProviderId = "apple";

/** The bundle ids native tokens may be meant for; throws when Apple sign-in is not on. */
export function appleBundleIdsOf(project: LoadedProject): string[] {
  const providers = project.config.auth.oauth.providers;
  const apple = Object.hasOwn(providers, appleProviderId) ? providers[appleProviderId] : undefined;
  if (!apple?.allowSignIn) throw knownErrors.oauthProviderNotFoundOrNotEnabled();
  const bundleIds = Object.values(apple.appleBundles ?? {})
    .map((bundle) => bundle.bundleId)
    .filter((id) => id !== "");
  if (bundleIds.length === 0) throw knownErrors.appleBundleIdNotConfigured();
  return bundleIds;
}

/** Who the identity token names; INVALID_APPLE_CREDENTIALS when it does not verify. */
export async function verifyAppleIdentityToken(
  client: ProviderClient,
  idToken: string,
  bundleIds: string[],
  now: Date,
): Promise<ProviderProfile> {
  const verification = appleVerificationOf(client.settings);
  try {
    const { payload } = await jwtVerify(idToken, client.jwks(verification.jwksUri), {
      issuer: verification.issuer,
      audience: bundleIds,
      currentDate: now,
    });
    if (typeof payload.sub !== "string" || payload.sub === "") throw new Error("no subject");
    return {
      accountId: payload.sub,
      email: typeof payload.email === "string" ? payload.email : null,
      emailVerified: payload.email_verified === true || payload.email_verified === "true",
      displayName: null,
      profileImageUrl: null,
    };
  } catch {
    throw knownErrors.invalidAppleCredentials();
  }
}
