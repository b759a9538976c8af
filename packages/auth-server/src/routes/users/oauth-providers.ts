/**
 * `/oauth-providers` (contract §3.9; the SDK's `user.listOAuthProviders()`, `provider.update()`,
 * `provider.delete()` and the server's `createOAuthProvider`): list, read, update and delete a user's
 * linked provider accounts; create by server access only. Client access reaches only its own user
 * (text 403, as the reference words it); `account_id` is shown to server and admin access only.
 * @module
 */

import { Hono } from "hono";
import { z } from "zod";
import type { AuthEnv, RequestAuth, RouteDeps } from "../../http/context";
import { requireAccess, requireOwnUser, resolveUserId } from "../../http/project-access";
import { sendJson, sendSuccess } from "../../http/respond";
import { userIdOrMeSchema, validateRequest } from "../../http/validate";
import { describeRoute } from "../../openapi/route-description";
import {
  createUserOAuthProvider,
  deleteUserOAuthProvider,
  getUserOAuthProvider,
  listUserOAuthProviders,
  updateUserOAuthProvider,
} from "../../services/oauth/user-oauth-providers";
import { plainErrors } from "../../services/shared/plain-errors";

const emailSchema = z.string().trim().min(1).pipe(z.email());

const providerParams = z.object({ user_id: userIdOrMeSchema, provider_id: z.guid() });

const clientUpdateBody = z.strictObject({
  allow_sign_in: z.boolean().optional(),
  allow_connected_accounts: z.boolean().optional(),
});

const serverUpdateBody = clientUpdateBody.extend({
  email: emailSchema.optional(),
  account_id: z.string().min(1).optional(),
});

const createBody = z.strictObject({
  user_id: userIdOrMeSchema,
  provider_config_id: z.string(),
  account_id: z.string().min(1),
  email: emailSchema.optional(),
  allow_sign_in: z.boolean(),
  allow_connected_accounts: z.boolean(),
});

type Action = "read" | "list" | "update" | "delete";

/**
 * The user the request is about (`me` resolved). Client access must be signed in and name itself;
 * the reference answers a text 403 naming the action otherwise.
 */
function resolveProviderOwner(auth: RequestAuth, userId: string, action: Action): string {
  const resolved = resolveUserId(auth, userId);
  if (auth.accessType === "client" && resolved !== requireOwnUser(auth).row.id) {
    throw plainErrors.clientOAuthProvidersOfOthers(action);
  }
  return resolved;
}

/** The list's `user_id` filter: optional for server access, a client must name itself. */
function resolveListOwner(auth: RequestAuth, userId: string | undefined): string | undefined {
  if (auth.accessType === "client") {
    requireOwnUser(auth);
    if (userId === undefined) {
      throw plainErrors.clientOAuthProvidersOfOthers("list");
    }
  }
  return userId === undefined ? undefined : resolveProviderOwner(auth, userId, "list");
}

const listQuery = z.object({ user_id: userIdOrMeSchema.optional() });

export function createOAuthProviderRoutes(deps: RouteDeps): Hono<AuthEnv> {
  const app = new Hono<AuthEnv>();

  app.get(
    "/",
    describeRoute({
      summary: "List OAuth providers (of the project, or a user's connected providers)",
      callers: ["client", "server", "admin"],
      query: listQuery,
    }),
    async (c) => {
      const auth = requireAccess(c);
      const { query } = validateRequest(c, { query: listQuery });
      const userId = resolveListOwner(auth, query.user_id);
      const items = await listUserOAuthProviders(
        deps.db,
        auth.project,
        userId,
        auth.accessType !== "client",
      );
      return sendJson(c, { items, is_paginated: false });
    },
  );

  app.post(
    "/",
    describeRoute({
      summary: "Connect an OAuth provider account to a user",
      callers: ["server", "admin"],
      body: createBody,
    }),
    async (c) => {
      const auth = requireAccess(c, ["server", "admin"]);
      const { body } = validateRequest(c, { body: createBody });
      const provider = await createUserOAuthProvider(deps, auth.project, {
        ...body,
        user_id: resolveUserId(auth, body.user_id),
      });
      return sendJson(c, provider, 201);
    },
  );

  app.get(
    "/:user_id/:provider_id",
    describeRoute({
      summary: "Read a user's OAuth provider account",
      callers: ["client", "server", "admin"],
      params: providerParams,
    }),
    async (c) => {
      const auth = requireAccess(c);
      const { params } = validateRequest(c, { params: providerParams });
      const userId = resolveProviderOwner(auth, params.user_id, "read");
      const provider = await getUserOAuthProvider(
        deps.db,
        auth.project,
        userId,
        params.provider_id,
        auth.accessType !== "client",
      );
      return sendJson(c, provider);
    },
  );

  app.patch(
    "/:user_id/:provider_id",
    describeRoute({
      summary: "Update a user's OAuth provider account",
      callers: ["client", "server", "admin"],
      params: providerParams,
      bodyByAccess: { client: clientUpdateBody, server: serverUpdateBody, admin: serverUpdateBody },
    }),
    async (c) => {
      const auth = requireAccess(c);
      const isClient = auth.accessType === "client";
      const { params, body } = validateRequest(c, {
        params: providerParams,
        body: isClient ? clientUpdateBody : serverUpdateBody,
      });
      const userId = resolveProviderOwner(auth, params.user_id, "update");
      const provider = await updateUserOAuthProvider(
        deps.db,
        auth.project,
        userId,
        params.provider_id,
        body,
        !isClient,
      );
      return sendJson(c, provider);
    },
  );

  app.delete(
    "/:user_id/:provider_id",
    describeRoute({
      summary: "Remove a user's OAuth provider account",
      callers: ["client", "server", "admin"],
      params: providerParams,
    }),
    async (c) => {
      const auth = requireAccess(c);
      const { params } = validateRequest(c, { params: providerParams });
      const userId = resolveProviderOwner(auth, params.user_id, "delete");
      await deleteUserOAuthProvider(deps.db, auth.project, userId, params.provider_id);
      return sendSuccess(c);
    },
  );

  return app;
}
