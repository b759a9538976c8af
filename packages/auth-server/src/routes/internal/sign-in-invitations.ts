/**
 * `POST /internal/send-sign-in-invitation` body `{email, callback_url}` → `{success: true}`: mails a
 * sign-in invitation (services/invitations/sign-in-invitations.ts). Server or admin access, as the reference
 * (the SDK calls it from `StackAdminApp.sendSignInInvitationEmail`); the callback URL must be a
 * trusted redirect (REDIRECT_URL_NOT_WHITELISTED).
 * @module
 */

import { Hono } from "hono";
import { z } from "zod";
import type { AuthEnv, RouteDeps } from "../../http/context";
import { requireAccess } from "../../http/project-access";
import { sendSuccess } from "../../http/respond";
import { validateRequest } from "../../http/validate";
import { describeRoute } from "../../openapi/route-description";
import { sendSignInInvitation } from "../../services/invitations/sign-in-invitations";

const invitationBody = z.strictObject({
  email: z.string().trim().min(1).pipe(z.email()),
  callback_url: z.url(),
});

export function createSignInInvitationRoutes(deps: RouteDeps): Hono<AuthEnv> {
  const app = new Hono<AuthEnv>();

  app.post(
    "/",
    describeRoute({
      summary: "Send a sign-in invitation e-mail",
      callers: ["server", "admin"],
      body: invitationBody,
    }),
    async (c) => {
      const auth = requireAccess(c, ["server", "admin"]);
      const { body } = validateRequest(c, { body: invitationBody });
      await sendSignInInvitation(deps, auth.project, {
        email: body.email,
        callbackUrl: body.callback_url,
      });
      return sendSuccess(c);
    },
  );

  return app;
}
