/**
 * `POST /auth/mfa/sign-in` (contract §2.14): the second factor of a sign-in that answered
 * `MULTI_FACTOR_AUTHENTICATION_REQUIRED`.
 * @module
 */
import { Hono } from "hono";
import { z } from "zod";
import { getClientIp } from "../../http/client-ip";
import type { AuthEnv, RouteDeps } from "../../http/context";
import { requireAccess } from "../../http/project-access";
import { sendJson } from "../../http/respond";
import { validateRequest } from "../../http/validate";
import { signInWithTotp } from "../../services/mfa-sign-in";

const signInBody = z.strictObject({
  type: z.enum(["totp"]),
  // Any string: a code of the wrong shape is a wrong code (INVALID_TOTP_CODE), as in the reference.
  totp: z.string(),
  code: z.string().length(45),
});

export function createMfaRoutes(deps: RouteDeps): Hono<AuthEnv> {
  const app = new Hono<AuthEnv>();

  app.post("/sign-in", async (c) => {
    const auth = requireAccess(c);
    const { body } = validateRequest(c, { body: signInBody });
    const tokens = await signInWithTotp(deps, auth.project, {
      attemptCode: body.code,
      totp: body.totp,
      ip: getClientIp(c, deps.trustProxy),
    });
    return sendJson(c, {
      access_token: tokens.accessToken,
      refresh_token: tokens.refreshToken,
      is_new_user: tokens.isNewUser,
      user_id: tokens.userId,
    });
  });

  return app;
}
