/**
 * `/user-api-keys` and `/team-api-keys` (contract §2.12): create (the key shown once), list, read,
 * update (description, expiry, revoke) and the server-side check. Client access only for its own
 * user's keys, or a team's keys when the user holds `$manage_api_keys` there.
 * @module
 */
import { type ApiKeyType, knownErrors } from "@heritage/auth-protocol";
import type { Context } from "hono";
import { Hono } from "hono";
import { z } from "zod";
import type { AuthEnv, RequestAuth, RouteDeps } from "../../http/context";
import { requireAccess, resolveUserId } from "../../http/project-access";
import { sendJson } from "../../http/respond";
import { userIdOrMeSchema, validateRequest } from "../../http/validate";
import { describeRoute } from "../../openapi/route-description";
import { canManageTeamApiKeys } from "../../services/api-keys/api-key-team-access";
import {
  type ApiKeyOwner,
  checkApiKey,
  createApiKey,
  listApiKeys,
  ownerOf,
  requireApiKey,
  requireApiKeysEnabled,
  requireOwnerExists,
  toApiKeyFirstView,
  toApiKeyWire,
  updateApiKey,
} from "../../services/api-keys/api-keys";
import { plainErrors } from "../../services/shared/plain-errors";

const expiresAtSchema = z.number().int().nonnegative().nullable();

const createBodies = {
  user: z.strictObject({
    description: z.string(),
    expires_at_millis: expiresAtSchema,
    is_public: z.boolean().optional(),
    user_id: userIdOrMeSchema,
  }),
  team: z.strictObject({
    description: z.string(),
    expires_at_millis: expiresAtSchema,
    is_public: z.boolean().optional(),
    team_id: z.uuid(),
  }),
};

// The SDK repeats the owner in the query of reads and updates; the other owner field is unknown.
const ownerQueries = {
  user: z.strictObject({ user_id: userIdOrMeSchema.optional() }),
  team: z.strictObject({ team_id: z.uuid().optional() }),
};

const updateBody = z.strictObject({
  description: z.string().optional(),
  expires_at_millis: expiresAtSchema.optional(),
  revoked: z.literal(true).optional(),
});

const keyParams = z.object({ api_key_id: z.uuid() });
const checkBody = z.strictObject({ api_key: z.string() });

/** Client rules of the reference: a user is needed, own keys only, team keys need the permission. */
async function requireCanManage(
  deps: RouteDeps,
  auth: RequestAuth,
  owner: ApiKeyOwner,
): Promise<void> {
  if (auth.accessType !== "client") return;
  if (!auth.user) throw knownErrors.userAuthenticationRequired();
  if (owner.type === "user") {
    if (owner.userId !== auth.user.row.id) {
      throw plainErrors.clientApiKeysOfOthers();
    }
    return;
  }
  const allowed = await canManageTeamApiKeys(deps.db, auth.project, {
    teamId: owner.teamId,
    userId: auth.user.row.id,
  });
  // Not found rather than forbidden, so a client cannot learn which teams exist.
  if (!allowed) throw knownErrors.apiKeyNotFound();
}

/** The owner named by a request; `me` needs a user (client: USER_AUTHENTICATION_REQUIRED first). */
function ownerFrom(
  auth: RequestAuth,
  type: ApiKeyType,
  input: { user_id?: string | undefined; team_id?: string | undefined },
): ApiKeyOwner {
  if (type === "team") {
    if (input.team_id === undefined) {
      throw knownErrors.schemaError({ message: "team_id is required for team API keys" });
    }
    return { type: "team", teamId: input.team_id };
  }
  if (input.user_id === undefined) {
    throw knownErrors.schemaError({ message: "user_id is required for user API keys" });
  }
  if (auth.accessType === "client" && !auth.user) throw knownErrors.userAuthenticationRequired();
  return { type: "user", userId: resolveUserId(auth, input.user_id) };
}

export function createApiKeyRoutes(deps: RouteDeps, type: ApiKeyType): Hono<AuthEnv> {
  const app = new Hono<AuthEnv>();

  const begin = (c: Context<AuthEnv>, allowed?: readonly ("client" | "server" | "admin")[]) => {
    const auth = requireAccess(c, allowed);
    requireApiKeysEnabled(auth.project.config, type);
    return auth;
  };

  app.post(
    "/check",
    describeRoute({
      summary: `Check whether a ${type} API key is valid`,
      callers: ["server", "admin"],
      body: checkBody,
    }),
    async (c) => {
      const auth = begin(c, ["server", "admin"]);
      const { body } = validateRequest(c, { body: checkBody });
      const row = await checkApiKey(deps.db, auth.project.id, type, body.api_key, deps.clock());
      return sendJson(c, toApiKeyWire(row));
    },
  );

  app.post(
    "/",
    describeRoute({
      summary: `Create a ${type} API key`,
      callers: ["client", "server", "admin"],
      body: createBodies[type],
    }),
    async (c) => {
      const auth = begin(c);
      const { body } = validateRequest(c, { body: createBodies[type] });
      const owner = ownerFrom(auth, type, body);
      await requireCanManage(deps, auth, owner);
      if (auth.accessType !== "client") await requireOwnerExists(deps.db, auth.project.id, owner);
      const { row, key } = await createApiKey(deps, auth.project.id, {
        owner,
        description: body.description,
        expiresAt: body.expires_at_millis === null ? null : new Date(body.expires_at_millis),
        isPublic: body.is_public ?? false,
      });
      // A custom action in the reference: 200, not 201.
      return sendJson(c, toApiKeyFirstView(row, key));
    },
  );

  app.get(
    "/",
    describeRoute({
      summary: `List ${type} API keys`,
      callers: ["client", "server", "admin"],
      query: ownerQueries[type],
    }),
    async (c) => {
      const auth = begin(c);
      const { query } = validateRequest(c, { query: ownerQueries[type] });
      const owner = ownerFrom(auth, type, query);
      await requireCanManage(deps, auth, owner);
      const rows = await listApiKeys(deps.db, auth.project.id, owner);
      return sendJson(c, { items: rows.map(toApiKeyWire), is_paginated: false });
    },
  );

  app.get(
    "/:api_key_id",
    describeRoute({
      summary: `Read a ${type} API key`,
      callers: ["client", "server", "admin"],
      params: keyParams,
      query: ownerQueries[type],
    }),
    async (c) => {
      const auth = begin(c);
      const { params } = validateRequest(c, { params: keyParams, query: ownerQueries[type] });
      const row = await requireApiKey(deps.db, auth.project.id, type, params.api_key_id);
      await requireCanManage(deps, auth, ownerOf(row));
      return sendJson(c, toApiKeyWire(row));
    },
  );

  app.patch(
    "/:api_key_id",
    describeRoute({
      summary: `Update or revoke a ${type} API key`,
      callers: ["client", "server", "admin"],
      params: keyParams,
      query: ownerQueries[type],
      body: updateBody,
    }),
    async (c) => {
      const auth = begin(c);
      const { params, body } = validateRequest(c, {
        params: keyParams,
        query: ownerQueries[type],
        body: updateBody,
      });
      const row = await requireApiKey(deps.db, auth.project.id, type, params.api_key_id);
      await requireCanManage(deps, auth, ownerOf(row));
      const updated = await updateApiKey(
        deps.db,
        row,
        {
          ...(body.description === undefined ? {} : { description: body.description }),
          ...(body.expires_at_millis === undefined
            ? {}
            : {
                expiresAt:
                  body.expires_at_millis === null ? null : new Date(body.expires_at_millis),
              }),
          ...(body.revoked ? { revoke: true } : {}),
        },
        deps.clock(),
      );
      return sendJson(c, toApiKeyWire(updated));
    },
  );

  return app;
}
