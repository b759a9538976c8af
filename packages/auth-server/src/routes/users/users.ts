/**
 * Users (contract §1.7, §1.8): the signed-in user (`/users/me`, any access type) and user management
 * for server and admin access (`/users`, `/users/{user_id}`). Client access sees and writes only the
 * client fields.
 * @module
 */
import { type AccessType, maxImageUrlLength, maxPasswordLength } from "@heritage/auth-protocol";
import { Hono } from "hono";
import { z } from "zod";
import type { AuthEnv, RequestAuth, RouteDeps } from "../../http/context";
import { requireAccess, requireOwnUser, resolveUserId } from "../../http/project-access";
import { sendJson, sendJsonText, sendSuccess } from "../../http/respond";
import { userIdOrMeSchema, validateRequest } from "../../http/validate";
import { describeRoute } from "../../openapi/route-description";
import { createUser, type UserWriteInput, updateUser } from "../../services/accounts/user-writes";
import { keepProfileImage } from "../../services/images/profile-image-store";
import { attachOAuthAccounts } from "../../services/oauth/oauth-accounts";
import type { LoadedProject } from "../../services/projects/projects";
import {
  deleteUser,
  type LoadedUser,
  listUsers,
  requireUser,
} from "../../services/records/user-records";
import { toClientUser, toServerUser } from "../../services/records/user-wire";
import { plainErrors } from "../../services/shared/plain-errors";
import { metadataSchema } from "./metadata-field";

const serverAccess: readonly AccessType[] = ["server", "admin"];

const base64Pattern = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;
const totpSecretSchema = z
  .string()
  .refine((value) => base64Pattern.test(value), "is not valid base64")
  .nullable();
// `""` clears the display name.
const displayNameSchema = z
  .string()
  .max(256)
  .nullable()
  .transform((value) => (value === "" ? null : value));
// Stored trimmed and lower-cased (contract §1.7), so surrounding spaces are fine. The HTML form
// rule, as the reference's `emailSchema`: addresses its stricter sign-up rule refuses
// (`someone@intranet`) still belong to existing users and may be set here.
const emailSchema = z
  .string()
  .trim()
  .min(1)
  .pipe(z.email({ pattern: z.regexes.html5Email }));
// As the reference's `urlSchema`: whatever the URL parser takes (data: URLs included), no spaces.
const profileImageUrlSchema = z
  .string()
  .max(maxImageUrlLength)
  .refine((value) => !value.includes(" "), "contains spaces")
  .refine((value) => URL.canParse(value), "is not a valid URL")
  .nullable();
// What a client may upload as its own picture: a base64 data URL of a raster image type.
const clientProfileImagePattern =
  /^data:image\/(png|jpg|jpeg|gif|bmp|webp);base64,[A-Za-z0-9+/]+={0,2}$/;
const riskScore = z.int().min(0).max(100);

const clientUpdateBody = z.strictObject({
  display_name: displayNameSchema.optional(),
  profile_image_url: profileImageUrlSchema.optional(),
  client_metadata: metadataSchema.optional(),
  selected_team_id: z.uuid().nullable().optional(),
  totp_secret_base64: totpSecretSchema.optional(),
  otp_auth_enabled: z.boolean().optional(),
  passkey_auth_enabled: z.boolean().optional(),
  primary_email: emailSchema.nullable().optional(),
});

const serverWriteShape = {
  primary_email: emailSchema.nullable().optional(),
  primary_email_verified: z.boolean().optional(),
  primary_email_auth_enabled: z.boolean().optional(),
  password: z.string().max(maxPasswordLength).nullable().optional(),
  password_hash: z.string().nullable().optional(),
  otp_auth_enabled: z.boolean().optional(),
  passkey_auth_enabled: z.boolean().optional(),
  display_name: displayNameSchema.optional(),
  profile_image_url: profileImageUrlSchema.optional(),
  client_metadata: metadataSchema.optional(),
  client_read_only_metadata: metadataSchema.optional(),
  server_metadata: metadataSchema.optional(),
  totp_secret_base64: totpSecretSchema.optional(),
  restricted_by_admin: z.boolean().optional(),
  restricted_by_admin_reason: z.string().nullable().optional(),
  restricted_by_admin_private_details: z.string().nullable().optional(),
  country_code: z
    .string()
    .regex(/^[A-Z]{2}$/, "must be a two-letter country code")
    .nullable()
    .optional(),
  risk_scores: z
    .strictObject({
      sign_up: z.strictObject({ bot: riskScore, free_trial_abuse: riskScore }),
    })
    .optional(),
};

/**
 * The reference's schema test: a restriction's reason and private details may only be written
 * together with `restricted_by_admin: true` (a SCHEMA_ERROR line of its own, naming no field).
 */
function checkRestrictionConsistency(
  body: {
    restricted_by_admin?: boolean | undefined;
    restricted_by_admin_reason?: string | null | undefined;
    restricted_by_admin_private_details?: string | null | undefined;
  },
  context: z.RefinementCtx,
): void {
  if (body.restricted_by_admin === true) return;
  for (const field of [
    "restricted_by_admin_reason",
    "restricted_by_admin_private_details",
  ] as const) {
    if (body[field] != null) {
      context.addIssue({
        code: "custom",
        message: `${field} must be null when restricted_by_admin is not true`,
        params: { wholeLine: true },
      });
      return;
    }
  }
}

const serverCreateBody = z
  .strictObject({
    ...serverWriteShape,
    is_anonymous: z.boolean().optional(),
    oauth_providers: z
      .array(
        z.strictObject({ id: z.string(), account_id: z.string(), email: z.string().nullable() }),
      )
      .optional(),
  })
  .superRefine(checkRestrictionConsistency);

const serverUpdateBody = z
  .strictObject({
    ...serverWriteShape,
    // Only `false` (upgrade an anonymous user) can be written.
    is_anonymous: z.literal(false).optional(),
    selected_team_id: z.uuid().nullable().optional(),
  })
  .superRefine(checkRestrictionConsistency);

const booleanString = z
  .enum(["true", "false"])
  .optional()
  .transform((value) => value === "true");

const listQuery = z.strictObject({
  limit: z
    .string()
    .regex(/^\d+$/, "must be a positive integer")
    .transform(Number)
    .pipe(z.int().min(1))
    .optional(),
  cursor: z.uuid().optional(),
  order_by: z.enum(["signed_up_at", "last_active_at"]).optional(),
  desc: booleanString,
  query: z.string().optional(),
  team_id: z.uuid().optional(),
  include_restricted: booleanString,
  include_anonymous: booleanString,
  only_anonymous: booleanString,
});

const userIdParams = z.strictObject({ user_id: userIdOrMeSchema });

/**
 * `GET /users/me`, the call every page of an app makes, serialised once per user as cached, per
 * project config and per access type: the user cache and the project cache hand out frozen
 * objects and replace them, never change them, so an answer kept with them stays right until they
 * are replaced, and goes with them (issue 30: shaping and serialising the user was a twentieth of
 * the request's CPU).
 */
const ownUserAnswers = new WeakMap<LoadedUser, WeakMap<object, Map<string, string>>>();

function ownUserJson(auth: RequestAuth, user: LoadedUser): string {
  let byConfig = ownUserAnswers.get(user);
  if (!byConfig) {
    byConfig = new WeakMap();
    ownUserAnswers.set(user, byConfig);
  }
  let byAccessType = byConfig.get(auth.project.config);
  if (!byAccessType) {
    byAccessType = new Map();
    byConfig.set(auth.project.config, byAccessType);
  }
  let json = byAccessType.get(auth.accessType);
  if (json === undefined) {
    json = JSON.stringify(shapeUser(auth, user));
    byAccessType.set(auth.accessType, json);
  }
  return json;
}

function shapeUser(auth: RequestAuth, user: LoadedUser) {
  return auth.accessType === "client"
    ? toClientUser(user, auth.project.config)
    : toServerUser(user, auth.project.config);
}

function checkClientProfileImage(url: string | null | undefined): void {
  if (url && !clientProfileImagePattern.test(url)) {
    throw plainErrors.invalidProfileImageUrl();
  }
}

function checkOAuthProviders(
  project: LoadedProject,
  providers: readonly { id: string }[] | undefined,
): void {
  for (const provider of providers ?? []) {
    // Own keys only: an id like "constructor" must not match the object's prototype.
    if (!Object.hasOwn(project.config.auth.oauth.providers, provider.id)) {
      throw plainErrors.oauthProviderNotFound(provider.id);
    }
  }
}

export function createUserRoutes(deps: RouteDeps): Hono<AuthEnv> {
  const app = new Hono<AuthEnv>();
  const keepUserPicture = (value: string | null | undefined) =>
    keepProfileImage(deps.profileImages, "user-profile-images", value);

  async function applyUpdate(auth: RequestAuth, userId: string, input: UserWriteInput) {
    // Stored ahead of the transaction: a slow bucket must not hold it open.
    const picture = await keepUserPicture(input.profile_image_url);
    return deps.db.transaction((tx) =>
      updateUser(tx, deps, auth.project, userId, { ...input, profile_image_url: picture }),
    );
  }

  app.get(
    "/me",
    describeRoute({
      summary: "Read the signed-in user",
      callers: ["client", "server", "admin"],
      signedIn: true,
    }),
    (c) => {
      const auth = requireAccess(c);
      const user = requireOwnUser(auth);
      return sendJsonText(c, ownUserJson(auth, user));
    },
  );

  app.patch(
    "/me",
    describeRoute({
      summary: "Update the signed-in user",
      callers: ["client", "server", "admin"],
      signedIn: true,
      bodyByAccess: { client: clientUpdateBody, server: serverUpdateBody, admin: serverUpdateBody },
    }),
    async (c) => {
      const auth = requireAccess(c);
      let input: UserWriteInput;
      if (auth.accessType === "client") {
        input = validateRequest(c, { body: clientUpdateBody }).body;
        checkClientProfileImage(input.profile_image_url);
        if (input.passkey_auth_enabled === true) {
          throw plainErrors.passkeyAuthNotManual();
        }
      } else {
        input = validateRequest(c, { body: serverUpdateBody }).body;
      }
      const user = requireOwnUser(auth);
      return sendJson(c, shapeUser(auth, await applyUpdate(auth, user.row.id, input)));
    },
  );

  app.delete(
    "/me",
    describeRoute({
      summary: "Delete the signed-in user",
      callers: ["client", "server", "admin"],
      signedIn: true,
    }),
    async (c) => {
      const auth = requireAccess(c);
      const user = requireOwnUser(auth);
      if (auth.accessType === "client" && !auth.project.config.users.allowClientUserDeletion) {
        throw plainErrors.clientUserDeletionDisabled();
      }
      await deleteUser(deps.db, auth.project.id, user.row.id);
      return sendSuccess(c);
    },
  );

  app.get(
    "/",
    describeRoute({
      summary: "List the project's users",
      callers: ["server", "admin"],
      query: listQuery,
    }),
    async (c) => {
      const auth = requireAccess(c, serverAccess);
      const { query } = validateRequest(c, { query: listQuery });
      if (query.only_anonymous && !query.include_anonymous) {
        throw plainErrors.onlyAnonymousWithoutIncludeAnonymous();
      }
      const page = await listUsers(deps.db, auth.project, {
        ...(query.limit === undefined ? {} : { limit: query.limit }),
        ...(query.cursor === undefined ? {} : { cursor: query.cursor }),
        ...(query.query === undefined ? {} : { query: query.query }),
        ...(query.team_id === undefined ? {} : { teamId: query.team_id }),
        orderBy: query.order_by ?? "signed_up_at",
        desc: query.desc,
        includeRestricted: query.include_restricted,
        includeAnonymous: query.include_anonymous,
        onlyAnonymous: query.only_anonymous,
      });
      return sendJson(c, {
        items: page.users.map((user) => toServerUser(user, auth.project.config)),
        is_paginated: true,
        pagination: { next_cursor: page.nextCursor },
      });
    },
  );

  app.post(
    "/",
    describeRoute({
      summary: "Create a user",
      callers: ["server", "admin"],
      body: serverCreateBody,
    }),
    async (c) => {
      const auth = requireAccess(c, serverAccess);
      const { body } = validateRequest(c, { body: serverCreateBody });
      checkOAuthProviders(auth.project, body.oauth_providers);
      const { oauth_providers: providers, ...fields } = body;
      const input = {
        ...fields,
        profile_image_url: await keepUserPicture(fields.profile_image_url),
      };
      const user = await deps.db.transaction(async (tx) => {
        const created = await createUser(tx, deps, auth.project, input);
        if (!providers?.length) return created;
        await attachOAuthAccounts(tx, deps, {
          projectId: auth.project.id,
          userId: created.row.id,
          accounts: providers,
        });
        return requireUser(tx, auth.project.id, created.row.id);
      });
      // The reference reads the new user back before it makes the personal team, so its answer
      // names no selected team although the team exists and is selected (a later read shows it).
      // Stack Auth's e2e suite pins that answer.
      return sendJson(
        c,
        { ...toServerUser(user, auth.project.config), selected_team: null, selected_team_id: null },
        201,
      );
    },
  );

  app.get(
    "/:user_id",
    describeRoute({ summary: "Read a user", callers: ["server", "admin"], params: userIdParams }),
    async (c) => {
      const auth = requireAccess(c, serverAccess);
      const { params } = validateRequest(c, { params: userIdParams });
      const user = await requireUser(deps.db, auth.project.id, resolveUserId(auth, params.user_id));
      return sendJson(c, toServerUser(user, auth.project.config));
    },
  );

  app.patch(
    "/:user_id",
    describeRoute({
      summary: "Update a user",
      callers: ["server", "admin"],
      params: userIdParams,
      body: serverUpdateBody,
    }),
    async (c) => {
      const auth = requireAccess(c, serverAccess);
      const { params, body } = validateRequest(c, {
        params: userIdParams,
        body: serverUpdateBody,
      });
      const user = await applyUpdate(auth, resolveUserId(auth, params.user_id), body);
      return sendJson(c, toServerUser(user, auth.project.config));
    },
  );

  app.delete(
    "/:user_id",
    describeRoute({ summary: "Delete a user", callers: ["server", "admin"], params: userIdParams }),
    async (c) => {
      const auth = requireAccess(c, serverAccess);
      const { params } = validateRequest(c, { params: userIdParams });
      await deleteUser(deps.db, auth.project.id, resolveUserId(auth, params.user_id));
      return sendSuccess(c);
    },
  );

  return app;
}
