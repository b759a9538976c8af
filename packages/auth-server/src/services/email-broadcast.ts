/**
 * `POST /emails/send-email` and `/internal/send-test-email` (contract §3.4). Sending to users needs
 * the project's own SMTP server (`emails.server`, not shared): each message goes through the outbox
 * (`auth.email_outbox`, emails.ts) and is delivered over that server. Users without a primary e-mail
 * and users who turned the message's category off are skipped; the answer lists who was sent mail.
 * @module
 */
import { knownErrors } from "@heritage/auth-protocol";
import { and, eq, inArray } from "drizzle-orm";
import { createTransport } from "nodemailer";
import { contactChannels, users } from "../db/schema";
import type { AuthDeps } from "./auth-deps";
import { findTemplate, renderOrThrow, templateNotFound, themeSourceFor } from "./email-admin";
import { escapeHtml } from "./email-designs";
import { choicesOfUsers, findCategoryByName, receivesCategory } from "./email-notifications";
import type { ProjectConfig } from "./project-config";
import {
  createProjectServerSender,
  projectSmtpServer,
  type SmtpServerSettings,
  smtpTransportOptions,
} from "./project-mail";
import type { LoadedProject } from "./projects";
import { StatusError } from "./status-error";

/** The project's own server; `emails/send-email` refuses the shared one (as the reference). */
function customServer(config: ProjectConfig): SmtpServerSettings {
  const own = projectSmtpServer(config);
  if (own.kind !== "standard") throw knownErrors.requiresCustomEmailServer();
  return own.server;
}

export type EmailContent =
  | { kind: "html"; html: string; subject: string; categoryName: string }
  | {
      kind: "template";
      templateId: string;
      subject?: string | undefined;
      variables: Record<string, string>;
    };

export interface SendEmailRequest {
  /** Null: every non-anonymous user of the project. */
  userIds: string[] | null;
  content: EmailContent;
  /** Undefined: the template's (or project's) theme; null/false: none. */
  themeId?: string | false | null | undefined;
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

/** Validates everything, then queues and delivers one message per recipient. */
export async function sendEmailToUsers(
  deps: Pick<AuthDeps, "db" | "clock" | "ids" | "logger">,
  project: LoadedProject,
  request: SendEmailRequest,
): Promise<Array<{ user_id: string }>> {
  const server = customServer(project.config);
  const { content } = request;
  const template =
    content.kind === "template" ? findTemplate(project.config, content.templateId) : null;
  if (content.kind === "template" && !template) throw templateNotFound();
  const themeSource = themeSourceFor(
    project.config,
    request.themeId !== undefined ? request.themeId : template?.themeId,
  );
  const categoryName =
    content.kind === "html"
      ? content.categoryName
      : renderOrThrow(
          template?.tsxSource ?? "",
          themeSource,
          previewSafeVariables(project, content.variables),
        ).notificationCategory;
  const category = findCategoryByName(categoryName);
  if (!category) throw new StatusError(400, `Notification category "${categoryName}" not found`);

  const recipients = await loadRecipients(
    deps,
    project.id,
    request.userIds ? [...new Set(request.userIds)] : null,
  );
  const choices = await choicesOfUsers(deps, project.id);
  const sender = createProjectServerSender(deps, server);
  const results: Array<{ user_id: string }> = [];
  for (const recipient of recipients) {
    if (!recipient.email) continue;
    if (!receivesCategory(category, choices.get(recipient.userId) ?? new Map())) continue;
    const message =
      content.kind === "html"
        ? renderOrThrow(
            `<Subject value="" /><NotificationCategory value="" />${content.html}`,
            themeSource,
            {},
          )
        : renderOrThrow(template?.tsxSource ?? "", themeSource, {
            projectDisplayName: project.displayName,
            userDisplayName: recipient.displayName ?? "",
            ...content.variables,
          });
    await sender.send({
      projectId: project.id,
      fromName: server.senderName,
      to: recipient.email,
      subject: content.subject ?? message.subject,
      text: message.text,
      html: message.html,
    });
    results.push({ user_id: recipient.userId });
  }
  return results;
}

/** Checks a template once before any message goes out (user variables get placeholders). */
function previewSafeVariables(
  project: LoadedProject,
  variables: Record<string, string>,
): Record<string, string> {
  return { projectDisplayName: project.displayName, userDisplayName: "", ...variables };
}

/** Sends one message over the given server right away; reports the failure instead of throwing. */
export async function sendTestEmail(
  server: SmtpServerSettings,
  recipient: string,
): Promise<{ success: true } | { success: false; error_message: string }> {
  const transport = createTransport(smtpTransportOptions(server));
  const name = escapeHtml(server.senderName);
  try {
    await transport.sendMail({
      from: { name: server.senderName, address: server.senderEmail },
      to: recipient,
      subject: "Test Email",
      text: `This is a test e-mail from ${server.senderName}. Your e-mail server works.\n`,
      html: `<p>This is a test e-mail from ${name}. Your e-mail server works.</p>`,
    });
    return { success: true };
  } catch (error) {
    return {
      success: false,
      error_message: error instanceof Error ? error.message : String(error),
    };
  } finally {
    transport.close();
  }
}
