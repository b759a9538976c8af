/**
 * `/team-invitations` (contract §2.9): send an invitation e-mail (client: `$invite_members`), list a
 * team's open invitations (client: `$read_members` and `$invite_members`) or a user's, revoke one
 * (client: `$remove_members`), and redeem the code of the link (check, details, accept).
 * @module
 */
import { knownErrors } from "@heritage/auth-protocol";
import { Hono } from "hono";
import { z } from "zod";
import { codeCaller } from "../../http/code-caller";
import type { AuthEnv, RequestAuth, RouteDeps } from "../../http/context";
import { mailLanguageOf } from "../../http/mail-language";
import { requireAccess, resolveUserId } from "../../http/project-access";
import { sendJson, sendSuccess } from "../../http/respond";
import { userIdOrMeSchema, validateRequest } from "../../http/validate";
import { describeRoute } from "../../openapi/route-description";
import {
  acceptTeamInvitation,
  acceptTeamInvitationById,
  checkTeamInvitationCode,
  listInvitationsForUser,
  listTeamInvitations,
  revokeTeamInvitation,
  sendTeamInvitation,
  teamInvitationDetails,
} from "../../services/invitations/team-invitations";
import { requireUser } from "../../services/records/user-records";
import { plainErrors } from "../../services/shared/plain-errors";
import { limitCodeChecking, limitCodeSending } from "../../services/sign-in/code-rate-limits";
import { requireTeamPermission } from "../../services/teams/permissions";
import { requireTeam } from "../../services/teams/teams";
import { requireClientUserId } from "./teams";

const sendBody = z.strictObject({
  team_id: z.uuid(),
  email: z.string().trim().min(1).pipe(z.email()),
  callback_url: z.url(),
});
const listQuery = z.strictObject({
  team_id: z.uuid().optional(),
  user_id: userIdOrMeSchema.optional(),
});
const idParams = z.strictObject({ id: z.uuid() });
const revokeQuery = z.strictObject({ team_id: z.uuid().optional() });
const acceptByIdQuery = z.strictObject({ user_id: userIdOrMeSchema });
const codeBody = z.strictObject({ code: z.string().length(45) });

/** Client access needs every one of these permissions in the team. */
async function requireClientTeamPermissions(
  deps: RouteDeps,
  auth: RequestAuth,
  teamId: string,
  permissionIds: readonly string[],
): Promise<void> {
  if (auth.accessType !== "client") return;
  const userId = requireClientUserId(auth);
  for (const permissionId of permissionIds) {
    await requireTeamPermission(deps.db, auth.project, { teamId, userId, permissionId });
  }
}

export function createTeamInvitationRoutes(deps: RouteDeps): Hono<AuthEnv> {
  const app = new Hono<AuthEnv>();

  app.post(
    "/send-code",
    describeRoute({
      summary: "Send a team invitation",
      callers: ["client", "server", "admin"],
      body: sendBody,
    }),
    async (c) => {
      const auth = requireAccess(c);
      const { body } = validateRequest(c, { body: sendBody });
      await requireClientTeamPermissions(deps, auth, body.team_id, ["$invite_members"]);
      await limitCodeSending(deps, codeCaller(c, deps, auth), {
        projectId: auth.project.id,
        email: body.email,
      });
      const id = await sendTeamInvitation(deps, auth.project, {
        teamId: body.team_id,
        email: body.email,
        callbackUrl: body.callback_url,
        language: mailLanguageOf(c),
      });
      return sendJson(c, { success: true, id });
    },
  );

  app.get(
    "/",
    describeRoute({
      summary: "List a team's invitations",
      callers: ["client", "server", "admin"],
      query: listQuery,
    }),
    async (c) => {
      const auth = requireAccess(c);
      const { query } = validateRequest(c, { query: listQuery });
      if (query.team_id !== undefined && query.user_id !== undefined) {
        throw plainErrors.invitationTeamAndUser();
      }
      if (query.team_id !== undefined) {
        await requireClientTeamPermissions(deps, auth, query.team_id, [
          "$read_members",
          "$invite_members",
        ]);
        await requireTeam(deps.db, auth.project.id, query.team_id);
        const items = await listTeamInvitations(deps, auth.project.id, { teamId: query.team_id });
        return sendJson(c, { items, is_paginated: false });
      }
      if (query.user_id !== undefined) {
        const userId = resolveUserId(auth, query.user_id);
        // As the reference answers it: a client naming anyone but its own signed-in user is told
        // it can only mean "me", which needs a signed-in user.
        if (auth.accessType === "client" && userId !== auth.user?.row.id) {
          throw knownErrors.cannotGetOwnUserWithoutUser();
        }
        await requireUser(deps.db, auth.project.id, userId);
        const items = await listInvitationsForUser(deps, auth.project.id, userId);
        return sendJson(c, { items, is_paginated: false });
      }
      throw plainErrors.invitationTeamOrUser();
    },
  );

  app.post(
    "/accept",
    describeRoute({
      summary: "Accept a team invitation with its code",
      callers: ["client", "server", "admin"],
      signedIn: true,
      body: codeBody,
    }),
    async (c) => {
      const auth = requireAccess(c);
      const { body } = validateRequest(c, { body: codeBody });
      if (!auth.user) throw knownErrors.userAuthenticationRequired();
      await limitCodeChecking(deps, codeCaller(c, deps, auth));
      await acceptTeamInvitation(deps, auth.project, auth.user, body.code);
      return sendJson(c, {});
    },
  );

  app.post(
    "/accept/check-code",
    describeRoute({
      summary: "Check a team invitation code without using it",
      callers: ["client", "server", "admin"],
      body: codeBody,
    }),
    async (c) => {
      const auth = requireAccess(c);
      const { body } = validateRequest(c, { body: codeBody });
      await limitCodeChecking(deps, codeCaller(c, deps, auth));
      await checkTeamInvitationCode(deps, auth.project, body.code);
      return sendJson(c, { is_code_valid: true });
    },
  );

  app.post(
    "/accept/details",
    describeRoute({
      summary: "Read the details of a team invitation code",
      callers: ["client", "server", "admin"],
      signedIn: true,
      body: codeBody,
    }),
    async (c) => {
      const auth = requireAccess(c);
      const { body } = validateRequest(c, { body: codeBody });
      if (!auth.user) throw knownErrors.userAuthenticationRequired();
      await limitCodeChecking(deps, codeCaller(c, deps, auth));
      return sendJson(c, await teamInvitationDetails(deps, auth.project, auth.user, body.code));
    },
  );

  app.post(
    "/:id/accept",
    describeRoute({
      summary: "Accept a team invitation by id as the signed-in user",
      callers: ["client", "server", "admin"],
      params: idParams,
      query: acceptByIdQuery,
    }),
    async (c) => {
      const auth = requireAccess(c);
      const { params, query } = validateRequest(c, { params: idParams, query: acceptByIdQuery });
      const userId = resolveUserId(auth, query.user_id);
      if (auth.accessType === "client" && userId !== requireClientUserId(auth)) {
        throw plainErrors.clientInvitationsAcceptOfOthers();
      }
      const user = await requireUser(deps.db, auth.project.id, userId);
      await acceptTeamInvitationById(deps, auth.project, user, params.id);
      return sendJson(c, {});
    },
  );

  app.delete(
    "/:id",
    describeRoute({
      summary: "Revoke a team invitation",
      callers: ["client", "server", "admin"],
      params: idParams,
      query: revokeQuery,
    }),
    async (c) => {
      const auth = requireAccess(c);
      const { params, query } = validateRequest(c, { params: idParams, query: revokeQuery });
      if (query.team_id === undefined) {
        throw plainErrors.invitationDeleteWithoutTeam();
      }
      await requireClientTeamPermissions(deps, auth, query.team_id, ["$remove_members"]);
      await revokeTeamInvitation(deps.db, auth.project.id, {
        teamId: query.team_id,
        invitationId: params.id,
      });
      return sendSuccess(c);
    },
  );

  return app;
}
