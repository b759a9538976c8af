/**
 * `/emails/outbox` (server access, the reference's shape): the project's e-mail outbox, newest
 * first and filtered by status, one entry, and the edits of an entry not yet sent (pause, resume,
 * reschedule, new source, recipient, theme or variables, cancel). See
 * services/email/outbox-entries.ts for the statuses.
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
  editOutboxEntry,
  getOutboxEntry,
  listOutboxEntries,
  outboxSimpleStatuses,
  outboxStatuses,
} from "../../services/email/outbox-entries";
import { plainErrors } from "../../services/shared/plain-errors";

const serverAccess: readonly AccessType[] = ["server", "admin"];
const maxLimit = 100;

const listQuery = z.strictObject({
  status: z.enum(outboxStatuses).optional(),
  simple_status: z.enum(outboxSimpleStatuses).optional(),
  // A string as in the reference; checked below with its own messages.
  limit: z.string().optional(),
  cursor: z.string().uuid().optional(),
});

const entryParams = z.strictObject({ id: z.string().uuid() });

const recipient = z.strictObject({
  type: z.literal("user-primary-email"),
  user_id: z.string().uuid(),
});

const editBody = z.strictObject({
  tsx_source: z.string().optional(),
  theme_id: z.string().nullable().optional(),
  to: recipient.optional(),
  variables: z.record(z.string(), z.unknown()).optional(),
  scheduled_at_millis: z.number().int().min(0).max(8_640_000_000_000_000).optional(),
  is_paused: z.boolean().optional(),
  cancel: z.literal(true).optional(),
});

function parseLimit(limit: string | undefined): number {
  if (limit === undefined) return maxLimit;
  const parsed = /^\d+$/.test(limit.trim()) ? Number(limit) : Number.NaN;
  if (!Number.isSafeInteger(parsed) || parsed < 1) throw plainErrors.outboxInvalidLimit();
  if (parsed > maxLimit) throw plainErrors.outboxLimitTooLarge(maxLimit);
  return parsed;
}

export function createEmailOutboxRoutes(deps: RouteDeps): Hono<AuthEnv> {
  const app = new Hono<AuthEnv>();

  app.get(
    "/",
    describeRoute({
      summary: "List the project's e-mail outbox",
      description: `Newest first, at most ${maxLimit} per page; \`pagination.next_cursor\` starts the next page.`,
      callers: serverAccess,
      query: listQuery,
    }),
    async (c) => {
      const auth = requireAccess(c, serverAccess);
      const { query } = validateRequest(c, { query: listQuery });
      const page = await listOutboxEntries(deps, auth.project.id, {
        status: query.status,
        simpleStatus: query.simple_status,
        limit: parseLimit(query.limit),
        cursor: query.cursor,
      });
      return sendJson(c, {
        items: page.items,
        is_paginated: true,
        pagination: { next_cursor: page.nextCursor },
      });
    },
  );

  app.get(
    "/:id",
    describeRoute({
      summary: "Get one e-mail of the outbox",
      callers: serverAccess,
      params: entryParams,
    }),
    async (c) => {
      const auth = requireAccess(c, serverAccess);
      const { params } = validateRequest(c, { params: entryParams });
      const entry = await getOutboxEntry(deps, auth.project.id, params.id);
      if (!entry) throw plainErrors.outboxEmailNotFound();
      return sendJson(c, entry);
    },
  );

  app.patch(
    "/:id",
    describeRoute({
      summary: "Edit, pause, resume or cancel an e-mail not yet sent",
      description:
        "Only e-mails in the statuses paused, preparing, rendering, render-error, scheduled, queued or server-error can be edited (else EMAIL_NOT_EDITABLE). A new source, theme, recipient or variables renders the e-mail again.",
      callers: serverAccess,
      params: entryParams,
      body: editBody,
    }),
    async (c) => {
      const auth = requireAccess(c, serverAccess);
      const { params, body } = validateRequest(c, { params: entryParams, body: editBody });
      const entry = await editOutboxEntry(deps, auth.project.id, params.id, {
        tsxSource: body.tsx_source,
        themeId: body.theme_id,
        to: body.to,
        variables: body.variables,
        scheduledAt:
          body.scheduled_at_millis === undefined ? undefined : new Date(body.scheduled_at_millis),
        isPaused: body.is_paused,
        cancel: body.cancel,
      });
      if (!entry) throw plainErrors.outboxEmailNotFound();
      return sendJson(c, entry);
    },
  );

  return app;
}
