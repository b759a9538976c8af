/**
 * The scheduler's e-mail routes (the reference's Vercel cron jobs), authorised by `CRON_SECRET`
 * (http/bearer-secret.ts), not by project keys:
 *
 * - `GET /internal/email-queue-step`: a pass of the e-mail queue now. Our worker runs in process
 *   all the time, so one pass is all a call needs (the reference loops for up to two minutes unless
 *   `only_one_step=true`; we answer after the one pass either way).
 * - `POST /internal/failed-emails-digest`: the last day's failed e-mails per project and who owns
 *   each project. Only `dry_run=true` lists; sending the digest is switched off, as in the
 *   reference, and a call without dry run answers 500 with `success: false`, as there.
 * @module
 */
import { Hono } from "hono";
import { z } from "zod";
import { requireBearerSecret } from "../../http/bearer-secret";
import type { AuthEnv, RouteDeps } from "../../http/context";
import { sendJson } from "../../http/respond";
import { validateRequest } from "../../http/validate";
import { describeRoute } from "../../openapi/route-description";
import type { EmailQueueWorker } from "../../services/email/email-queue";
import { listFailedEmailsByProject } from "../../services/email/failed-emails-digest";

const queueStepQuery = z.strictObject({ only_one_step: z.enum(["true", "false"]).optional() });
const digestQuery = z.strictObject({ dry_run: z.enum(["true", "false"]).optional() });

export function createEmailQueueStepRoutes(
  deps: RouteDeps,
  worker: Pick<EmailQueueWorker, "runNow">,
): Hono<AuthEnv> {
  const app = new Hono<AuthEnv>();
  app.get(
    "/",
    describeRoute({
      summary: "Run a pass of the e-mail queue now (the scheduler's call)",
      description: "Needs `Authorization: Bearer <CRON_SECRET>`.",
      callers: ["anyone"],
      query: queueStepQuery,
    }),
    async (c) => {
      requireBearerSecret(c, deps.config.CRON_SECRET);
      validateRequest(c, { query: queueStepQuery });
      await worker.runNow();
      return sendJson(c, { ok: true });
    },
  );
  return app;
}

export function createFailedEmailsDigestRoutes(deps: RouteDeps): Hono<AuthEnv> {
  const app = new Hono<AuthEnv>();
  app.post(
    "/",
    describeRoute({
      summary: "List the last day's failed e-mails per project (the scheduler's call)",
      description:
        "Needs `Authorization: Bearer <CRON_SECRET>`. Sending the digest is switched off, as in the reference: only `dry_run=true` succeeds.",
      callers: ["anyone"],
      query: digestQuery,
    }),
    async (c) => {
      requireBearerSecret(c, deps.config.CRON_SECRET);
      const { query } = validateRequest(c, { query: digestQuery });
      const failed = await listFailedEmailsByProject(deps);
      const refusedToSend =
        query.dry_run !== "true" && failed.some((batch) => batch.tenant_owner_emails.length > 0);
      return sendJson(
        c,
        { success: !refusedToSend, failed_emails_by_tenancy: failed },
        refusedToSend ? 500 : 200,
      );
    },
  );
  return app;
}
