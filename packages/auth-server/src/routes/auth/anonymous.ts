/**
 * `POST /auth/anonymous/sign-up` (contract §2.13): a new anonymous user (restricted, reason
 * `anonymous`) and a session whose access tokens carry the `{projectId}:anon` audience. Such tokens
 * are only accepted with the allow-anonymous header (§1.3); a later password or OTP sign-up sent
 * with them upgrades the same user. Closed with SIGN_UP_NOT_ENABLED when the project's sign-up is
 * off (issue 14): the reference leaves it open, which let anyone add users to a project meant to
 * have none but those its operator creates (the site's). AUTH_ANONYMOUS_SIGN_UP_WITH_SIGN_UP_OFF
 * opens it as the reference does; upgrading such a user still needs sign-up.
 * @module
 */
import { knownErrors } from "@heritage/auth-protocol";
import { Hono } from "hono";
import { z } from "zod";
import { getClientIp } from "../../http/client-ip";
import type { AuthEnv, RouteDeps } from "../../http/context";
import { requireAccess } from "../../http/project-access";
import { sendJson } from "../../http/respond";
import { validateRequest } from "../../http/validate";
import { describeRoute } from "../../openapi/route-description";
import { createUser } from "../../services/accounts/user-writes";
import { consumeRateLimits } from "../../services/sign-in/rate-limits";
import { startSession } from "../../services/sign-in/sessions";

// The reference takes no body; an empty JSON object (as SDKs send) is fine, anything else is not.
const emptyBody = z.strictObject({});

export function createAnonymousRoutes(deps: RouteDeps): Hono<AuthEnv> {
  const app = new Hono<AuthEnv>();

  app.post(
    "/sign-up",
    describeRoute({
      summary: "Sign up as an anonymous user",
      callers: ["client", "server", "admin"],
      body: emptyBody,
    }),
    async (c) => {
      const auth = requireAccess(c);
      validateRequest(c, { body: emptyBody });
      if (
        !auth.project.config.auth.allowSignUp &&
        !deps.config.AUTH_ANONYMOUS_SIGN_UP_WITH_SIGN_UP_OFF
      ) {
        throw knownErrors.signUpNotEnabled();
      }
      const ip = getClientIp(c, deps.trustProxy);
      // Anonymous users cost a row each: they count against the per-IP sign-up limit too.
      await consumeRateLimits(deps, [
        {
          key: `anonymous-sign-up:ip:${ip ?? "unknown"}`,
          limit: deps.config.AUTH_RATE_LIMIT_SIGN_UP_PER_IP,
        },
      ]);
      const user = await deps.db.transaction((tx) =>
        createUser(tx, deps, auth.project, { is_anonymous: true }),
      );
      const session = await startSession(deps, auth.project, user, { ip });
      return sendJson(c, {
        access_token: session.accessToken,
        refresh_token: session.refreshToken,
        user_id: user.row.id,
      });
    },
  );

  return app;
}
