/**
 * `POST /auth/oauth/cross-domain/authorize` (the reference's cross-domain hand-off): a one-time
 * authorization code for the caller's own session, to be redeemed with PKCE at
 * `POST /auth/oauth/token` on another trusted domain (services/oauth/cross-domain-handoff.ts).
 * @module
 */
import { readProtocolHeader } from "@heritage/auth-protocol";
import { Hono } from "hono";
import { z } from "zod";
import type { AuthEnv, RouteDeps } from "../../http/context";
import { requireAccess } from "../../http/project-access";
import { sendJson } from "../../http/respond";
import { validateRequest } from "../../http/validate";
import { describeRoute } from "../../openapi/route-description";
import { createHandoffRedirect } from "../../services/oauth/cross-domain-handoff";

/** The reference's `urlSchema`: no spaces, and whatever the URL parser takes. */
const wireUrl = z.string().superRefine((value, context) => {
  if (value.includes(" ")) context.addIssue({ code: "custom", message: "contains spaces" });
  if (!URL.canParse(value)) context.addIssue({ code: "custom", message: "is not a valid URL" });
});

const handoffBody = z.object({
  redirect_uri: wireUrl,
  state: z.string().min(1).max(512),
  // An S256 challenge of an RFC 7636 verifier.
  code_challenge: z.string().regex(/^[A-Za-z0-9._~-]{43,128}$/),
  code_challenge_method: z.literal("S256").default("S256"),
  after_callback_redirect_url: wireUrl.optional(),
});

export function createOAuthCrossDomainRoutes(deps: RouteDeps): Hono<AuthEnv> {
  const app = new Hono<AuthEnv>();

  app.post(
    "/cross-domain/authorize",
    describeRoute({
      summary: "Create a cross-domain sign-in hand-off (a one-time code for the current session)",
      callers: ["client", "server", "admin"],
      body: handoffBody,
    }),
    async (c) => {
      const auth = requireAccess(c);
      const { body } = validateRequest(c, { body: handoffBody });
      const redirectUrl = await createHandoffRedirect(
        deps,
        auth.project,
        {
          user: auth.user,
          sessionId: auth.accessTokenClaims?.refresh_token_id ?? null,
          refreshToken: readProtocolHeader(c.req.raw.headers, "refresh-token"),
        },
        {
          redirectUri: body.redirect_uri,
          state: body.state,
          codeChallenge: body.code_challenge,
          afterCallbackRedirectUrl: body.after_callback_redirect_url ?? null,
        },
      );
      return sendJson(c, { redirect_url: redirectUrl });
    },
  );

  return app;
}
