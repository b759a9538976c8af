/**
 * Sessions (contract §1.7): `POST /auth/sessions` (server creates a session for a user),
 * `POST /auth/sessions/current/refresh` (refresh-token header → access token) and
 * `DELETE /auth/sessions/current` (sign out the access token's session); listing a user's sessions
 * and revoking one of them (contract §2.5).
 * @module
 */
import { knownErrors } from "@heritage/auth-protocol";
import { Hono } from "hono";
import { z } from "zod";
import { getClientIp } from "../../http/client-ip";
import type { AuthEnv, RequestAuth, RouteDeps } from "../../http/context";
import { requireAccess, requireOwnUser, resolveUserId } from "../../http/project-access";
import { requestProtocolHeaders } from "../../http/protocol-headers";
import { sendJson, sendSuccess } from "../../http/respond";
import { throwSchemaError, userIdOrMeSchema, validateRequest } from "../../http/validate";
import { describeRoute } from "../../openapi/route-description";
import { findUser } from "../../services/records/user-records";
import { plainErrors } from "../../services/shared/plain-errors";
import type { StatusError } from "../../services/shared/status-error";
import { listUserSessions, revokeUserSession } from "../../services/sign-in/session-management";
import {
  deleteSession,
  maxSessionLifetimeMillis,
  refreshAccessToken,
  startSession,
} from "../../services/sign-in/sessions";

const createSessionBody = z.strictObject({
  user_id: userIdOrMeSchema,
  expires_in_millis: z.int().min(0).max(maxSessionLifetimeMillis).optional(),
  is_impersonation: z.boolean().optional(),
});

const userQuery = z.strictObject({ user_id: userIdOrMeSchema });
const sessionParams = z.strictObject({ id: z.uuid() });
// The server SDK revokes by id alone (`DELETE /auth/sessions/{id}`); the client SDK adds `me`.
const revokeQuery = z.strictObject({ user_id: userIdOrMeSchema.optional() });

/** The user whose sessions are meant; client access may only name its own user. */
function resolveSessionOwner(auth: RequestAuth, userId: string, otherUser: StatusError): string {
  if (auth.accessType !== "client") return resolveUserId(auth, userId);
  const ownId = requireOwnUser(auth).row.id;
  if (userId !== "me" && userId !== ownId) throw otherUser;
  return ownId;
}

export function createSessionRoutes(deps: RouteDeps): Hono<AuthEnv> {
  const app = new Hono<AuthEnv>();

  app.post(
    "/",
    describeRoute({
      summary: "Create a session (refresh and access token) for a user",
      callers: ["server", "admin"],
      body: createSessionBody,
    }),
    async (c) => {
      const auth = requireAccess(c, ["server", "admin"]);
      const { body } = validateRequest(c, { body: createSessionBody });
      const userId = resolveUserId(auth, body.user_id);
      const user = await findUser(deps.db, auth.project.id, userId);
      if (!user) throw knownErrors.userIdDoesNotExist({ user_id: userId });
      const session = await startSession(deps, auth.project, user, {
        ...(body.expires_in_millis === undefined
          ? {}
          : { expiresInMillis: body.expires_in_millis }),
        isImpersonation: body.is_impersonation ?? false,
        ip: getClientIp(c, deps.trustProxy),
      });
      return sendJson(c, {
        refresh_token: session.refreshToken,
        access_token: session.accessToken,
      });
    },
  );

  app.get(
    "/",
    describeRoute({
      summary: "List a user's sessions",
      callers: ["client", "server", "admin"],
      query: userQuery,
    }),
    async (c) => {
      const auth = requireAccess(c);
      const { query } = validateRequest(c, { query: userQuery });
      const userId = resolveSessionOwner(auth, query.user_id, plainErrors.clientSessionsOfOthers());
      const items = await listUserSessions(deps, {
        projectId: auth.project.id,
        userId,
        currentSessionId: auth.accessTokenClaims?.refresh_token_id ?? null,
        includeImpersonation: auth.accessType === "admin",
      });
      return sendJson(c, { items, is_paginated: false });
    },
  );

  app.post(
    "/current/refresh",
    describeRoute({
      summary: "Get a new access token for the current session",
      callers: ["client", "server", "admin"],
    }),
    async (c) => {
      const auth = requireAccess(c);
      const refreshToken = requestProtocolHeaders(c).get("refresh-token");
      if (!refreshToken) throwSchemaError(c, ["headers.x-stack-refresh-token must be defined"]);
      const { accessToken } = await refreshAccessToken(
        deps,
        auth.project,
        refreshToken,
        getClientIp(c, deps.trustProxy),
      );
      // A refresh writes no user: its time of activity goes to a batch, whose write makes this
      // process forget the user then (session-activity.ts, http/user-cache-own-writes.ts).
      c.set("writtenUsers", []);
      return sendJson(c, { access_token: accessToken });
    },
  );

  app.delete(
    "/current",
    describeRoute({
      summary: "Sign out of the current session",
      callers: ["client", "server", "admin"],
    }),
    async (c) => {
      const auth = requireAccess(c);
      const sessionId = auth.accessTokenClaims?.refresh_token_id;
      if (!sessionId) throw knownErrors.accessTokenExpired();
      const deleted = await deleteSession(deps.db, auth.project.id, sessionId);
      if (!deleted) throw knownErrors.refreshTokenNotFoundOrExpired();
      return sendSuccess(c);
    },
  );

  app.delete(
    "/:id",
    describeRoute({
      summary: "Revoke a session",
      callers: ["client", "server", "admin"],
      params: sessionParams,
      query: revokeQuery,
    }),
    async (c) => {
      const auth = requireAccess(c);
      const { params, query } = validateRequest(c, { params: sessionParams, query: revokeQuery });
      // Another user's session answers like a missing one (the reference's 404). Without user_id,
      // a client still only reaches its own sessions; server and admin reach any in the project.
      const userId =
        query.user_id === undefined && auth.accessType !== "client"
          ? null
          : resolveSessionOwner(auth, query.user_id ?? "me", plainErrors.sessionNotFound());
      await revokeUserSession(deps, {
        projectId: auth.project.id,
        userId,
        sessionId: params.id,
        currentSessionId: auth.accessTokenClaims?.refresh_token_id ?? null,
      });
      return sendSuccess(c);
    },
  );

  return app;
}
