/**
 * `POST /emails/send-email` (contract §3.4): checks the whole request (the source is rendered once
 * to catch errors), and queues one message per requested user in the outbox in one transaction,
 * each with its source (an HTML body, a template with variables, or an admin's draft) and theme;
 * the queue worker (email-queue.ts, outbox-steps.ts) renders it for its user and delivers it
 * through the project's own SMTP server, at once or at `scheduledAt`. Users without a primary
 * e-mail and users who turned the message's category off are skipped there, each message's
 * outbox entry (`/emails/outbox`) saying why.
 * @module
 */
import { knownErrors } from "@heritage/auth-protocol";
import type { Database } from "@heritage/db";
import { and, asc, eq, inArray } from "drizzle-orm";
import { emailDrafts, emailOutbox, users } from "../../db/schema";
import type { AuthDeps } from "../auth-deps";
import { builtInThemeIds } from "../email-designs/email-designs";
import type { LoadedProject } from "../projects/projects";
import { plainErrors } from "../shared/plain-errors";
import { findTemplate, renderOrThrow, themeSourceFor } from "./email-admin";
import { draftThemeId, findDraft } from "./email-drafts";
import { findCategoryByName } from "./email-notifications";
import { wakeEmailQueue } from "./email-queue";
import { storedThemeSource } from "./outbox-steps";
import { projectSmtpServer, type SmtpServerSettings } from "./project-mail";

export type EmailContent =
  | { kind: "html"; html: string; subject: string; categoryName: string }
  | {
      kind: "template";
      templateId: string;
      subject?: string | undefined;
      variables: Record<string, unknown>;
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

/** The requested users (every non-anonymous one for null), each checked to exist. */
async function loadRecipientIds(
  deps: Pick<AuthDeps, "db">,
  projectId: string,
  userIds: string[] | null,
): Promise<string[]> {
  const rows = await deps.db
    .select({ userId: users.id })
    .from(users)
    .where(
      and(
        eq(users.projectId, projectId),
        userIds === null ? eq(users.isAnonymous, false) : inArray(users.id, userIds),
      ),
    )
    .orderBy(asc(users.signedUpAt), asc(users.id));
  if (userIds === null) return rows.map((row) => row.userId);
  const found = new Set(rows.map((row) => row.userId));
  const missing = userIds.find((id) => !found.has(id));
  if (missing) throw knownErrors.userIdDoesNotExist({ user_id: missing });
  return userIds;
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

interface ResolvedDesign {
  source: string;
  /** The theme to store (null: none), already checked to exist. */
  themeId: string | null;
  variables: Record<string, unknown>;
}

/** The markup to render per recipient and its theme, after checking ids (nothing is sent yet). */
async function resolveDesign(
  deps: Pick<AuthDeps, "db">,
  project: LoadedProject,
  request: SendEmailRequest,
): Promise<ResolvedDesign> {
  const { content } = request;
  const chosen = (fallback: string | false | undefined): string | null => {
    const themeId = request.themeId !== undefined ? request.themeId : fallback;
    if (themeId === false || themeId === null) return null;
    if (themeId === undefined)
      return project.config.emails.selectedThemeId ?? builtInThemeIds.light;
    themeSourceFor(project.config, themeId);
    return themeId;
  };
  if (content.kind === "html") {
    return {
      source: `<Subject value="" /><NotificationCategory value="" />${content.html}`,
      themeId: chosen(undefined),
      variables: {},
    };
  }
  if (content.kind === "template") {
    const template = findTemplate(project.config, content.templateId);
    if (!template) throw plainErrors.sendTemplateNotFound();
    return {
      source: template.tsxSource,
      themeId: chosen(template.themeId),
      variables: content.variables,
    };
  }
  const draft = await findDraft(deps, project.id, content.draftId);
  if (!draft) throw plainErrors.sendDraftNotFound();
  return { source: draft.tsxSource, themeId: chosen(draftThemeId(draft)), variables: {} };
}

/**
 * Validates everything, then queues one message per requested user; resolves with those users.
 * The worker renders each for its user and looks the address up when sending, so a user without a
 * primary e-mail or who turned the category off is queued too and skipped there, as the reference.
 */
export async function queueEmailToUsers(
  deps: Pick<AuthDeps, "db" | "clock" | "ids" | "emailRenderer">,
  project: LoadedProject,
  request: SendEmailRequest,
): Promise<Array<{ user_id: string }>> {
  const server = customServer(project);
  const { content } = request;
  const design = await resolveDesign(deps, project, request);
  // Checked once before anything is queued, so a broken source or a missing variable sends nothing.
  const checked = await renderOrThrow(deps.emailRenderer, {
    projectId: project.id,
    templateSource: design.source,
    themeSource: storedThemeSource(project.config, design.themeId),
    project: { displayName: project.displayName },
    user: { displayName: null },
    variables: design.variables,
  });
  if (content.kind === "html") {
    if (!findCategoryByName(content.categoryName)) throw plainErrors.sendCategoryNameNotFound();
  } else if (
    checked.notificationCategory !== undefined &&
    !findCategoryByName(checked.notificationCategory)
  ) {
    // A TSX template without <NotificationCategory /> is sent with none, as the reference does.
    throw plainErrors.sendCategoryNotFound(checked.notificationCategory);
  }

  const userIds = await loadRecipientIds(
    deps,
    project.id,
    request.userIds ? [...new Set(request.userIds)] : null,
  );
  const now = deps.clock();
  const from = senderHeader(server);
  const rows: Array<typeof emailOutbox.$inferInsert> = userIds.map((userId) => ({
    id: deps.ids.generateId(),
    projectId: project.id,
    // Filled in by the worker when it renders and sends (outbox-steps.ts).
    to: "",
    subject: "",
    text: "",
    html: "",
    from,
    status: "queued",
    createdAt: now,
    updatedAt: now,
    scheduledAt: request.scheduledAt ?? now,
    isHighPriority: request.isHighPriority ?? false,
    // Rendered at once; sent when it falls due.
    nextAttemptAt: now,
    recipient: { type: "user-primary-email", user_id: userId },
    tsxSource: design.source,
    themeId: design.themeId,
    variables: design.variables,
    overrideSubject: content.subject ?? null,
    overrideCategoryName: content.kind === "html" ? content.categoryName : null,
    createdWith: content.kind === "draft" ? "draft" : "programmatic-call",
    emailDraftId: content.kind === "draft" ? content.draftId : null,
    templateId: content.kind === "template" ? content.templateId : null,
  }));
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
  return userIds.map((userId) => ({ user_id: userId }));
}
