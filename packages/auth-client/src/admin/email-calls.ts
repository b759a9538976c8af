/**
 * @module
 * E-mail calls (contract §3.4): notification preferences on every app (the signed-in user's, or with
 * server access any user's), sending to users with server access (queued, optionally scheduled),
 * and the admin's templates, themes, drafts, previews and test e-mail. Template and theme sources are the server's placeholder markup
 * (`{{ name }}`, `<Subject value="…" />`, `<NotificationCategory value="…" />`, themes with
 * `{{ content }}`).
 */
import type { AppCore } from "../calls-core";
import { AuthProtocolError } from "../errors";

export interface NotificationPreference {
  categoryId: string;
  categoryName: string;
  enabled: boolean;
  /** False for transactional mail, which always reaches the user. */
  canDisable: boolean;
}

export interface NotificationPreferenceCalls {
  /** `GET /emails/notification-preference/{userId}`; default the signed-in user (`me`). */
  listNotificationPreferences(userId?: string): Promise<NotificationPreference[]>;
  /** `PATCH /emails/notification-preference/{userId}/{categoryId}`. */
  setNotificationPreference(
    categoryId: string,
    enabled: boolean,
    userId?: string,
  ): Promise<NotificationPreference>;
}

export type SendEmailOptions = (
  | { userIds: string[]; allUsers?: never }
  | { allUsers: true; userIds?: never }
) &
  (
    | {
        html: string;
        subject: string;
        notificationCategoryName?: string;
        templateId?: never;
        draftId?: never;
      }
    | {
        templateId: string;
        variables?: Record<string, string | number | boolean>;
        subject?: string;
        html?: never;
        draftId?: never;
      }
    /** An admin's draft (`createEmailDraft`), rendered for each user. */
    | { draftId: string; subject?: string; html?: never; templateId?: never }
  ) & {
    /** Omit: the template's or draft's theme, else the project's; null: no theme. */
    themeId?: string | null;
    /** Not sent before this time; omit to send at once. */
    scheduledAt?: Date;
    /** Goes out before other due mail. */
    isHighPriority?: boolean;
  };

export interface EmailSendCalls {
  /**
   * `POST /emails/send-email` (needs the project's own SMTP server): queues one message per user
   * and resolves with those users; the server delivers them at `scheduledAt` if given, or skips
   * a message whose user has, by then, no primary e-mail or turned its category off.
   */
  sendEmail(options: SendEmailOptions): Promise<string[]>;
}

export interface EmailDraftInfo {
  id: string;
  displayName: string;
  source: string;
  /** Undefined: the project's selected theme; false: none. */
  themeId?: string | false;
  /** When it was last sent with `sendEmail({ draftId })`. */
  sentAt: Date | null;
}

export interface EmailDraftChanges {
  displayName?: string;
  /** null: the project's selected theme; false: none. */
  themeId?: string | false | null;
  source?: string;
}

export interface EmailDraftCalls {
  /** `GET /internal/email-drafts`: the project's drafts, last changed first. */
  listEmailDrafts(): Promise<EmailDraftInfo[]>;
  /** Without `source`, the draft starts with the server's example message. */
  createEmailDraft(options: EmailDraftChanges & { displayName: string }): Promise<{ id: string }>;
  getEmailDraft(id: string): Promise<EmailDraftInfo>;
  /** Changes only the given fields. */
  updateEmailDraft(id: string, changes: EmailDraftChanges): Promise<void>;
  deleteEmailDraft(id: string): Promise<void>;
}

export interface EmailTemplateInfo {
  id: string;
  displayName: string;
  source: string;
  /** Undefined: the project's selected theme; false: none. */
  themeId?: string | false;
}

export interface EmailThemeInfo {
  id: string;
  displayName: string;
}

export interface SmtpSettings {
  host: string;
  port: number;
  username: string;
  password: string;
  senderEmail: string;
  senderName: string;
}

export type EmailPreviewOptions = ({ themeId: string } | { themeSource: string }) &
  ({ templateId: string } | { templateSource: string });

export interface EmailPreview {
  html: string;
  subject: string;
  notificationCategory: string;
}

export interface SentEmail {
  id: string;
  subject: string;
  to: string[];
  sentAt: Date;
  /** Delivery error, or null. */
  error: string | null;
  /**
   * queued: waiting in the outbox (scheduled, between retries, or no server to deliver it); sent;
   * failed (for good); skipped (the user was gone, had no primary e-mail or had turned the
   * message's category off when it fell due).
   */
  status: "queued" | "sent" | "failed" | "skipped";
}

export interface EmailAdminCalls {
  /** `GET /internal/emails`: the project's newest 100 messages, newest first. */
  listSentEmails(): Promise<SentEmail[]>;
  listEmailTemplates(): Promise<EmailTemplateInfo[]>;
  /** Needs the project's own SMTP server (KE REQUIRES_CUSTOM_EMAIL_SERVER otherwise). */
  createEmailTemplate(displayName: string): Promise<{ id: string }>;
  /** Stores the source after rendering it; resolves with the preview HTML. null theme: none. */
  updateEmailTemplate(
    id: string,
    source: string,
    themeId?: string | null,
  ): Promise<{ renderedHtml: string }>;
  /** For a built-in template: drops the project's override. */
  deleteEmailTemplate(id: string): Promise<void>;
  listEmailThemes(): Promise<EmailThemeInfo[]>;
  createEmailTheme(displayName: string): Promise<{ id: string }>;
  getEmailTheme(id: string): Promise<EmailThemeInfo & { source: string }>;
  updateEmailTheme(id: string, source: string): Promise<void>;
  deleteEmailTheme(id: string): Promise<void>;
  /** `POST /emails/render-email` with sample variables. */
  renderEmailPreview(options: EmailPreviewOptions): Promise<EmailPreview>;
  /** Sends one message over these settings now; reports a failure instead of throwing. */
  sendTestEmail(options: {
    recipientEmail: string;
    smtp: SmtpSettings;
  }): Promise<{ status: "ok" } | { status: "error"; errorMessage: string }>;
  /**
   * `POST /internal/send-sign-in-invitation`: mails "You have been invited to sign in to {project}"
   * with a link to `callbackUrl`, which must be a trusted domain (KE REDIRECT_URL_NOT_WHITELISTED).
   */
  sendSignInInvitationEmail(email: string, callbackUrl: string): Promise<void>;
}

function expectObject(value: unknown, what: string): Record<string, unknown> {
  if (typeof value !== "object" || value === null) {
    throw new AuthProtocolError(`Unexpected ${what} response from the auth server`);
  }
  return value as Record<string, unknown>;
}

function text(record: Record<string, unknown>, key: string, what: string): string {
  const value = record[key];
  if (typeof value !== "string") {
    throw new AuthProtocolError(`Unexpected ${what} response: ${key} is not a string`);
  }
  return value;
}

function toPreference(value: unknown): NotificationPreference {
  const record = expectObject(value, "notification preference");
  return {
    categoryId: text(record, "notification_category_id", "notification preference"),
    categoryName: text(record, "notification_category_name", "notification preference"),
    enabled: record.enabled === true,
    canDisable: record.can_disable === true,
  };
}

const segment = (value: string) => encodeURIComponent(value);

export function createNotificationPreferenceCalls(core: AppCore): NotificationPreferenceCalls {
  return {
    async listNotificationPreferences(userId = "me") {
      // The signed-in user's tokens: `me` (and a client's own id) resolve through them.
      const response = await core.send(`/emails/notification-preference/${segment(userId)}`, {
        session: core.session,
      });
      const body = expectObject(await response.json(), "notification preference list");
      if (!Array.isArray(body.items)) {
        throw new AuthProtocolError("Unexpected notification preference list: no items");
      }
      return body.items.map(toPreference);
    },
    async setNotificationPreference(categoryId, enabled, userId = "me") {
      const response = await core.send(
        `/emails/notification-preference/${segment(userId)}/${segment(categoryId)}`,
        { method: "PATCH", body: { enabled }, session: core.session },
      );
      return toPreference(await response.json());
    },
  };
}

export function createEmailSendCalls(core: AppCore): EmailSendCalls {
  return {
    async sendEmail(options) {
      const response = await core.send("/emails/send-email", {
        method: "POST",
        body: {
          user_ids: options.userIds,
          all_users: options.allUsers,
          html: options.html,
          subject: options.subject,
          notification_category_name:
            "notificationCategoryName" in options ? options.notificationCategoryName : undefined,
          template_id: options.templateId,
          variables: "variables" in options ? options.variables : undefined,
          theme_id: options.themeId,
          draft_id: options.draftId,
          scheduled_at_millis: options.scheduledAt?.getTime(),
          is_high_priority: options.isHighPriority,
        },
      });
      const body = expectObject(await response.json(), "send-email");
      if (!Array.isArray(body.results))
        throw new AuthProtocolError("send-email answer has no results");
      return body.results.map((result) =>
        text(expectObject(result, "send-email"), "user_id", "send-email"),
      );
    },
  };
}

export function createEmailAdminCalls(core: AppCore): EmailAdminCalls {
  const { send } = core;
  const json = async (response: Response, what: string) =>
    expectObject(await response.json(), what);
  return {
    async listSentEmails() {
      const body = await json(await send("/internal/emails?include=status"), "sent e-mail list");
      if (!Array.isArray(body.items)) throw new AuthProtocolError("No items in the answer");
      return body.items.map((item) => {
        const record = expectObject(item, "sent e-mail");
        const status = record.status;
        return {
          id: text(record, "id", "sent e-mail"),
          subject: text(record, "subject", "sent e-mail"),
          to: Array.isArray(record.to) ? record.to.map(String) : [],
          sentAt: new Date(Number(record.sent_at_millis)),
          error: typeof record.error === "string" ? record.error : null,
          status:
            status === "sent" || status === "failed" || status === "skipped" ? status : "queued",
        };
      });
    },
    async listEmailTemplates() {
      const body = await json(await send("/internal/email-templates"), "template list");
      if (!Array.isArray(body.templates)) throw new AuthProtocolError("No templates in the answer");
      return body.templates.map((item) => {
        const record = expectObject(item, "template");
        const themeId = record.theme_id;
        return {
          id: text(record, "id", "template"),
          displayName: text(record, "display_name", "template"),
          source: text(record, "tsx_source", "template"),
          ...(typeof themeId === "string" || themeId === false ? { themeId } : {}),
        };
      });
    },
    async createEmailTemplate(displayName) {
      const body = await json(
        await send("/internal/email-templates", {
          method: "POST",
          body: { display_name: displayName },
        }),
        "template",
      );
      return { id: text(body, "id", "template") };
    },
    async updateEmailTemplate(id, source, themeId) {
      const body = await json(
        await send(`/internal/email-templates/${segment(id)}`, {
          method: "PATCH",
          body: { tsx_source: source, theme_id: themeId },
        }),
        "template",
      );
      return { renderedHtml: text(body, "rendered_html", "template") };
    },
    async deleteEmailTemplate(id) {
      await send(`/internal/email-templates/${segment(id)}`, { method: "DELETE" });
    },
    async listEmailThemes() {
      const body = await json(await send("/internal/email-themes"), "theme list");
      if (!Array.isArray(body.themes)) throw new AuthProtocolError("No themes in the answer");
      return body.themes.map((item) => {
        const record = expectObject(item, "theme");
        return {
          id: text(record, "id", "theme"),
          displayName: text(record, "display_name", "theme"),
        };
      });
    },
    async createEmailTheme(displayName) {
      const body = await json(
        await send("/internal/email-themes", {
          method: "POST",
          body: { display_name: displayName },
        }),
        "theme",
      );
      return { id: text(body, "id", "theme") };
    },
    async getEmailTheme(id) {
      const body = await json(await send(`/internal/email-themes/${segment(id)}`), "theme");
      return {
        id: text(body, "id", "theme"),
        displayName: text(body, "display_name", "theme"),
        source: text(body, "tsx_source", "theme"),
      };
    },
    async updateEmailTheme(id, source) {
      await send(`/internal/email-themes/${segment(id)}`, {
        method: "PATCH",
        body: { tsx_source: source },
      });
    },
    async deleteEmailTheme(id) {
      await send(`/internal/email-themes/${segment(id)}`, { method: "DELETE" });
    },
    async renderEmailPreview(options) {
      const body = await json(
        await send("/emails/render-email", {
          method: "POST",
          body: {
            theme_id: "themeId" in options ? options.themeId : undefined,
            theme_tsx_source: "themeSource" in options ? options.themeSource : undefined,
            template_id: "templateId" in options ? options.templateId : undefined,
            template_tsx_source: "templateSource" in options ? options.templateSource : undefined,
          },
        }),
        "preview",
      );
      return {
        html: text(body, "html", "preview"),
        subject: text(body, "subject", "preview"),
        notificationCategory: text(body, "notification_category", "preview"),
      };
    },
    async sendTestEmail({ recipientEmail, smtp }) {
      const body = await json(
        await send("/internal/send-test-email", {
          method: "POST",
          body: {
            recipient_email: recipientEmail,
            email_config: {
              host: smtp.host,
              port: smtp.port,
              username: smtp.username,
              password: smtp.password,
              sender_email: smtp.senderEmail,
              sender_name: smtp.senderName,
            },
          },
        }),
        "test e-mail",
      );
      if (body.success === true) return { status: "ok" };
      return { status: "error", errorMessage: String(body.error_message ?? "Unknown error") };
    },
    async sendSignInInvitationEmail(email, callbackUrl) {
      await send("/internal/send-sign-in-invitation", {
        method: "POST",
        body: { email, callback_url: callbackUrl },
      });
    },
  };
}

function toDraft(value: unknown): EmailDraftInfo {
  const record = expectObject(value, "draft");
  const themeId = record.theme_id;
  const sentAt = record.sent_at_millis;
  return {
    id: text(record, "id", "draft"),
    displayName: text(record, "display_name", "draft"),
    source: text(record, "tsx_source", "draft"),
    ...(typeof themeId === "string" || themeId === false ? { themeId } : {}),
    sentAt: typeof sentAt === "number" ? new Date(sentAt) : null,
  };
}

function draftBody(changes: EmailDraftChanges): Record<string, unknown> {
  return {
    display_name: changes.displayName,
    theme_id: changes.themeId,
    tsx_source: changes.source,
  };
}

export function createEmailDraftCalls(core: AppCore): EmailDraftCalls {
  const { send } = core;
  return {
    async listEmailDrafts() {
      const body = expectObject(await (await send("/internal/email-drafts")).json(), "draft list");
      if (!Array.isArray(body.drafts)) throw new AuthProtocolError("No drafts in the answer");
      return body.drafts.map(toDraft);
    },
    async createEmailDraft(options) {
      const response = await send("/internal/email-drafts", {
        method: "POST",
        body: draftBody(options),
      });
      return { id: text(expectObject(await response.json(), "draft"), "id", "draft") };
    },
    async getEmailDraft(id) {
      return toDraft(await (await send(`/internal/email-drafts/${segment(id)}`)).json());
    },
    async updateEmailDraft(id, changes) {
      await send(`/internal/email-drafts/${segment(id)}`, {
        method: "PATCH",
        body: draftBody(changes),
      });
    },
    async deleteEmailDraft(id) {
      await send(`/internal/email-drafts/${segment(id)}`, { method: "DELETE" });
    },
  };
}
