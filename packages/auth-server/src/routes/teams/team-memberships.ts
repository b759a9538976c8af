/**
 * `/team-memberships/{team_id}/{user_id}` (contract §2.8): server access adds members (with the
 * team-member default permissions); anyone may leave a team, removing others needs
 * `$remove_members` with client access.
 * @module
 */
import type { AccessType } from "@heritage/auth-protocol";
import { Hono } from "hono";
import { z } from "zod";
import type { AuthEnv, RouteDeps } from "../../http/context";
import { requireAccess, resolveUserId } from "../../http/project-access";
import { sendJson, sendSuccess } from "../../http/respond";
import { userIdOrMeSchema, validateRequest } from "../../http/validate";
import { describeRoute } from "../../openapi/route-description";
import { requireTeamPermission } from "../../services/teams/permissions";
import { addMemberToTeam, removeTeamMember } from "../../services/teams/teams";
import { requireClientUserId } from "./teams";

const serverAccess: readonly AccessType[] = ["server", "admin"];
const membershipParams = z.strictObject({ team_id: z.uuid(), user_id: userIdOrMeSchema });
const emptyBody = z.strictObject({});

export function createTeamMembershipRoutes(deps: RouteDeps): Hono<AuthEnv> {
  const app = new Hono<AuthEnv>();

  app.post(
    "/:team_id/:user_id",
    describeRoute({
      summary: "Add a user to a team",
      callers: ["server", "admin"],
      params: membershipParams,
      body: emptyBody,
    }),
    async (c) => {
      const auth = requireAccess(c, serverAccess);
      const { params } = validateRequest(c, { params: membershipParams, body: emptyBody });
      const userId = resolveUserId(auth, params.user_id);
      await addMemberToTeam(deps, auth.project, { teamId: params.team_id, userId });
      return sendJson(c, { team_id: params.team_id, user_id: userId }, 201);
    },
  );

  app.delete(
    "/:team_id/:user_id",
    describeRoute({
      summary: "Remove a user from a team",
      callers: ["client", "server", "admin"],
      params: membershipParams,
    }),
    async (c) => {
      const auth = requireAccess(c);
      const { params } = validateRequest(c, { params: membershipParams });
      const userId = resolveUserId(auth, params.user_id);
      if (auth.accessType === "client") {
        const ownId = requireClientUserId(auth);
        // Leaving is always allowed; removing someone else is a team permission.
        if (userId !== ownId) {
          await requireTeamPermission(deps.db, auth.project, {
            teamId: params.team_id,
            userId: ownId,
            permissionId: "$remove_members",
          });
        }
      }
      await removeTeamMember(deps.db, auth.project.id, { teamId: params.team_id, userId });
      return sendSuccess(c);
    },
  );

  return app;
}
