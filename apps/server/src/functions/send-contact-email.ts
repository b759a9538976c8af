/**
 * @module
 * `POST /functions/send-contact-email` (site spec, section 7): notifies the organisation of a
 * contact-form message. Every message is first kept in the outbox; then it is sent by SMTP when a
 * mailer is configured. A mail failure is logged and recorded, never lost, and the visitor is
 * not blocked (spec section 8: "only logged"). The site's own contact form calls the notifier in
 * process (`createContactNotifier`); the HTTP endpoint stays for outside callers.
 *
 * While the contact page's e-mail address is still the default copy's placeholder
 * (info@example.org) and no CONTACT_NOTIFICATION_EMAIL is set, there is nobody to notify: nothing
 * is queued, a warning is logged once, and the message itself stays in the contact submissions
 * the admin lists (issue 33, item 3).
 */
import {
  type ContactForm,
  ContentError,
  contactFormSchema,
  createOutboxEmail,
  findPlaceholderText,
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

export interface ContactNotifierDeps {
  db: Database;
  logger: ApiLogger;
  mailer: Mailer | null;
  /** Sender of notifications (`EMAIL_FROM`). */
  emailFrom: string;
  /** Where notifications go; when unset, the contact email stored in the site content. */
  notificationAddress?: string | undefined;
}

export interface SendContactEmailDeps extends ContactNotifierDeps {
  contactProtection: ContactProtection;
  clientAddress: (c: Context) => string;
}

/**
 * What became of a notification: kept in the outbox, then sent, not sent (no SMTP) or failed; or
 * `no_recipient` (id null): the contact page's address is a placeholder, nothing was queued.
 */
export interface ContactNotification {
  id: string | null;
  status: string;
}

/** Notifies the organisation of a checked contact-form message (the function's work, no HTTP). */
export type ContactNotifier = (message: ContactForm) => Promise<ContactNotification>;

/** The outbox kind of contact notifications. */
export const CONTACT_NOTIFICATION_KIND = "contact_notification";

const singleLine = (value: string) => value.replace(/[\r\n]+/g, " ").trim();

/** The organisation's address as an admin entered it on the contact page (English copy). */
async function storedContactAddress(deps: ContactNotifierDeps): Promise<string> {
  const contact = await loadPageContent(deps.db, "contact", "en", (error) =>
    deps.logger.error({ err: error }, "could not read the contact address"),
  );
  return contact.email;
}

/**
 * The notification itself, shared by `POST /functions/send-contact-email` and the site's contact
 * form (which calls it in process). Throws only when the outbox cannot be written.
 */
export function createContactNotifier(deps: ContactNotifierDeps): ContactNotifier {
  let warnedOfPlaceholder = false;
  return async (message) => {
    const to = deps.notificationAddress ?? (await storedContactAddress(deps));
    // A configured address is the operator's choice; the stored one may be the default copy's.
    const placeholder = deps.notificationAddress === undefined && findPlaceholderText(to) !== null;
    if (placeholder || to.trim() === "") {
      if (!warnedOfPlaceholder) {
        deps.logger.warn(
          { to },
          "contact notifications not sent: the contact page's e-mail address is still a placeholder; messages are kept in the admin's contact submissions (set the address, or CONTACT_NOTIFICATION_EMAIL)",
        );
      }
      warnedOfPlaceholder = true;
      return { id: null, status: "no_recipient" };
    }
    // Once a real address is in place, a placeholder put back later is warned of again.
    warnedOfPlaceholder = false;
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
      return { id: email.id, status: recorded?.status ?? "not_sent" };
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
      return { id: email.id, status: "sent" };
    } catch (error) {
      deps.logger.error({ err: error, outboxId: email.id }, "contact notification not sent");
      await recordOutboxDelivery(deps.db, email.id, {
        status: "failed",
        error: error instanceof Error ? error.message : String(error),
      });
      return { id: email.id, status: "failed" };
    }
  };
}

export function createSendContactEmailHandler(deps: SendContactEmailDeps) {
  const notify = createContactNotifier(deps);
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
    return respondWithData(c, await notify(parsed.data), 202);
  };
}
