/**
 * `/emails/*` (contract §3.4, §3.9): send-email (server access), render-email (admin), the
 * notification preferences of a user (client for their own, server for anyone), and
 * `/internal/send-test-email` (admin), which checks SMTP settings before an admin saves them.
 * @module
 */
import { type AccessType, knownErrors } from "@heritage/auth-protocol";
import { Hono } from "hono";
import { z } from "zod";
import type { AuthEnv, RouteDeps } from "../../http/context";
import { requireAccess, resolveUserId } from "../../http/project-access";
import { sendJson } from "../../http/respond";
import { isUuid, unionOfBodies, userIdOrMeSchema, validateRequest } from "../../http/validate";
import { describeRoute } from "../../openapi/route-description";
import {
  findTemplate,
  findTheme,
  renderPreview,
  selectedThemeSource,
} from "../../services/email/email-admin";
import { sendTestEmail } from "../../services/email/email-broadcast";
import {
  listNotificationPreferences,
  setNotificationPreference,
} from "../../services/email/email-notifications";
import { type EmailContent, queueEmailToUsers } from "../../services/email/send-email";
import { listSentEmails } from "../../services/email/sent-emails";
import { unsubscribeWithCode } from "../../services/email/unsubscribe-links";
import { plainErrors } from "../../services/shared/plain-errors";

const adminAccess: readonly AccessType[] = ["admin"];
const serverAccess: readonly AccessType[] = ["server", "admin"];

/** A theme id as the reference takes it: false (no theme), null (the selected one) or a UUID. */
const themeIdField = z
  .unknown()
  .refine((value) => value === false || value === null || isUuid(value), "is invalid")
  .optional();
/** What every send-email body may carry, whatever its content. */
const sendEmailBase = {
  user_ids: z.array(z.string().uuid()).optional(),
  all_users: z.boolean().optional(),
  subject: z.string().optional(),
  notification_category_name: z.string().optional(),
  theme_id: themeIdField,
  is_high_priority: z.boolean().optional(),
  // Milliseconds since the epoch; a time already past sends at once.
  scheduled_at_millis: z.number().int().min(0).max(8_640_000_000_000_000).optional(),
};
const templateContent = {
  template_id: z.string(),
  // Any JSON values: a TSX template's variablesSchema checks them; markup gets them as text.
  variables: z.record(z.string(), z.json()).optional(),
};
/**
 * HTML, a template with its variables, or a draft. Each shape's own fields come first, as in the
 * reference, whose shapes join its own part to the shared part, each refusing unknown properties:
 * so its message names unknown properties twice per shape.
 */
const sendEmailBody = unionOfBodies(
  [
    z.strictObject({ html: z.string(), ...sendEmailBase }),
    z.strictObject({ ...templateContent, ...sendEmailBase }),
    z.strictObject({ draft_id: z.string().uuid(), ...sendEmailBase }),
  ],
  { unknownPropertiesLines: 2 },
);
/** The union's output, read field by field (each shape has a subset of these). */
type SendEmailFields = z.infer<z.ZodObject<typeof sendEmailBase>> & {
  theme_id?: string | false | null;
  html?: string;
  template_id?: string;
  variables?: z.infer<typeof templateContent.variables>;
  draft_id?: string;
};

/** The one body kind the request names (checked to be exactly one). */
function contentOf(body: SendEmailFields): EmailContent {
  if (body.html !== undefined) {
    return {
      kind: "html",
      html: body.html,
      subject: body.subject ?? "",
      categoryName: body.notification_category_name ?? "Transactional",
    };
  }
  if (body.draft_id !== undefined) {
    return { kind: "draft", draftId: body.draft_id, subject: body.subject };
  }
  return {
    kind: "template",
    templateId: body.template_id ?? "",
    subject: body.subject,
    variables: body.variables ?? {},
  };
}

const unsubscribeQuery = z.object({ code: z.string().optional() });
/** Our extension of the sent-mail list: `include=status` adds each message's delivery status. */
const sentEmailsQuery = z.object({ include: z.enum(["status"]).optional() });

// Sent by the SDK's preview; markers of editable regions are not supported and are ignored.
const editableFields = {
  editable_markers: z.unknown().optional(),
  editable_source: z.unknown().optional(),
};
/** A stored template or a source, each with a stored theme (or none) or a theme source. */
const renderEmailBody = unionOfBodies([
  z.strictObject({ template_id: z.string(), theme_id: themeIdField, ...editableFields }),
  z.strictObject({ template_id: z.string(), theme_tsx_source: z.string(), ...editableFields }),
  z.strictObject({ template_tsx_source: z.string(), theme_id: themeIdField, ...editableFields }),
  z.strictObject({
    template_tsx_source: z.string(),
    theme_tsx_source: z.string(),
    ...editableFields,
  }),
]);
/** The union's output, read field by field (each shape has a subset of these). */
interface RenderEmailFields {
  template_id?: string;
  template_tsx_source?: string;
  theme_id?: unknown;
  theme_tsx_source?: string;
}

const testEmailBody = z.strictObject({
  recipient_email: z.string().email(),
  email_config: z.strictObject({
    host: z.string().min(1),
    port: z.number().int().min(1).max(65535),
    username: z.string(),
    password: z.string(),
    sender_email: z.string().email(),
    sender_name: z.string(),
  }),
});

const preferenceParams = z.strictObject({ user_id: userIdOrMeSchema });
const preferenceUpdateParams = z.strictObject({
  user_id: userIdOrMeSchema,
  notification_category_id: z.string(),
});
const preferenceUpdateBody = z.strictObject({ enabled: z.boolean() });

export function createEmailRoutes(deps: RouteDeps): Hono<AuthEnv> {
  const app = new Hono<AuthEnv>();

  app.post(
    "/send-email",
    describeRoute({
      summary: "Send an e-mail to users",
      callers: ["server", "admin"],
      body: sendEmailBody,
    }),
    async (c) => {
      const auth = requireAccess(c, serverAccess);
      const body = validateRequest(c, { body: sendEmailBody }).body as SendEmailFields;
      if ((body.user_ids === undefined) === (body.all_users !== true)) {
        throw knownErrors.schemaError({
          message: "Exactly one of user_ids or all_users must be provided",
        });
      }
      const results = await queueEmailToUsers(deps, auth.project, {
        userIds: body.user_ids ?? null,
        themeId: body.theme_id,
        content: contentOf(body),
        scheduledAt:
          body.scheduled_at_millis === undefined ? undefined : new Date(body.scheduled_at_millis),
        isHighPriority: body.is_high_priority,
      });
      return sendJson(c, { results });
    },
  );

  app.post(
    "/render-email",
    describeRoute({
      summary: "Render an e-mail template with a theme",
      callers: ["admin"],
      body: renderEmailBody,
    }),
    async (c) => {
      const auth = requireAccess(c, adminAccess);
      const body: RenderEmailFields = validateRequest(c, { body: renderEmailBody }).body;
      const config = auth.project.config;
      let themeSource: string | null;
      if (body.theme_tsx_source !== undefined) themeSource = body.theme_tsx_source;
      else if (typeof body.theme_id === "string") {
        const theme = findTheme(config, body.theme_id);
        if (!theme) throw plainErrors.renderThemeNotFound();
        themeSource = theme.tsxSource;
        // No theme named: the project's selected one, as the reference.
      } else themeSource = body.theme_id === false ? null : selectedThemeSource(config);
      const templateSource =
        body.template_id !== undefined
          ? findTemplate(config, body.template_id)?.tsxSource
          : body.template_tsx_source;
      if (templateSource === undefined) throw plainErrors.renderTemplateNotFound();
      const rendered = await renderPreview(
        deps.emailRenderer,
        auth.project,
        templateSource,
        themeSource,
      );
      return sendJson(c, {
        html: rendered.html,
        subject: rendered.subject,
        notification_category: rendered.notificationCategory,
      });
    },
  );

  // Opened from a mail by its recipient (a browser, no credentials): the code is the authority.
  app.get(
    "/unsubscribe-link",
    describeRoute({
      summary: "Unsubscribe from a notification category (the link in a mail)",
      callers: ["anyone"],
      query: unsubscribeQuery,
    }),
    async (c) => {
      const code = c.req.query("code") ?? "";
      if (code.length !== 45) throw plainErrors.invalidUnsubscribeCode();
      const outcome = await unsubscribeWithCode(deps, code);
      const message =
        outcome === "unsubscribed"
          ? "<p>Successfully unsubscribed from notification group</p>"
          : "<p>You have already unsubscribed from this notification group</p>";
      return c.body(message, 200, { "content-type": "text/html" });
    },
  );

  app.get(
    "/notification-preference/:user_id",
    describeRoute({
      summary: "List a user's notification preferences",
      callers: ["client", "server", "admin"],
      params: preferenceParams,
    }),
    async (c) => {
      const auth = requireAccess(c);
      const { params } = validateRequest(c, { params: preferenceParams });
      const userId = resolveUserId(auth, params.user_id);
      if (auth.accessType === "client" && userId !== auth.user?.row.id) {
        throw plainErrors.notificationPreferencesReadOfOthers();
      }
      const items = await listNotificationPreferences(deps, auth.project.id, userId);
      return sendJson(c, { items, is_paginated: false });
    },
  );

  app.patch(
    "/notification-preference/:user_id/:notification_category_id",
    describeRoute({
      summary: "Set a user's notification preference for a category",
      callers: ["client", "server", "admin"],
      params: preferenceUpdateParams,
      body: preferenceUpdateBody,
    }),
    async (c) => {
      const auth = requireAccess(c);
      const { params, body } = validateRequest(c, {
        params: preferenceUpdateParams,
        body: preferenceUpdateBody,
      });
      const userId = resolveUserId(auth, params.user_id);
      if (auth.accessType === "client" && userId !== auth.user?.row.id) {
        throw plainErrors.notificationPreferencesWriteOfOthers();
      }
      const item = await setNotificationPreference(
        deps,
        auth.project.id,
        userId,
        params.notification_category_id,
        body.enabled,
      );
      return sendJson(c, item);
    },
  );

  return app;
}

/** `GET /internal/emails`: the project's newest 100 outbox entries (admin). */
export function createSentEmailRoutes(deps: RouteDeps): Hono<AuthEnv> {
  const app = new Hono<AuthEnv>();
  app.get(
    "/",
    describeRoute({ summary: "List sent e-mails", callers: ["admin"], query: sentEmailsQuery }),
    async (c) => {
      const auth = requireAccess(c, adminAccess);
      const { query } = validateRequest(c, { query: sentEmailsQuery });
      const items = await listSentEmails(deps, auth.project, {
        includeStatus: query.include === "status",
      });
      return sendJson(c, { items, is_paginated: false });
    },
  );
  return app;
}

export function createSendTestEmailRoutes(deps: RouteDeps): Hono<AuthEnv> {
  const app = new Hono<AuthEnv>();
  app.post(
    "/",
    describeRoute({
      summary: "Send a test e-mail with the given SMTP settings",
      callers: ["admin"],
      body: testEmailBody,
    }),
    async (c) => {
      requireAccess(c, adminAccess);
      const { body } = validateRequest(c, { body: testEmailBody });
      const config = body.email_config;
      const result = await sendTestEmail(
        {
          host: config.host,
          port: config.port,
          username: config.username,
          password: config.password,
          senderName: config.sender_name,
          senderEmail: config.sender_email,
        },
        body.recipient_email,
        deps.outgoing,
      );
      return sendJson(c, result);
    },
  );
  return app;
}
