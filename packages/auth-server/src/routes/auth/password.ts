/**
 * `POST /auth/password/sign-in` and `/auth/password/sign-up` (contract §1.7); reset, update and set
 * (contract §2.2).
 * @module
 */
import { maxPasswordLength, readProtocolHeader } from "@heritage/auth-protocol";
import { type Context, Hono } from "hono";
import { z } from "zod";
import { getClientIp } from "../../http/client-ip";
import { codeCaller } from "../../http/code-caller";
import type { AuthEnv, RequestAuth, RouteDeps } from "../../http/context";
import { getEndUserCountryCode } from "../../http/end-user-country";
import { mailLanguageOf } from "../../http/mail-language";
import { requireAccess } from "../../http/project-access";
import { sendJson, sendSuccess } from "../../http/respond";
import { throwSchemaError, validateRequest } from "../../http/validate";
import { describeRoute } from "../../openapi/route-description";
import type { LoadedUser } from "../../services/records/user-records";
import {
  limitCodeChecking,
  limitCodeSending,
  waitUntilMinimumDuration,
} from "../../services/sign-in/code-rate-limits";
import { signInWithPassword, signUpWithPassword } from "../../services/sign-in/password-auth";
import {
  checkPasswordResetCode,
  resetPasswordWithCode,
  sendPasswordResetCode,
  setPassword,
  updatePassword,
} from "../../services/sign-in/password-reset";

const emailSchema = z.string().min(1).pipe(z.email());

const signInBody = z.strictObject({
  email: emailSchema,
  password: z.string().max(maxPasswordLength),
});

const signUpBody = z.strictObject({
  email: z.string().min(1).max(256).pipe(z.email()),
  // Length rules (an empty password included) are answered with PASSWORD_TOO_SHORT /
  // PASSWORD_TOO_LONG, not a schema error.
  password: z.string(),
  verification_callback_url: z.url().optional(),
  bot_challenge_token: z.string().optional(),
  bot_challenge_phase: z.enum(["invisible", "visible"]).optional(),
  bot_challenge_unavailable: z.literal("true").optional(),
});

const codeSchema = z.string().length(45);

const sendResetCodeBody = z.strictObject({ email: emailSchema, callback_url: z.url() });
const checkCodeBody = z.strictObject({ code: codeSchema });
// Length rules are answered with PASSWORD_TOO_SHORT / PASSWORD_TOO_LONG, not a schema error.
const resetBody = z.strictObject({ code: codeSchema, password: z.string() });
const updateBody = z.strictObject({ old_password: z.string(), new_password: z.string() });
const setBody = z.strictObject({ password: z.string() });

/** The signed-in user of an endpoint that needs one (the reference's schema error). */
function requireSignedInUser(c: Context<AuthEnv>, auth: RequestAuth): LoadedUser {
  if (!auth.user) throwSchemaError(c, ["auth.user must be defined"]);
  return auth.user;
}

export function createPasswordRoutes(deps: RouteDeps): Hono<AuthEnv> {
  const app = new Hono<AuthEnv>();

  app.post(
    "/sign-in",
    describeRoute({
      summary: "Sign in with e-mail and password",
      callers: ["client", "server", "admin"],
      body: signInBody,
    }),
    async (c) => {
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
    },
  );

  app.post(
    "/sign-up",
    describeRoute({
      summary: "Sign up with e-mail and password",
      callers: ["client", "server", "admin"],
      body: signUpBody,
    }),
    async (c) => {
      const auth = requireAccess(c);
      const { body } = validateRequest(c, { body: signUpBody });
      // Bot challenges are not enforced: with no phase the reference never blocks either.
      const tokens = await signUpWithPassword(deps, auth.project, {
        email: body.email,
        password: body.password,
        verificationCallbackUrl: body.verification_callback_url,
        language: mailLanguageOf(c),
        currentUser: auth.user,
        ip: getClientIp(c, deps.trustProxy),
        countryCode: getEndUserCountryCode(c),
      });
      return sendJson(c, {
        access_token: tokens.accessToken,
        refresh_token: tokens.refreshToken,
        user_id: tokens.userId,
      });
    },
  );

  app.post(
    "/send-reset-code",
    describeRoute({
      summary: "Send a password reset code",
      callers: ["client", "server", "admin"],
      body: sendResetCodeBody,
    }),
    async (c) => {
      const auth = requireAccess(c);
      const { body } = validateRequest(c, { body: sendResetCodeBody });
      const startedAt = performance.now();
      try {
        await limitCodeSending(deps, codeCaller(c, deps, auth), {
          projectId: auth.project.id,
          email: body.email,
        });
        await sendPasswordResetCode(deps, auth.project, {
          email: body.email,
          callbackUrl: body.callback_url,
          language: mailLanguageOf(c),
        });
      } finally {
        // Known and unknown addresses answer after the same time (the reference pads unknown ones).
        await waitUntilMinimumDuration(startedAt, deps.config.AUTH_EMAIL_LOOKUP_MIN_DURATION_MS);
      }
      return sendJson(c, { success: "maybe, only if user with e-mail exists" });
    },
  );

  app.post(
    "/reset/check-code",
    describeRoute({
      summary: "Check a password reset code without using it",
      callers: ["client", "server", "admin"],
      body: checkCodeBody,
    }),
    async (c) => {
      const auth = requireAccess(c);
      const { body } = validateRequest(c, { body: checkCodeBody });
      await limitCodeChecking(deps, codeCaller(c, deps, auth));
      await checkPasswordResetCode(deps, auth.project, body.code);
      return sendJson(c, { is_code_valid: true });
    },
  );

  app.post(
    "/reset",
    describeRoute({
      summary: "Reset the password with a code",
      callers: ["client", "server", "admin"],
      body: resetBody,
    }),
    async (c) => {
      const auth = requireAccess(c);
      const { body } = validateRequest(c, { body: resetBody });
      await limitCodeChecking(deps, codeCaller(c, deps, auth));
      await resetPasswordWithCode(deps, auth.project, { code: body.code, password: body.password });
      return sendSuccess(c);
    },
  );

  app.post(
    "/update",
    describeRoute({
      summary: "Change the signed-in user's password",
      callers: ["client", "server", "admin"],
      body: updateBody,
    }),
    async (c) => {
      const auth = requireAccess(c);
      const { body } = validateRequest(c, { body: updateBody });
      const user = requireSignedInUser(c, auth);
      await updatePassword(deps, auth.project, user, {
        oldPassword: body.old_password,
        newPassword: body.new_password,
        keepRefreshToken: readProtocolHeader(c.req.raw.headers, "refresh-token") ?? null,
      });
      return sendSuccess(c);
    },
  );

  app.post(
    "/set",
    describeRoute({
      summary: "Set a password for a user who has none",
      callers: ["client", "server", "admin"],
      body: setBody,
    }),
    async (c) => {
      const auth = requireAccess(c);
      const { body } = validateRequest(c, { body: setBody });
      const user = requireSignedInUser(c, auth);
      await setPassword(deps, auth.project, user, body.password);
      return sendSuccess(c);
    },
  );

  return app;
}
