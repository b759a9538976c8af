/**
 * `POST /auth/otp/send-sign-in-code`, `/auth/otp/sign-in` and `/auth/otp/sign-in/check-code`
 * (contract §2.4): magic links and one-time codes, rate-limited per client IP and address.
 * @module
 */

import { Hono } from "hono";
import { z } from "zod";
import { codeCaller } from "../../http/code-caller";
import type { AuthEnv, RouteDeps } from "../../http/context";
import { getEndUserCountryCode } from "../../http/end-user-country";
import { mailLanguageOf } from "../../http/mail-language";
import { requireAccess } from "../../http/project-access";
import { sendJson } from "../../http/respond";
import { validateRequest } from "../../http/validate";
import { describeRoute } from "../../openapi/route-description";
import { limitCodeChecking, limitCodeSending } from "../../services/sign-in/code-rate-limits";
import {
  checkSignInCode,
  sendSignInCode,
  signInWithCode,
} from "../../services/sign-in/otp-sign-in";

const sendCodeBody = z.strictObject({
  email: z.string().min(1).max(256).pipe(z.email()),
  callback_url: z.url(),
  // Bot challenges are not enforced: with no phase the reference never blocks either.
  bot_challenge_token: z.string().optional(),
  bot_challenge_phase: z.enum(["invisible", "visible"]).optional(),
  bot_challenge_unavailable: z.literal("true").optional(),
});

const codeBody = z.strictObject({ code: z.string().length(45) });

export function createOtpRoutes(deps: RouteDeps): Hono<AuthEnv> {
  const app = new Hono<AuthEnv>();

  app.post(
    "/send-sign-in-code",
    describeRoute({
      summary: "Send a sign-in code or magic link by e-mail",
      callers: ["client", "server", "admin"],
      body: sendCodeBody,
    }),
    async (c) => {
      const auth = requireAccess(c);
      const { body } = validateRequest(c, { body: sendCodeBody });
      await limitCodeSending(deps, codeCaller(c, deps, auth), {
        projectId: auth.project.id,
        email: body.email,
      });
      const { nonce } = await sendSignInCode(deps, auth.project, {
        email: body.email,
        callbackUrl: body.callback_url,
        countryCode: getEndUserCountryCode(c),
        language: mailLanguageOf(c),
      });
      return sendJson(c, { nonce });
    },
  );

  app.post(
    "/sign-in/check-code",
    describeRoute({
      summary: "Check a sign-in code without using it",
      callers: ["client", "server", "admin"],
      body: codeBody,
    }),
    async (c) => {
      const auth = requireAccess(c);
      const { body } = validateRequest(c, { body: codeBody });
      await limitCodeChecking(deps, codeCaller(c, deps, auth));
      await checkSignInCode(deps, auth.project, body.code);
      return sendJson(c, { is_code_valid: true });
    },
  );

  app.post(
    "/sign-in",
    describeRoute({
      summary: "Sign in with a one-time code",
      callers: ["client", "server", "admin"],
      body: codeBody,
    }),
    async (c) => {
      const auth = requireAccess(c);
      const { body } = validateRequest(c, { body: codeBody });
      const caller = codeCaller(c, deps, auth);
      await limitCodeChecking(deps, caller);
      const tokens = await signInWithCode(deps, auth.project, {
        code: body.code,
        currentUser: auth.user,
        ip: caller.ip,
      });
      return sendJson(c, {
        refresh_token: tokens.refreshToken,
        access_token: tokens.accessToken,
        is_new_user: tokens.isNewUser,
        user_id: tokens.userId,
      });
    },
  );

  return app;
}
