/**
 * `POST /emails/send-email` (contract §3.4): checks the whole request, renders one message per
 * recipient (an HTML body, a template with variables, or an admin's draft, each in its theme) and
 * queues them in the outbox in one transaction; the queue worker (email-queue.ts) delivers them
 * through the project's own SMTP server, at once or at `scheduledAt`. Users without a primary
 * e-mail and users who turned the message's category off are skipped; the answer lists who was
 * queued mail.
 * @module
 */
import { knownErrors } from "@heritage/auth-protocol";
import type { Database } from "@heritage/db";
import { and, eq, inArray } from "drizzle-orm";
import { contactChannels, emailDrafts, emailOutbox, users } from "../../db/schema";
import type { AuthDeps } from "../auth-deps";
import { plainErrors } from "../plain-errors";
import type { LoadedProject } from "../projects/projects";
import { findTemplate, renderOrThrow, themeSourceFor } from "./email-admin";
import { draftThemeId, findDraft } from "./email-drafts";
import { choicesOfUsers, findCategoryByName, receivesCategory } from "./email-notifications";
import { wakeEmailQueue } from "./email-queue";
import { projectSmtpServer, type SmtpServerSettings } from "./project-mail";

export type EmailContent =
  | { kind: "html"; html: string; subject: string; categoryName: string }
  | {
      kind: "template";
      templateId: string;
      subject?: string | undefined;
      variables: Record<string, string>;
    }
  | { kind: "draft"; draftId: string; subject?: string | undefined };

export interface SendEmailRequest {
  /** Null: every non-anonymous user of the project. */
  userIds: string[] | null;
  content: EmailContent;
  /** Undefined: the template's or draft's theme (else the project's); null/false: none. */
  themeId?: string | false | null | undefined;
  /** Not sent before this; undefined: at once. */
  scheduledAt?: Date | undefined;
  /** Due high-priority messages go out before the others. */
  isHighPriority?: boolean | undefined;
}

interface Recipient {
  userId: string;
  displayName: string | null;
  email: string | null;
}

async function loadRecipients(
  deps: Pick<AuthDeps, "db">,
  projectId: string,
  userIds: string[] | null,
): Promise<Recipient[]> {
  const rows = await deps.db
    .select({ userId: users.id, displayName: users.displayName, email: contactChannels.value })
    .from(users)
    .leftJoin(
      contactChannels,
      and(
        eq(contactChannels.userId, users.id),
        eq(contactChannels.type, "email"),
        eq(contactChannels.isPrimary, true),
      ),
    )
    .where(
      and(
        eq(users.projectId, projectId),
        userIds === null ? eq(users.isAnonymous, false) : inArray(users.id, userIds),
      ),
    );
  if (userIds !== null) {
    const found = new Set(rows.map((row) => row.userId));
    const missing = userIds.find((id) => !found.has(id));
    if (missing) throw knownErrors.userIdDoesNotExist({ user_id: missing });
    const order = new Map(userIds.map((id, index) => [id, index]));
    rows.sort((a, b) => (order.get(a.userId) ?? 0) - (order.get(b.userId) ?? 0));
  }
  return rows;
}

/** The project's own server; `send-email` refuses the shared one (as the reference). */
function customServer(project: LoadedProject): SmtpServerSettings {
  const own = projectSmtpServer(project.config);
  if (own.kind !== "standard") throw knownErrors.requiresCustomEmailServer();
  return own.server;
}

function senderHeader(server: SmtpServerSettings): string {
  const name = server.senderName.replace(/["\\\r\n]/g, "");
  return name ? `"${name}" <${server.senderEmail}>` : server.senderEmail;
}

/** The markup to render per recipient and its theme, after checking ids (nothing is sent yet). */
async function resolveDesign(
  deps: Pick<AuthDeps, "db">,
  project: LoadedProject,
  request: SendEmailRequest,
): Promise<{ source: string; themeSource: string | null; variables: Record<string, string> }> {
  const { content } = request;
  const chosen = (fallback: string | false | undefined) =>
    themeSourceFor(project.config, request.themeId !== undefined ? request.themeId : fallback);
  if (content.kind === "html") {
    return {
      source: `<Subject value="" /><NotificationCategory value="" />${content.html}`,
      themeSource: chosen(undefined),
      variables: {},
    };
  }
  if (content.kind === "template") {
    const template = findTemplate(project.config, content.templateId);
    if (!template) throw plainErrors.templateNotFound();
    return {
      source: template.tsxSource,
      themeSource: chosen(template.themeId),
      variables: content.variables,
    };
  }
  const draft = await findDraft(deps, project.id, content.draftId);
  if (!draft) throw plainErrors.sendDraftNotFound();
  return { source: draft.tsxSource, themeSource: chosen(draftThemeId(draft)), variables: {} };
}

/** Validates everything, then queues one message per recipient; resolves with those users. */
export async function queueEmailToUsers(
  deps: Pick<AuthDeps, "db" | "clock" | "ids">,
  project: LoadedProject,
  request: SendEmailRequest,
): Promise<Array<{ user_id: string }>> {
  const server = customServer(project);
  const { content } = request;
  const design = await resolveDesign(deps, project, request);
  const userVariables = (displayName: string) => ({
    projectDisplayName: project.displayName,
    userDisplayName: displayName,
    ...design.variables,
  });
  // Checked once before anything is queued, so a broken source or a missing variable sends nothing.
  const categoryName =
    content.kind === "html"
      ? content.categoryName
      : renderOrThrow(design.source, design.themeSource, userVariables("")).notificationCategory;
  const category = findCategoryByName(categoryName);
  if (!category) throw plainErrors.sendCategoryNotFound(categoryName);

  const recipients = await loadRecipients(
    deps,
    project.id,
    request.userIds ? [...new Set(request.userIds)] : null,
  );
  const choices = await choicesOfUsers(deps, project.id);
  const now = deps.clock();
  const from = senderHeader(server);
  const rows: Array<typeof emailOutbox.$inferInsert> = [];
  const results: Array<{ user_id: string }> = [];
  for (const recipient of recipients) {
    if (!recipient.email) continue;
    if (!receivesCategory(category, choices.get(recipient.userId) ?? new Map())) continue;
    const message = renderOrThrow(
      design.source,
      design.themeSource,
      content.kind === "html" ? {} : userVariables(recipient.displayName ?? ""),
    );
    rows.push({
      id: deps.ids.generateId(),
      projectId: project.id,
      to: recipient.email,
      from,
      subject: content.subject ?? message.subject,
      text: message.text,
      html: message.html,
      status: "queued",
      createdAt: now,
      scheduledAt: request.scheduledAt ?? null,
      isHighPriority: request.isHighPriority ?? false,
      nextAttemptAt: request.scheduledAt ?? now,
    });
    results.push({ user_id: recipient.userId });
  }
  await deps.db.transaction(async (tx: Database) => {
    if (rows.length > 0) await tx.insert(emailOutbox).values(rows);
    if (content.kind === "draft") {
      await tx
        .update(emailDrafts)
        .set({ sentAt: now })
        .where(and(eq(emailDrafts.projectId, project.id), eq(emailDrafts.id, content.draftId)));
    }
  });
  if (rows.length > 0) wakeEmailQueue(deps.db);
  return results;
}
