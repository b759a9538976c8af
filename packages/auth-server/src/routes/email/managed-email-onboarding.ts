/**
 * `/internal/emails/managed-onboarding/*` (the reference's, hidden from its API description): set
 * up a sending domain at Resend (`setup`), list the project's (`list`), check one's status
 * (`check`) and make a verified one the project's sender (`apply`). Admin access only. What each
 * does: services/managed-email/managed-email-domains.ts.
 * @module
 */
import { Hono } from "hono";
import { z } from "zod";
import type { AuthEnv, RouteDeps } from "../../http/context";
import { requireAccess } from "../../http/project-access";
import { sendJson } from "../../http/respond";
import { emptyQuery, validateRequest } from "../../http/validate";
import { describeRoute } from "../../openapi/route-description";
import {
  applyManagedDomain,
  checkManagedDomain,
  listManagedDomains,
  type ManagedDomainView,
  setUpManagedDomain,
} from "../../services/managed-email/managed-email-domains";

const setupBody = z.object({ subdomain: z.string(), sender_local_part: z.string() });
const checkBody = z.object({
  domain_id: z.string(),
  subdomain: z.string(),
  sender_local_part: z.string(),
});
const applyBody = z.object({ domain_id: z.string() });

function toWire(domain: ManagedDomainView) {
  return {
    domain_id: domain.domainId,
    subdomain: domain.subdomain,
    sender_local_part: domain.senderLocalPart,
    status: domain.status,
    name_server_records: domain.nameServerRecords,
  };
}

export function createManagedEmailOnboardingRoutes(deps: RouteDeps): Hono<AuthEnv> {
  const app = new Hono<AuthEnv>();

  app.post(
    "/setup",
    describeRoute({
      summary: "Set up a sending domain at Resend for the project's mail",
      callers: ["admin"],
      body: setupBody,
    }),
    async (c) => {
      const auth = requireAccess(c, ["admin"]);
      const { body } = validateRequest(c, { body: setupBody });
      const domain = await setUpManagedDomain(deps, auth.project, {
        subdomain: body.subdomain,
        senderLocalPart: body.sender_local_part,
      });
      return sendJson(c, toWire(domain));
    },
  );

  app.get(
    "/list",
    describeRoute({
      summary: "List the project's managed sending domains",
      callers: ["admin"],
      query: emptyQuery,
    }),
    async (c) => {
      const auth = requireAccess(c, ["admin"]);
      validateRequest(c, { query: emptyQuery });
      const domains = await listManagedDomains(deps, auth.project.id);
      return sendJson(c, { items: domains.map(toWire) });
    },
  );

  app.post(
    "/check",
    describeRoute({
      summary: "Read a managed sending domain's verification status",
      callers: ["admin"],
      body: checkBody,
    }),
    async (c) => {
      const auth = requireAccess(c, ["admin"]);
      const { body } = validateRequest(c, { body: checkBody });
      const status = await checkManagedDomain(deps, auth.project, {
        domainId: body.domain_id,
        subdomain: body.subdomain,
        senderLocalPart: body.sender_local_part,
      });
      return sendJson(c, { status });
    },
  );

  app.post(
    "/apply",
    describeRoute({
      summary: "Send the project's mail through a verified managed sending domain",
      callers: ["admin"],
      body: applyBody,
    }),
    async (c) => {
      const auth = requireAccess(c, ["admin"]);
      const { body } = validateRequest(c, { body: applyBody });
      await applyManagedDomain(deps, auth.project, body.domain_id);
      return sendJson(c, { status: "applied" });
    },
  );

  return app;
}
