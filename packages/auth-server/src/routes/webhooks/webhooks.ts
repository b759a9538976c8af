/**
 * `/webhooks`: `POST /svix-token` (contract §3.8; admin) answers `201 {token}`, a token for our own
 * endpoint-management API below, which takes either that token (`Authorization: Bearer whmt_…`) or
 * admin access: endpoints (create, list, read, update, delete), an endpoint's signing secret and
 * its delivery log. Also `POST /internal/send-test-webhook` (admin): a test event to one endpoint.
 * @module
 */
import { knownErrors } from "@heritage/auth-protocol";
import type { Context } from "hono";
import { Hono } from "hono";
import { z } from "zod";
import type { AuthEnv, RouteDeps } from "../../http/context";
import { requireAccess } from "../../http/project-access";
import { sendJson, sendSuccess } from "../../http/respond";
import { emptyBody, validateRequest } from "../../http/validate";
import { describeRoute } from "../../openapi/route-description";
import { issueManagementToken, readManagementToken } from "../../services/admin/management-tokens";
import { plainErrors } from "../../services/shared/plain-errors";
import { sendTestWebhook } from "../../services/webhooks/test-webhook";
import {
  createWebhookEndpoint,
  deleteWebhookEndpoint,
  getWebhookEndpoint,
  getWebhookEndpointSecret,
  listWebhookDeliveries,
  listWebhookEndpoints,
  updateWebhookEndpoint,
} from "../../services/webhooks/webhook-endpoints";
import { webhookEventTypes } from "../../services/webhooks/webhook-events";

const urlSchema = z
  .url({ protocol: /^https?$/ })
  .max(2000)
  .describe("an http(s) URL");
const writeFields = {
  description: z.string().max(1000).optional(),
  event_types: z.array(z.enum(webhookEventTypes)).min(1).nullable().optional(),
  disabled: z.boolean().optional(),
};
const createBody = z.strictObject({ url: urlSchema, ...writeFields });
const updateBody = z.strictObject({ url: urlSchema.optional(), ...writeFields });
const endpointParams = z.object({ endpoint_id: z.string() });
const deliveriesQuery = z.strictObject({
  limit: z.coerce.number().int().min(1).max(100).optional(),
});

/** Endpoint ids are UUIDs; anything else names no endpoint (404, not a database error). */
function readEndpointId(c: Context<AuthEnv>): string {
  const { params } = validateRequest(c, { params: endpointParams });
  if (!z.uuid().safeParse(params.endpoint_id).success) {
    throw plainErrors.webhookEndpointNotFound();
  }
  return params.endpoint_id;
}

const managementTokenNote =
  "Admin access, or no access type and `Authorization: Bearer <token>` with a token from `POST /webhooks/svix-token`.";
const testWebhookBody = z.strictObject({ endpoint_id: z.string() });

export function createWebhookRoutes(deps: RouteDeps): Hono<AuthEnv> {
  const app = new Hono<AuthEnv>();

  /** The project of a management call: admin access, or a management token without access type. */
  async function managedProjectId(c: Context<AuthEnv>): Promise<string> {
    const authorization = c.req.header("authorization");
    if (c.get("auth") === null && authorization !== undefined) {
      const match = /^Bearer (\S+)$/i.exec(authorization);
      const reading = match?.[1]
        ? await readManagementToken(deps.db, match[1], deps.clock())
        : ({ status: "invalid" } as const);
      if (reading.status === "invalid") throw plainErrors.invalidWebhookManagementToken();
      // A project deleted since the token was issued: say so, change nothing.
      if (reading.status === "project-gone") {
        throw knownErrors.projectNotFound({ project_id: reading.projectId });
      }
      return reading.projectId;
    }
    return requireAccess(c, ["admin"]).project.id;
  }

  app.post(
    "/svix-token",
    describeRoute({
      summary: "Get a token for the webhook dashboard",
      callers: ["admin"],
      body: emptyBody,
    }),
    async (c) => {
      const auth = requireAccess(c, ["admin"]);
      validateRequest(c, { body: emptyBody });
      // Admin access always names its credential (project-access.ts): none is a bug of ours.
      if (!auth.admin) throw new Error("admin access without its credential");
      const token = await issueManagementToken(deps.db, auth.project.id, auth.admin, deps.clock());
      return sendJson(c, { token }, 201);
    },
  );

  app.get(
    "/endpoints",
    describeRoute({
      summary: "List webhook endpoints",
      callers: ["admin"],
      description: managementTokenNote,
    }),
    async (c) => {
      const projectId = await managedProjectId(c);
      const items = await listWebhookEndpoints(deps.db, projectId);
      return sendJson(c, { items, is_paginated: false });
    },
  );

  app.post(
    "/endpoints",
    describeRoute({
      summary: "Create a webhook endpoint",
      callers: ["admin"],
      description: managementTokenNote,
      body: createBody,
    }),
    async (c) => {
      const projectId = await managedProjectId(c);
      const { body } = validateRequest(c, { body: createBody });
      return sendJson(
        c,
        await createWebhookEndpoint(
          deps.db,
          deps.ids,
          deps.secrets,
          deps.outgoing,
          projectId,
          body,
          deps.clock(),
        ),
        201,
      );
    },
  );

  app.get(
    "/endpoints/:endpoint_id",
    describeRoute({
      summary: "Read a webhook endpoint",
      callers: ["admin"],
      params: endpointParams,
      description: managementTokenNote,
    }),
    async (c) => {
      const projectId = await managedProjectId(c);
      return sendJson(c, await getWebhookEndpoint(deps.db, projectId, readEndpointId(c)));
    },
  );

  app.patch(
    "/endpoints/:endpoint_id",
    describeRoute({
      summary: "Update a webhook endpoint",
      callers: ["admin"],
      params: endpointParams,
      description: managementTokenNote,
      body: updateBody,
    }),
    async (c) => {
      const projectId = await managedProjectId(c);
      const endpointId = readEndpointId(c);
      const { body } = validateRequest(c, { body: updateBody });
      return sendJson(
        c,
        await updateWebhookEndpoint(
          deps.db,
          deps.outgoing,
          projectId,
          endpointId,
          body,
          deps.clock(),
        ),
      );
    },
  );

  app.delete(
    "/endpoints/:endpoint_id",
    describeRoute({
      summary: "Delete a webhook endpoint",
      callers: ["admin"],
      params: endpointParams,
      description: managementTokenNote,
    }),
    async (c) => {
      const projectId = await managedProjectId(c);
      await deleteWebhookEndpoint(deps.db, projectId, readEndpointId(c));
      return sendSuccess(c);
    },
  );

  app.get(
    "/endpoints/:endpoint_id/secret",
    describeRoute({
      summary: "Read a webhook endpoint's signing secret",
      callers: ["admin"],
      params: endpointParams,
      description: managementTokenNote,
    }),
    async (c) => {
      const projectId = await managedProjectId(c);
      const secret = await getWebhookEndpointSecret(
        deps.db,
        deps.secrets,
        projectId,
        readEndpointId(c),
      );
      return sendJson(c, { key: secret });
    },
  );

  app.get(
    "/endpoints/:endpoint_id/deliveries",
    describeRoute({
      summary: "List a webhook endpoint's deliveries",
      callers: ["admin"],
      params: endpointParams,
      description: managementTokenNote,
      query: deliveriesQuery,
    }),
    async (c) => {
      const projectId = await managedProjectId(c);
      const endpointId = readEndpointId(c);
      const { query } = validateRequest(c, { query: deliveriesQuery });
      const items = await listWebhookDeliveries(deps.db, projectId, endpointId, query.limit ?? 50);
      return sendJson(c, { items, is_paginated: false });
    },
  );

  return app;
}

/** `POST /internal/send-test-webhook` (admin): `{endpoint_id}` → `{success, error_message?}`. */
export function createSendTestWebhookRoutes(deps: RouteDeps): Hono<AuthEnv> {
  const app = new Hono<AuthEnv>();
  app.post(
    "/",
    describeRoute({
      summary: "Send a test event to a webhook endpoint",
      callers: ["admin"],
      body: testWebhookBody,
    }),
    async (c) => {
      const auth = requireAccess(c, ["admin"]);
      const { body } = validateRequest(c, { body: testWebhookBody });
      return sendJson(
        c,
        await sendTestWebhook(
          deps.db,
          deps.secrets,
          deps.outgoing,
          auth.project.id,
          body.endpoint_id,
          deps.clock(),
        ),
      );
    },
  );
  return app;
}
