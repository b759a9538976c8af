/**
 * `/teams` (contract §2.7): list (client: only its own user's teams), create (client only when the
 * project allows client team creation, and only as itself), read (client: members only), update and
 * delete (client: `$update_team` / `$delete_team` in the team).
 * @module
 */
import { knownErrors, maxImageUrlLength } from "@heritage/auth-protocol";
import { Hono } from "hono";
import { z } from "zod";
import type { TeamRow } from "../../db/schema";
import type { AuthEnv, RequestAuth, RouteDeps } from "../../http/context";
import { requireAccess, resolveUserId } from "../../http/project-access";
import { sendJson, sendSuccess } from "../../http/respond";
import { userIdOrMeSchema, validateRequest } from "../../http/validate";
import { describeRoute } from "../../openapi/route-description";
import { keepProfileImage } from "../../services/images/profile-image-store";
import { toClientTeam, toServerTeam } from "../../services/records/team-wire";
import { plainErrors } from "../../services/shared/plain-errors";
import { requireTeamPermission } from "../../services/teams/permissions";
import {
  createTeamWithCreator,
  deleteTeam,
  listTeams,
  requireTeam,
  requireTeamMember,
  updateTeam,
} from "../../services/teams/teams";
import { metadataSchema } from "../users/metadata-field";

// Empty is allowed, as in the reference (its e2e suite renames a team to "").
const displayNameSchema = z.string().max(256);

const clientCreateBody = z.strictObject({
  display_name: displayNameSchema,
  profile_image_url: z.string().max(maxImageUrlLength).nullable().optional(),
  client_metadata: metadataSchema.optional(),
  creator_user_id: userIdOrMeSchema.optional(),
});
const serverCreateBody = clientCreateBody.extend({
  client_read_only_metadata: metadataSchema.optional(),
  server_metadata: metadataSchema.optional(),
});

const clientUpdateBody = z.strictObject({
  display_name: displayNameSchema.optional(),
  profile_image_url: z.string().max(maxImageUrlLength).nullable().optional(),
  client_metadata: metadataSchema.optional(),
});
const serverUpdateBody = clientUpdateBody.extend({
  client_read_only_metadata: metadataSchema.optional(),
  server_metadata: metadataSchema.optional(),
});

// The 2.8.108 server SDK sends paging, ordering and a search text (contract §2.7 [2.8.108]).
const listQuery = z.strictObject({
  user_id: userIdOrMeSchema.optional(),
  order_by: z.enum(["created_at"]).optional(),
  desc: z.enum(["true", "false"]).optional(),
  cursor: z.uuid().optional(),
  limit: z
    .string()
    .regex(/^\d+$/, "must be a positive integer")
    .transform(Number)
    .pipe(z.int().min(1))
    .optional(),
  query: z.string().optional(),
});
const teamParams = z.strictObject({ team_id: z.uuid() });
// The reference's team CRUD takes one query schema for every operation: other names are refused.
const teamQuery = z.strictObject({
  user_id: userIdOrMeSchema.optional(),
  add_current_user: z.enum(["true", "false"]).optional(),
});

/** Client access may only send `data:image/…;base64,` pictures (as for users). */
export function checkClientProfileImage(auth: RequestAuth, url: string | null | undefined): void {
  if (auth.accessType === "client" && url && !/^data:image\/[a-z0-9.+-]+;base64,/i.test(url)) {
    throw plainErrors.invalidProfileImageUrl();
  }
}

/** The signed-in user of a client request, or KE USER_AUTHENTICATION_REQUIRED. */
export function requireClientUserId(auth: RequestAuth): string {
  if (!auth.user) throw knownErrors.userAuthenticationRequired();
  return auth.user.row.id;
}

function shapeTeam(auth: RequestAuth, team: TeamRow) {
  return auth.accessType === "client" ? toClientTeam(team) : toServerTeam(team);
}

export function createTeamRoutes(deps: RouteDeps): Hono<AuthEnv> {
  const app = new Hono<AuthEnv>();

  app.get(
    "/",
    describeRoute({
      summary: "List teams",
      callers: ["client", "server", "admin"],
      query: listQuery,
    }),
    async (c) => {
      const auth = requireAccess(c);
      const { query } = validateRequest(c, { query: listQuery });
      const userId = query.user_id === undefined ? undefined : resolveUserId(auth, query.user_id);
      if (auth.accessType === "client") {
        if (!auth.user) throw knownErrors.cannotGetOwnUserWithoutUser();
        if (userId !== auth.user.row.id) {
          throw plainErrors.clientTeamsOfOthers();
        }
      }
      let rows = await listTeams(deps.db, auth.project.id, userId);
      if (query.desc === "true") rows.reverse();
      const search = query.query?.trim().toLowerCase();
      if (search) rows = rows.filter((team) => team.displayName.toLowerCase().includes(search));
      if (query.limit === undefined) {
        return sendJson(c, {
          items: rows.map((team) => shapeTeam(auth, team)),
          is_paginated: false,
        });
      }
      // As for users: the cursor is the id of the first team of the page (inclusive).
      const start = query.cursor
        ? Math.max(
            0,
            rows.findIndex((team) => team.id === query.cursor),
          )
        : 0;
      const page = rows.slice(start, start + query.limit);
      const next = rows[start + query.limit];
      return sendJson(c, {
        items: page.map((team) => shapeTeam(auth, team)),
        is_paginated: true,
        pagination: { next_cursor: next ? next.id : null },
      });
    },
  );

  app.post(
    "/",
    describeRoute({
      summary: "Create a team",
      callers: ["client", "server", "admin"],
      bodyByAccess: { client: clientCreateBody, server: serverCreateBody, admin: serverCreateBody },
    }),
    async (c) => {
      const auth = requireAccess(c);
      const { body } = validateRequest(c, {
        body: auth.accessType === "client" ? clientCreateBody : serverCreateBody,
      });
      let creatorUserId =
        body.creator_user_id === undefined ? null : resolveUserId(auth, body.creator_user_id);
      if (auth.accessType === "client") {
        const ownId = requireClientUserId(auth);
        if (!auth.project.config.teams.allowClientTeamCreation) {
          throw plainErrors.clientTeamCreationDisabled();
        }
        checkClientProfileImage(auth, body.profile_image_url);
        if (creatorUserId === null) creatorUserId = ownId;
        else if (creatorUserId !== ownId) {
          throw plainErrors.teamCreatorNotYourself();
        }
      }
      const team = await createTeamWithCreator(deps, auth.project, {
        ...body,
        profile_image_url: await keepProfileImage(
          deps.profileImages,
          "team-profile-images",
          body.profile_image_url,
        ),
        creatorUserId,
      });
      return sendJson(c, shapeTeam(auth, team), 201);
    },
  );

  app.get(
    "/:team_id",
    describeRoute({
      summary: "Read a team",
      callers: ["client", "server", "admin"],
      params: teamParams,
      query: teamQuery,
    }),
    async (c) => {
      const auth = requireAccess(c);
      const { params } = validateRequest(c, { params: teamParams, query: teamQuery });
      if (auth.accessType === "client") {
        const userId = requireClientUserId(auth);
        await requireTeamMember(deps.db, auth.project.id, params.team_id, userId);
      }
      return sendJson(
        c,
        shapeTeam(auth, await requireTeam(deps.db, auth.project.id, params.team_id)),
      );
    },
  );

  app.patch(
    "/:team_id",
    describeRoute({
      summary: "Update a team",
      callers: ["client", "server", "admin"],
      params: teamParams,
      query: teamQuery,
      bodyByAccess: { client: clientUpdateBody, server: serverUpdateBody, admin: serverUpdateBody },
    }),
    async (c) => {
      const auth = requireAccess(c);
      const { params, body } = validateRequest(c, {
        params: teamParams,
        query: teamQuery,
        body: auth.accessType === "client" ? clientUpdateBody : serverUpdateBody,
      });
      if (auth.accessType === "client") {
        checkClientProfileImage(auth, body.profile_image_url);
        await requireTeamPermission(deps.db, auth.project, {
          teamId: params.team_id,
          userId: requireClientUserId(auth),
          permissionId: "$update_team",
        });
      }
      const team = await updateTeam(deps.db, auth.project.id, params.team_id, {
        ...body,
        profile_image_url: await keepProfileImage(
          deps.profileImages,
          "team-profile-images",
          body.profile_image_url,
        ),
      });
      return sendJson(c, shapeTeam(auth, team));
    },
  );

  app.delete(
    "/:team_id",
    describeRoute({
      summary: "Delete a team",
      callers: ["client", "server", "admin"],
      params: teamParams,
      query: teamQuery,
    }),
    async (c) => {
      const auth = requireAccess(c);
      const { params } = validateRequest(c, { params: teamParams, query: teamQuery });
      if (auth.accessType === "client") {
        await requireTeamPermission(deps.db, auth.project, {
          teamId: params.team_id,
          userId: requireClientUserId(auth),
          permissionId: "$delete_team",
        });
      }
      await deleteTeam(deps.db, auth.project.id, params.team_id);
      return sendSuccess(c);
    },
  );

  return app;
}
