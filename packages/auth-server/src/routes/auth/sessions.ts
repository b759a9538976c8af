/**
 * Sessions (contract §1.7): `POST /auth/sessions` (server creates a session for a user),
 * `POST /auth/sessions/current/refresh` (refresh-token header → access token) and
 * `DELETE /auth/sessions/current` (sign out the access token's session).
 * @module
 */
import { knownErrors, readProtocolHeader } from "@heritage/auth-protocol";
import { Hono } from "hono";
import { z } from "zod";
import { getClientIp } from "../../http/client-ip";
import type { AuthEnv, RouteDeps } from "../../http/context";
import { requireAccess, resolveUserId } from "../../http/project-access";
import { sendJson, sendSuccess } from "../../http/respond";
import { throwSchemaError, userIdOrMeSchema, validateRequest } from "../../http/validate";
import {
  deleteSession,
  maxSessionLifetimeMillis,
  refreshAccessToken,
  startSession,
} from "../../services/sessions";
import { findUser } from "../../services/users";

const createSessionBody = z.strictObject({
  user_id: userIdOrMeSchema,
  expires_in_millis: z.int().min(0).max(maxSessionLifetimeMillis).optional(),
  is_impersonation: z.boolean().optional(),
});

export function createSessionRoutes(deps: RouteDeps): Hono<AuthEnv> {
  const app = new Hono<AuthEnv>();

  app.post("/", async (c) => {
    const auth = requireAccess(c, ["server", "admin"]);
    const { body } = validateRequest(c, { body: createSessionBody });
    const userId = resolveUserId(auth, body.user_id);
    const user = await findUser(deps.db, auth.project.id, userId);
    if (!user) throw knownErrors.userIdDoesNotExist({ user_id: userId });
    const session = await startSession(deps, auth.project, user, {
      ...(body.expires_in_millis === undefined ? {} : { expiresInMillis: body.expires_in_millis }),
      isImpersonation: body.is_impersonation ?? false,
      ip: getClientIp(c, deps.trustProxy),
    });
    return sendJson(c, { refresh_token: session.refreshToken, access_token: session.accessToken });
  });

  app.post("/current/refresh", async (c) => {
    const auth = requireAccess(c);
    const refreshToken = readProtocolHeader(c.req.raw.headers, "refresh-token");
    if (!refreshToken) throwSchemaError(c, ["headers.x-stack-refresh-token must be defined"]);
    const { accessToken } = await refreshAccessToken(
      deps,
      auth.project,
      refreshToken,
      getClientIp(c, deps.trustProxy),
    );
    return sendJson(c, { access_token: accessToken });
  });

  app.delete("/current", async (c) => {
    const auth = requireAccess(c);
    const sessionId = auth.accessTokenClaims?.refresh_token_id;
    if (!sessionId) throw knownErrors.accessTokenExpired();
    const deleted = await deleteSession(deps.db, auth.project.id, sessionId);
    if (!deleted) throw knownErrors.refreshTokenNotFoundOrExpired();
    return sendSuccess(c);
  });

  return app;
}
