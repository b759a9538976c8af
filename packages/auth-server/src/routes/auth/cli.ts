/**
 * `/auth/cli` (contract §2.17): initiate a CLI sign-in, poll it, and complete it from the browser
 * (also `check` and `claim-anon-session` for a CLI that brought an anonymous session).
 * @module
 */

import { Hono } from "hono";
import { z } from "zod";
import { codeCaller } from "../../http/code-caller";
import type { AuthEnv, RouteDeps } from "../../http/context";
import { requireAccess } from "../../http/project-access";
import { sendJson, sendSuccess } from "../../http/respond";
import { validateRequest } from "../../http/validate";
import { describeRoute } from "../../openapi/route-description";
import { plainErrors } from "../../services/shared/plain-errors";
import {
  checkCliAuth,
  claimCliAnonymousSession,
  completeCliAuth,
  defaultCliAuthLifetimeMillis,
  initiateCliAuth,
  maxCliAuthLifetimeMillis,
  pollCliAuth,
} from "../../services/sign-in/cli-auth";
import { limitCodeChecking } from "../../services/sign-in/code-rate-limits";

const initiateBody = z.strictObject({
  expires_in_millis: z.number().int().positive().max(maxCliAuthLifetimeMillis).optional(),
  anon_refresh_token: z.string().optional(),
});
const pollBody = z.strictObject({ polling_code: z.string() });
const completeBody = z.strictObject({
  login_code: z.string(),
  mode: z.enum(["complete", "check", "claim-anon-session"]).optional(),
  refresh_token: z.string().optional(),
});

export function createCliAuthRoutes(deps: RouteDeps): Hono<AuthEnv> {
  const app = new Hono<AuthEnv>();

  app.post(
    "/",
    describeRoute({
      summary: "Start a CLI sign-in (returns a polling code and a login code)",
      callers: ["client", "server", "admin"],
      body: initiateBody,
    }),
    async (c) => {
      const auth = requireAccess(c);
      const { body } = validateRequest(c, { body: initiateBody });
      const attempt = await initiateCliAuth(deps, auth.project, {
        expiresInMillis: body.expires_in_millis ?? defaultCliAuthLifetimeMillis,
        anonRefreshToken: body.anon_refresh_token,
      });
      return sendJson(c, {
        polling_code: attempt.pollingCode,
        login_code: attempt.loginCode,
        expires_at: attempt.expiresAt.toISOString(),
      });
    },
  );

  app.post(
    "/poll",
    describeRoute({
      summary: "Poll a CLI sign-in for its refresh token",
      callers: ["client", "server", "admin"],
      body: pollBody,
    }),
    async (c) => {
      const auth = requireAccess(c);
      const { body } = validateRequest(c, { body: pollBody });
      const result = await pollCliAuth(deps, auth.project, body.polling_code);
      if (result.status === "success") {
        return sendJson(c, { status: "success", refresh_token: result.refreshToken }, 201);
      }
      return sendJson(c, { status: result.status });
    },
  );

  app.post(
    "/complete",
    describeRoute({
      summary: "Complete a CLI sign-in from the signed-in browser",
      callers: ["client", "server", "admin"],
      body: completeBody,
    }),
    async (c) => {
      const auth = requireAccess(c);
      const { body } = validateRequest(c, { body: completeBody });
      // Every mode looks a login code up. (Polling is not counted: a CLI polls every few seconds
      // with a 45-character code nobody can guess.)
      await limitCodeChecking(deps, codeCaller(c, deps, auth));
      const mode = body.mode ?? "complete";
      if (mode === "check") {
        const state = await checkCliAuth(deps, auth.project, body.login_code);
        return sendJson(c, { cli_session_state: state });
      }
      if (mode === "claim-anon-session") {
        const tokens = await claimCliAnonymousSession(deps, auth.project, body.login_code);
        return sendJson(c, {
          access_token: tokens.accessToken,
          refresh_token: tokens.refreshToken,
        });
      }
      if (!body.refresh_token) {
        throw plainErrors.cliRefreshTokenRequired();
      }
      await completeCliAuth(deps, auth.project, body.login_code, body.refresh_token);
      return sendSuccess(c);
    },
  );

  return app;
}
