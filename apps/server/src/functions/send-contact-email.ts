/**
 * @module
 * `POST /functions/send-contact-email` (site spec, section 7): notifies the organisation of a
 * contact-form message. Every message is first kept in the outbox; then it is sent by SMTP when a
 * mailer is configured. A mail failure is logged and recorded, never lost, and the visitor is
 * not blocked (spec section 8: "only logged").
 */
import {
  ContentError,
  contactFormSchema,
  createOutboxEmail,
  loadPageContent,
  recordOutboxDelivery,
} from "@heritage/content";
import type { Database } from "@heritage/db";
import type { Context } from "hono";
import {
  type ApiLogger,
  readJsonObject,
  respondWithData,
  respondWithError,
  validationError,
} from "../content-api/api-response";
import type { ContactProtection } from "../content-api/contact-protection";
import type { Mailer } from "./mailer";

export interface SendContactEmailDeps {
  db: Database;
  logger: ApiLogger;
  mailer: Mailer | null;
  /** Sender of notifications (`EMAIL_FROM`). */
  emailFrom: string;
  /** Where notifications go; when unset, the contact email stored in the site content. */
  notificationAddress?: string | undefined;
  contactProtection: ContactProtection;
  clientAddress: (c: Context) => string;
}

/** The outbox kind of contact notifications. */
export const CONTACT_NOTIFICATION_KIND = "contact_notification";

const singleLine = (value: string) => value.replace(/[\r\n]+/g, " ").trim();

/** The organisation's address as an admin entered it on the contact page (English copy). */
async function storedContactAddress(deps: SendContactEmailDeps): Promise<string> {
  const contact = await loadPageContent(deps.db, "contact", "en", (error) =>
    deps.logger.error({ err: error }, "could not read the contact address"),
  );
  return contact.email;
}

export function createSendContactEmailHandler(deps: SendContactEmailDeps) {
  return async (c: Context) => {
    const body = await readJsonObject(c);
    const verdict = await deps.contactProtection.check({
      address: deps.clientAddress(c),
      endpoint: "/send-contact-email",
      body,
    });
    if (verdict.kind === "rate_limited") {
      c.header("Retry-After", String(verdict.retryAfterSeconds));
      return respondWithError(c, new ContentError("RATE_LIMITED"));
    }
    if (verdict.kind === "silently_drop") {
      deps.logger.warn({ reason: verdict.reason }, "contact email spam dropped");
      return respondWithData(c, { id: crypto.randomUUID(), status: "pending" }, 202);
    }
    const parsed = contactFormSchema.safeParse(body);
    if (!parsed.success) return respondWithError(c, validationError(parsed.error));
    const message = parsed.data;

    const to = deps.notificationAddress ?? (await storedContactAddress(deps));
    const email = await createOutboxEmail(deps.db, {
      kind: CONTACT_NOTIFICATION_KIND,
      to_address: to,
      from_address: deps.emailFrom,
      reply_to: message.email,
      subject: `Contact form: ${singleLine(message.subject)}`,
      text_body: [
        `Name: ${singleLine(message.name)}`,
        `Email: ${message.email}`,
        `Subject: ${singleLine(message.subject)}`,
        "",
        message.message,
      ].join("\n"),
    });

    if (!deps.mailer) {
      const recorded = await recordOutboxDelivery(deps.db, email.id, {
        status: "not_sent",
        reason: "SMTP_URL is not set; the message is kept in the outbox",
      });
      return respondWithData(c, { id: email.id, status: recorded?.status ?? "not_sent" }, 202);
    }
    try {
      await deps.mailer.send({
        from: email.from_address,
        to: email.to_address,
        replyTo: email.reply_to ?? undefined,
        subject: email.subject,
        text: email.text_body,
      });
      await recordOutboxDelivery(deps.db, email.id, { status: "sent" });
      return respondWithData(c, { id: email.id, status: "sent" }, 202);
    } catch (error) {
      deps.logger.error({ err: error, outboxId: email.id }, "contact notification not sent");
      await recordOutboxDelivery(deps.db, email.id, {
        status: "failed",
        error: error instanceof Error ? error.message : String(error),
      });
      return respondWithData(c, { id: email.id, status: "failed" }, 202);
    }
  };
}
