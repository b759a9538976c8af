/**
 * The integration endpoints, one family per partner: `/integrations/neon` (Neon's own API:
 * provisioning, transfers, and the admin's keys, domains, OAuth providers, project and webhooks)
 * and `/integrations/custom` (any other provisioning service: provisioning, transfers, domains).
 * @module
 */
import { adminProjectUpdateSchema } from "@heritage/auth-protocol";
import { Hono } from "hono";
import { z } from "zod";
import type { AuthEnv, RouteDeps } from "../../http/context";
import { requireAccess } from "../../http/project-access";
import { adminProjectView } from "../../http/project-views";
import { sendJson } from "../../http/respond";
import { emptyQuery, validateRequest } from "../../http/validate";
import { describeRoute } from "../../openapi/route-description";
import { toAdminProject, updateAdminProject } from "../../services/admin/admin-projects";
import { projectWriteChecks } from "../../services/project-settings/production-mode";
import { createWebhookEndpoint } from "../../services/webhooks/webhook-endpoints";
import { createInternalApiKeyRoutes } from "../internal/internal-api-keys";
import { createIntegrationDomainRoutes } from "./integration-domains";
import { createIntegrationConfirmRoutes, createIntegrationOAuthRoutes } from "./integration-oauth";
import { createIntegrationOAuthProviderRoutes } from "./integration-oauth-providers";
import { requireIntegrationClient, resolveIntegrationSettings } from "./integration-settings";
import { createIntegrationProjectRoutes } from "./project-provisioning";

/** The reference's `urlSchema` words. */
const webhookUrl = z.string().superRefine((value, context) => {
  if (value.includes(" ")) context.addIssue({ code: "custom", message: "contains spaces" });
  if (!URL.canParse(value)) context.addIssue({ code: "custom", message: "is not a valid URL" });
});
const webhookBody = z.strictObject({ url: webhookUrl, description: z.string().optional() });

/** `/integrations/neon/projects/current`: the admin's project, as `/internal/projects/current`. */
function createNeonCurrentProjectRoutes(deps: RouteDeps): Hono<AuthEnv> {
  const app = new Hono<AuthEnv>();
  app.get(
    "/",
    describeRoute({ summary: "Read the admin's project", callers: ["admin"], query: emptyQuery }),
    (c) => {
      const auth = requireAccess(c, ["admin"]);
      validateRequest(c, { query: emptyQuery });
      return sendJson(c, adminProjectView(toAdminProject(auth.project), c.get("headerSpelling")));
    },
  );
  app.patch(
    "/",
    describeRoute({
      summary: "Update the admin's project",
      callers: ["admin"],
      query: emptyQuery,
      body: adminProjectUpdateSchema,
    }),
    async (c) => {
      const auth = requireAccess(c, ["admin"]);
      const { body } = validateRequest(c, { query: emptyQuery, body: adminProjectUpdateSchema });
      const updated = await updateAdminProject(
        deps.db,
        auth.project,
        body,
        deps.clock(),
        projectWriteChecks(deps),
      );
      return sendJson(c, adminProjectView(updated, c.get("headerSpelling")));
    },
  );
  return app;
}

export function createNeonIntegrationRoutes(deps: RouteDeps): Hono<AuthEnv> {
  const settings = resolveIntegrationSettings(deps);
  const app = new Hono<AuthEnv>();
  app.route("/projects/current", createNeonCurrentProjectRoutes(deps));
  app.route("/projects", createIntegrationProjectRoutes(deps, "neon", settings));
  app.route("/api-keys", createInternalApiKeyRoutes(deps));
  app.route("/domains", createIntegrationDomainRoutes(deps));
  app.route("/oauth-providers", createIntegrationOAuthProviderRoutes(deps));
  app.route("/oauth", createIntegrationOAuthRoutes(deps, "neon", settings));
  app.route("/internal/confirm", createIntegrationConfirmRoutes(deps, "neon"));

  app.post(
    "/webhooks",
    describeRoute({
      summary: "Add a webhook endpoint to a project for its integration client",
      description:
        "Needs the project's access (any type) and HTTP Basic `client_id:client_secret` of an integration client. The answer holds the endpoint's signing secret.",
      callers: ["client", "server", "admin"],
      body: webhookBody,
    }),
    async (c) => {
      const auth = requireAccess(c);
      const { body } = validateRequest(c, { body: webhookBody });
      requireIntegrationClient(c, settings);
      const endpoint = await createWebhookEndpoint(
        deps.db,
        deps.ids,
        deps.secrets,
        deps.outgoing,
        auth.project.id,
        { url: body.url, description: body.description },
        deps.clock(),
      );
      return sendJson(c, { secret: endpoint.secret });
    },
  );
  return app;
}

export function createCustomIntegrationRoutes(deps: RouteDeps): Hono<AuthEnv> {
  const settings = resolveIntegrationSettings(deps);
  const app = new Hono<AuthEnv>();
  app.route("/projects", createIntegrationProjectRoutes(deps, "custom", settings));
  app.route("/domains", createIntegrationDomainRoutes(deps));
  app.route("/oauth", createIntegrationOAuthRoutes(deps, "custom", settings));
  app.route("/internal/confirm", createIntegrationConfirmRoutes(deps, "custom"));
  return app;
}
