/**
 * `POST /internal/rewrite-template-source` (admin access): an e-mail template's TSX rewritten into a
 * draft's, with the template's variables inlined from its preview values
 * (services/email-designs/template-source-rewrite.ts). The dashboard calls it when a draft starts from a
 * template.
 * @module
 */
import type { AccessType } from "@heritage/auth-protocol";
import { Hono } from "hono";
import { z } from "zod";
import type { AuthEnv, RouteDeps } from "../../http/context";
import { requireAccess } from "../../http/project-access";
import { sendJson } from "../../http/respond";
import { validateRequest } from "../../http/validate";
import { describeRoute } from "../../openapi/route-description";
import { rewriteTemplateSource } from "../../services/email-designs/template-source-rewrite";

const adminAccess: readonly AccessType[] = ["admin"];
const rewriteBody = z.strictObject({ template_tsx_source: z.string() });

export function createTemplateSourceRewriteRoutes(
  deps: Pick<RouteDeps, "emailRenderer">,
): Hono<AuthEnv> {
  const app = new Hono<AuthEnv>();
  app.post(
    "/",
    describeRoute({
      summary: "Rewrite an e-mail template's TSX into a draft's (variables inlined)",
      callers: ["admin"],
      body: rewriteBody,
      response: z.object({ tsx_source: z.string() }),
    }),
    async (c) => {
      const auth = requireAccess(c, adminAccess);
      const { body } = validateRequest(c, { body: rewriteBody });
      const tsxSource = await rewriteTemplateSource(deps.emailRenderer, body.template_tsx_source, {
        id: auth.project.id,
        displayName: auth.project.displayName,
      });
      return sendJson(c, { tsx_source: tsxSource });
    },
  );
  return app;
}
