/**
 * `POST /auth/mfa/sign-in` (contract §2.14): the second factor of a sign-in that answered
 * `MULTI_FACTOR_AUTHENTICATION_REQUIRED`.
 * @module
 */

import { Hono } from "hono";
import { z } from "zod";
import { codeCaller } from "../../http/code-caller";
import type { AuthEnv, RouteDeps } from "../../http/context";
import { requireAccess } from "../../http/project-access";
import { sendJson } from "../../http/respond";
import { validateRequest } from "../../http/validate";
import { describeRoute } from "../../openapi/route-description";
import { limitCodeChecking } from "../../services/sign-in/code-rate-limits";
import { signInWithTotp } from "../../services/sign-in/mfa-sign-in";

const signInBody = z.strictObject({
  type: z.enum(["totp"]),
  // Any string: a code of the wrong shape is a wrong code (INVALID_TOTP_CODE), as in the reference.
  totp: z.string(),
  code: z.string().length(45),
});

export function createMfaRoutes(deps: RouteDeps): Hono<AuthEnv> {
  const app = new Hono<AuthEnv>();

  app.post(
    "/sign-in",
    describeRoute({
      summary: "Sign in with a second factor (TOTP) after a first factor",
      callers: ["client", "server", "admin"],
      body: signInBody,
    }),
    async (c) => {
      const auth = requireAccess(c);
      const { body } = validateRequest(c, { body: signInBody });
      // A TOTP code is six digits: guesses are counted per client IP like every other code.
      const caller = codeCaller(c, deps, auth);
      await limitCodeChecking(deps, caller);
      const tokens = await signInWithTotp(deps, auth.project, {
        attemptCode: body.code,
        totp: body.totp,
        ip: caller.ip,
      });
      return sendJson(c, {
        access_token: tokens.accessToken,
        refresh_token: tokens.refreshToken,
        is_new_user: tokens.isNewUser,
        user_id: tokens.userId,
      });
    },
  );

  return app;
}
