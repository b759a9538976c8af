/**
 * `/internal/email-drafts` (admin access only; the reference's routes, bodies and answers): list,
 * create, read, update and delete the project's e-mail drafts (services/email/email-drafts.ts).
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
import {
  createDraft,
  deleteDraft,
  getDraft,
  listDrafts,
  updateDraft,
} from "../../services/email/email-drafts";

const adminAccess: readonly AccessType[] = ["admin"];
// false: no theme; null or absent: the project's selected theme; a uuid: that theme.
const themeIdField = z.union([z.string().uuid(), z.literal(false), z.null()]).optional();
const createBody = z.strictObject({
  display_name: z.string(),
  theme_id: themeIdField,
  tsx_source: z.string().optional(),
});
const updateBody = z.strictObject({
  display_name: z.string().optional(),
  theme_id: themeIdField,
  tsx_source: z.string().optional(),
});
const idParams = z.strictObject({ id: z.string().uuid() });

export function createEmailDraftRoutes(deps: RouteDeps): Hono<AuthEnv> {
  const app = new Hono<AuthEnv>();

  app.get("/", describeRoute({ summary: "List e-mail drafts", callers: ["admin"] }), async (c) => {
    const auth = requireAccess(c, adminAccess);
    return sendJson(c, { drafts: await listDrafts(deps, auth.project.id) });
  });

  app.post(
    "/",
    describeRoute({ summary: "Create an e-mail draft", callers: ["admin"], body: createBody }),
    async (c) => {
      const auth = requireAccess(c, adminAccess);
      const { body } = validateRequest(c, { body: createBody });
      const id = await createDraft(deps, auth.project, {
        displayName: body.display_name,
        themeId: body.theme_id,
        tsxSource: body.tsx_source,
      });
      return sendJson(c, { id });
    },
  );

  app.get(
    "/:id",
    describeRoute({ summary: "Read an e-mail draft", callers: ["admin"], params: idParams }),
    async (c) => {
      const auth = requireAccess(c, adminAccess);
      const { params } = validateRequest(c, { params: idParams });
      return sendJson(c, await getDraft(deps, auth.project.id, params.id));
    },
  );

  app.patch(
    "/:id",
    describeRoute({
      summary: "Update an e-mail draft",
      callers: ["admin"],
      params: idParams,
      body: updateBody,
    }),
    async (c) => {
      const auth = requireAccess(c, adminAccess);
      const { params, body } = validateRequest(c, { params: idParams, body: updateBody });
      await updateDraft(deps, auth.project, params.id, {
        displayName: body.display_name,
        themeId: body.theme_id,
        tsxSource: body.tsx_source,
      });
      return sendJson(c, { ok: "ok" });
    },
  );

  app.delete(
    "/:id",
    describeRoute({ summary: "Delete an e-mail draft", callers: ["admin"], params: idParams }),
    async (c) => {
      const auth = requireAccess(c, adminAccess);
      const { params } = validateRequest(c, { params: idParams });
      await deleteDraft(deps, auth.project.id, params.id);
      return sendJson(c, { ok: "ok" });
    },
  );

  return app;
}
