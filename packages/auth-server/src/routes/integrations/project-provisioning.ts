/**
 * `/integrations/{neon,custom}/projects/...`: an integration client provisions projects
 * (`provision`) and hands them over (`transfer`, `transfer/initiate`); a signed-in user of the
 * `internal` project takes one (`transfer/confirm`, after `transfer/confirm/check`). The client's
 * routes authenticate with HTTP Basic (integration-settings.ts); the confirmation is the dashboard's
 * own request.
 * @module
 */
import { type Context, Hono } from "hono";
import { z } from "zod";
import type { AuthEnv, RouteDeps } from "../../http/context";
import { requireAccess } from "../../http/project-access";
import { sendJson } from "../../http/respond";
import { validateRequest } from "../../http/validate";
import { describeRoute } from "../../openapi/route-description";
import {
  checkTransferCode,
  confirmProjectTransfer,
  type IntegrationKind,
  provisionProject,
  requireTransferableProject,
  startProjectTransfer,
} from "../../services/integrations/provisioned-projects";
import { plainErrors } from "../../services/shared/plain-errors";
import { type IntegrationSettings, requireIntegrationClient } from "./integration-settings";

const displayName = z.string().min(1);
const neonProvisionBody = z.strictObject({
  display_name: displayName,
  /** Neon's databases for the project by branch; this server keeps data in its own database. */
  connection_strings: z
    .array(z.strictObject({ branch_id: z.string(), connection_string: z.string() }))
    .optional(),
});
const customProvisionBody = z.strictObject({ display_name: displayName });
const provisionAnswer = z.strictObject({
  project_id: z.string(),
  super_secret_admin_key: z.string(),
});
const transferQuery = z.strictObject({ project_id: z.string() });
const transferBody = z.strictObject({ project_id: z.string() });
const codeBody = z.strictObject({ code: z.string().length(45) });

const basicAuthNote =
  "Authenticated with HTTP Basic `client_id:client_secret` of an integration client (`STACK_INTEGRATION_CLIENTS_CONFIG`).";

export function createIntegrationProjectRoutes(
  deps: RouteDeps,
  kind: IntegrationKind,
  settings: IntegrationSettings,
): Hono<AuthEnv> {
  const app = new Hono<AuthEnv>();
  // Custom clients have no Neon databases to offer; their body is the display name alone.
  const provisionBody: z.ZodType<z.output<typeof neonProvisionBody>> =
    kind === "neon" ? neonProvisionBody : customProvisionBody;

  app.post(
    "/provision",
    describeRoute({
      summary: "Provision a project for an integration client",
      description: `${basicAuthNote} The answer's super secret admin key is shown only here.`,
      callers: ["anyone"],
      body: provisionBody,
      response: provisionAnswer,
    }),
    async (c) => {
      const { body } = validateRequest(c, { body: provisionBody });
      const clientId = requireIntegrationClient(c, settings);
      const connectionStrings = body.connection_strings;
      if (connectionStrings && connectionStrings.length > 0) {
        throw plainErrors.neonConnectionStringsUnsupported();
      }
      return sendJson(
        c,
        await provisionProject(deps, { kind, clientId, displayName: body.display_name }),
      );
    },
  );

  app.get(
    "/transfer",
    describeRoute({
      summary: "Check that a provisioned project can be transferred",
      description: basicAuthNote,
      callers: ["anyone"],
      query: transferQuery,
    }),
    async (c) => {
      const { query } = validateRequest(c, { query: transferQuery });
      const clientId = requireIntegrationClient(c, settings);
      await requireTransferableProject(deps, { kind, clientId, projectId: query.project_id });
      return sendJson(c, {
        message: "Ready to transfer project; please use the POST method to initiate it.",
      });
    },
  );

  const initiate = describeRoute({
    summary: "Start the transfer of a provisioned project",
    description: `${basicAuthNote} The answer's link leads a user to the dashboard, which confirms the transfer within an hour.`,
    callers: ["anyone"],
    body: transferBody,
  });
  const initiateHandler = async (c: Context<AuthEnv>) => {
    const { body } = validateRequest(c, { body: transferBody });
    const clientId = requireIntegrationClient(c, settings);
    const code = await startProjectTransfer(deps, { kind, clientId, projectId: body.project_id });
    const link = new URL(`${settings.dashboardUrl}/integrations/${kind}/projects/transfer/confirm`);
    link.searchParams.set("code", code);
    return sendJson(c, { confirmation_url: link.toString() });
  };
  app.post("/transfer", initiate, initiateHandler);
  app.post("/transfer/initiate", initiate, initiateHandler);

  app.post(
    "/transfer/confirm",
    describeRoute({
      summary: "Take a provisioned project into a new team of the signed-in user",
      description: "The dashboard's request: the `internal` project, with the user's access token.",
      callers: ["client", "server", "admin"],
      body: codeBody,
    }),
    async (c) => {
      const auth = requireAccess(c);
      const { body } = validateRequest(c, { body: codeBody });
      return sendJson(
        c,
        await confirmProjectTransfer(deps, {
          kind,
          project: auth.project,
          user: auth.user,
          code: body.code,
        }),
      );
    },
  );

  app.post(
    "/transfer/confirm/check",
    describeRoute({
      summary: "Check a project transfer code without using it",
      callers: ["client", "server", "admin"],
      body: codeBody,
    }),
    async (c) => {
      const auth = requireAccess(c);
      const { body } = validateRequest(c, { body: codeBody });
      await checkTransferCode(deps, { kind, project: auth.project, code: body.code });
      return sendJson(c, { is_code_valid: true });
    },
  );

  return app;
}
