/**
 * `/team-member-profiles` (contract §2.10): client access reads the profiles of teams it belongs to
 * (others' need `$read_members`) and updates only its own; server access reads and updates any and
 * also sees the full user.
 * @module
 */

import { maxImageUrlLength } from "@heritage/auth-protocol";
import { Hono } from "hono";
import { z } from "zod";
import type { AuthEnv, RequestAuth, RouteDeps } from "../../http/context";
import { requireAccess, resolveUserId } from "../../http/project-access";
import { sendJson } from "../../http/respond";
import { userIdOrMeSchema, validateRequest } from "../../http/validate";
import { describeRoute } from "../../openapi/route-description";
import { keepProfileImage } from "../../services/images/profile-image-store";
import { plainErrors } from "../../services/shared/plain-errors";
import { requireTeamPermission } from "../../services/teams/permissions";
import {
  getMemberProfile,
  listMemberProfiles,
  type MemberProfile,
  toMemberProfileWire,
  updateMemberProfile,
} from "../../services/teams/team-member-profiles";
import { requireTeamMember } from "../../services/teams/teams";
import { checkClientProfileImage, requireClientUserId } from "./teams";

const listQuery = z.strictObject({
  team_id: z.uuid().optional(),
  user_id: userIdOrMeSchema.optional(),
});
const profileParams = z.strictObject({ team_id: z.uuid(), user_id: userIdOrMeSchema });
const updateBody = z.strictObject({
  display_name: z.string().max(256).nullable().optional(),
  profile_image_url: z.string().max(maxImageUrlLength).nullable().optional(),
});

function shape(auth: RequestAuth, profile: MemberProfile) {
  return toMemberProfileWire(profile, auth.project.config, auth.accessType !== "client");
}

export function createTeamMemberProfileRoutes(deps: RouteDeps): Hono<AuthEnv> {
  const app = new Hono<AuthEnv>();

  app.get(
    "/",
    describeRoute({
      summary: "List team member profiles",
      callers: ["client", "server", "admin"],
      query: listQuery,
    }),
    async (c) => {
      const auth = requireAccess(c);
      const { query } = validateRequest(c, { query: listQuery });
      const userId = query.user_id === undefined ? undefined : resolveUserId(auth, query.user_id);
      if (auth.accessType === "client") {
        if (!query.team_id) throw plainErrors.clientProfilesWithoutTeam();
        const ownId = requireClientUserId(auth);
        await requireTeamMember(deps.db, auth.project.id, query.team_id, ownId);
        if (userId !== ownId) {
          await requireTeamPermission(deps.db, auth.project, {
            teamId: query.team_id,
            userId: ownId,
            permissionId: "$read_members",
          });
        }
      }
      const profiles = await listMemberProfiles(deps.db, auth.project.id, {
        teamId: query.team_id,
        userId,
      });
      return sendJson(c, { items: profiles.map((p) => shape(auth, p)), is_paginated: false });
    },
  );

  app.get(
    "/:team_id/:user_id",
    describeRoute({
      summary: "Read a team member's profile",
      callers: ["client", "server", "admin"],
      params: profileParams,
    }),
    async (c) => {
      const auth = requireAccess(c);
      const { params } = validateRequest(c, { params: profileParams });
      const userId = resolveUserId(auth, params.user_id);
      if (auth.accessType === "client") {
        const ownId = requireClientUserId(auth);
        await requireTeamMember(deps.db, auth.project.id, params.team_id, ownId);
        if (userId !== ownId) {
          await requireTeamPermission(deps.db, auth.project, {
            teamId: params.team_id,
            userId: ownId,
            permissionId: "$read_members",
          });
        }
      }
      const profile = await getMemberProfile(deps.db, auth.project.id, params.team_id, userId);
      return sendJson(c, shape(auth, profile));
    },
  );

  app.patch(
    "/:team_id/:user_id",
    describeRoute({
      summary: "Update a team member's profile",
      callers: ["client", "server", "admin"],
      params: profileParams,
      body: updateBody,
    }),
    async (c) => {
      const auth = requireAccess(c);
      const { params, body } = validateRequest(c, { params: profileParams, body: updateBody });
      const userId = resolveUserId(auth, params.user_id);
      if (auth.accessType === "client") {
        if (userId !== requireClientUserId(auth)) {
          throw plainErrors.clientProfileOfOthers();
        }
        checkClientProfileImage(auth, body.profile_image_url);
      }
      const profile = await updateMemberProfile(deps.db, auth.project.id, {
        teamId: params.team_id,
        userId,
        displayName: body.display_name,
        profileImageUrl: await keepProfileImage(
          deps.profileImages,
          "team-member-profile-images",
          body.profile_image_url,
        ),
      });
      return sendJson(c, shape(auth, profile));
    },
  );

  return app;
}
