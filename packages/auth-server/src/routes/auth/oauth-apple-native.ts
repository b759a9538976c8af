/**
 * `POST /auth/oauth/callback/apple/native` (the reference's native Sign in with Apple): an app's
 * Apple identity token for a session (services/oauth/apple-native.ts).
 * @module
 */
import { Hono } from "hono";
import { z } from "zod";
import { getClientIp } from "../../http/client-ip";
import type { AuthEnv, RouteDeps } from "../../http/context";
import { getEndUserCountryCode } from "../../http/end-user-country";
import { requireAccess } from "../../http/project-access";
import { sendJson } from "../../http/respond";
import { validateRequest } from "../../http/validate";
import { describeRoute } from "../../openapi/route-description";
import {
  appleBundleIdsOf,
  appleProviderId,
  verifyAppleIdentityToken,
} from "../../services/oauth/apple-native";
import { signInWithOAuthAccount } from "../../services/oauth/oauth-accounts";
import type { ProviderClient } from "../../services/oauth/provider-client";
import { completeFirstFactorSignIn } from "../../services/sign-in/first-factor-sign-in";

const nativeBody = z.object({ id_token: z.string() });

export function createAppleNativeSignInRoutes(
  deps: RouteDeps,
  client: ProviderClient,
): Hono<AuthEnv> {
  const app = new Hono<AuthEnv>();

  app.post(
    "/callback/apple/native",
    describeRoute({
      summary: "Sign in with an identity token of native Sign in with Apple",
      callers: ["client", "server", "admin"],
      body: nativeBody,
    }),
    async (c) => {
      const auth = requireAccess(c);
      const { body } = validateRequest(c, { body: nativeBody });
      const bundleIds = appleBundleIdsOf(auth.project);
      const profile = await verifyAppleIdentityToken(
        client,
        body.id_token,
        bundleIds,
        deps.clock(),
      );
      const result = await signInWithOAuthAccount(deps, auth.project, {
        providerId: appleProviderId,
        profile,
        currentUserId: null,
        countryCode: getEndUserCountryCode(c),
      });
      // Unlike the reference, a TOTP user still needs the second factor (as every sign-in here).
      const session = await completeFirstFactorSignIn(deps, auth.project, result.user, {
        isNewUser: result.isNewUser,
        ip: getClientIp(c, deps.trustProxy),
      });
      c.set("writtenUsers", [result.user.row.id]);
      return sendJson(c, {
        access_token: session.accessToken,
        refresh_token: session.refreshToken,
        user_id: result.user.row.id,
        is_new_user: result.isNewUser,
      });
    },
  );

  return app;
}
