/**
 * `POST /auth/password/sign-in` and `/auth/password/sign-up` (contract §1.7).
 * @module
 */
import { Hono } from "hono";
import { z } from "zod";
import { getClientIp } from "../../http/client-ip";
import type { AuthEnv, RouteDeps } from "../../http/context";
import { requireAccess } from "../../http/project-access";
import { sendJson } from "../../http/respond";
import { validateRequest } from "../../http/validate";
import { signInWithPassword, signUpWithPassword } from "../../services/password-auth";

const emailSchema = z.string().min(1).pipe(z.email());

const signInBody = z.strictObject({
  email: emailSchema,
  password: z.string().max(70),
});

const signUpBody = z.strictObject({
  email: z.string().min(1).max(256).pipe(z.email()),
  // Length rules are answered with PASSWORD_TOO_SHORT / PASSWORD_TOO_LONG, not a schema error.
  password: z.string().min(1),
  verification_callback_url: z.url().optional(),
  bot_challenge_token: z.string().optional(),
  bot_challenge_phase: z.enum(["invisible", "visible"]).optional(),
  bot_challenge_unavailable: z.literal("true").optional(),
});

export function createPasswordRoutes(deps: RouteDeps): Hono<AuthEnv> {
  const app = new Hono<AuthEnv>();

  app.post("/sign-in", async (c) => {
    const auth = requireAccess(c);
    const { body } = validateRequest(c, { body: signInBody });
    const tokens = await signInWithPassword(deps, auth.project, {
      email: body.email,
      password: body.password,
      ip: getClientIp(c, deps.trustProxy),
    });
    return sendJson(c, {
      access_token: tokens.accessToken,
      refresh_token: tokens.refreshToken,
      user_id: tokens.userId,
    });
  });

  app.post("/sign-up", async (c) => {
    const auth = requireAccess(c);
    const { body } = validateRequest(c, { body: signUpBody });
    // Bot challenges are not enforced: with no phase the reference never blocks either.
    const tokens = await signUpWithPassword(deps, auth.project, {
      email: body.email,
      password: body.password,
      verificationCallbackUrl: body.verification_callback_url,
      currentUser: auth.user,
      ip: getClientIp(c, deps.trustProxy),
    });
    return sendJson(c, {
      access_token: tokens.accessToken,
      refresh_token: tokens.refreshToken,
      user_id: tokens.userId,
    });
  });

  return app;
}
