/**
 * `/internal/email-templates` and `/internal/email-themes` (contract §3.4), admin access only.
 * Sources are markup with placeholders, never executed (services/email-designs/email-designs.ts).
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
  createTemplate,
  createTheme,
  deleteTemplate,
  deleteTheme,
  findTheme,
  listTemplates,
  listThemes,
  updateTemplate,
  updateTheme,
} from "../../services/email/email-admin";
import { plainErrors } from "../../services/shared/plain-errors";

const adminAccess: readonly AccessType[] = ["admin"];
const displayNameBody = z.strictObject({ display_name: z.string().trim().min(1) });
const idParams = z.strictObject({ id: z.string().min(1) });
const templateUpdateBody = z.strictObject({
  tsx_source: z.string(),
  // null and false: no theme; a string: that theme; absent: the project's selected theme.
  theme_id: z.union([z.string().uuid(), z.literal(false), z.null()]).optional(),
});
const themeUpdateBody = z.strictObject({ tsx_source: z.string() });

export function createEmailTemplateRoutes(deps: RouteDeps): Hono<AuthEnv> {
  const app = new Hono<AuthEnv>();

  app.get("/", describeRoute({ summary: "List e-mail templates", callers: ["admin"] }), (c) => {
    const auth = requireAccess(c, adminAccess);
    const templates = listTemplates(auth.project.config).map(([id, template]) => ({
      id,
      display_name: template.displayName,
      tsx_source: template.tsxSource,
      ...(template.themeId !== undefined ? { theme_id: template.themeId } : {}),
    }));
    return sendJson(c, { templates });
  });

  app.post(
    "/",
    describeRoute({
      summary: "Create an e-mail template",
      callers: ["admin"],
      body: displayNameBody,
    }),
    async (c) => {
      const auth = requireAccess(c, adminAccess);
      const { body } = validateRequest(c, { body: displayNameBody });
      const id = await createTemplate(deps, auth.project, body.display_name);
      return sendJson(c, { id });
    },
  );

  app.patch(
    "/:id",
    describeRoute({
      summary: "Update an e-mail template",
      callers: ["admin"],
      params: idParams,
      body: templateUpdateBody,
    }),
    async (c) => {
      const auth = requireAccess(c, adminAccess);
      const { params, body } = validateRequest(c, { params: idParams, body: templateUpdateBody });
      const renderedHtml = await updateTemplate(deps, auth.project, params.id, {
        tsxSource: body.tsx_source,
        themeId: body.theme_id,
      });
      return sendJson(c, { rendered_html: renderedHtml });
    },
  );

  app.delete(
    "/:id",
    describeRoute({ summary: "Delete an e-mail template", callers: ["admin"], params: idParams }),
    async (c) => {
      const auth = requireAccess(c, adminAccess);
      const { params } = validateRequest(c, { params: idParams });
      await deleteTemplate(deps, auth.project, params.id);
      return sendJson(c, {});
    },
  );

  return app;
}

export function createEmailThemeRoutes(deps: RouteDeps): Hono<AuthEnv> {
  const app = new Hono<AuthEnv>();

  app.get("/", describeRoute({ summary: "List e-mail themes", callers: ["admin"] }), (c) => {
    const auth = requireAccess(c, adminAccess);
    const themes = listThemes(auth.project.config).map(([id, theme]) => ({
      id,
      display_name: theme.displayName,
    }));
    return sendJson(c, { themes });
  });

  app.post(
    "/",
    describeRoute({ summary: "Create an e-mail theme", callers: ["admin"], body: displayNameBody }),
    async (c) => {
      const auth = requireAccess(c, adminAccess);
      const { body } = validateRequest(c, { body: displayNameBody });
      const id = await createTheme(deps, auth.project, body.display_name);
      return sendJson(c, { id });
    },
  );

  app.get(
    "/:id",
    describeRoute({ summary: "Read an e-mail theme", callers: ["admin"], params: idParams }),
    (c) => {
      const auth = requireAccess(c, adminAccess);
      const { params } = validateRequest(c, { params: idParams });
      const theme = findTheme(auth.project.config, params.id);
      if (!theme) throw plainErrors.themeNotFound();
      return sendJson(c, {
        id: params.id,
        display_name: theme.displayName,
        tsx_source: theme.tsxSource,
      });
    },
  );

  app.patch(
    "/:id",
    describeRoute({
      summary: "Update an e-mail theme",
      callers: ["admin"],
      params: idParams,
      body: themeUpdateBody,
    }),
    async (c) => {
      const auth = requireAccess(c, adminAccess);
      const { params, body } = validateRequest(c, { params: idParams, body: themeUpdateBody });
      const theme = await updateTheme(deps, auth.project, params.id, body.tsx_source);
      return sendJson(c, { display_name: theme.displayName });
    },
  );

  app.delete(
    "/:id",
    describeRoute({ summary: "Delete an e-mail theme", callers: ["admin"], params: idParams }),
    async (c) => {
      const auth = requireAccess(c, adminAccess);
      const { params } = validateRequest(c, { params: idParams });
      await deleteTheme(deps, auth.project, params.id);
      return sendJson(c, {});
    },
  );

  return app;
}
