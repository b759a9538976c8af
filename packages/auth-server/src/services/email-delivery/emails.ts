/**
 * E-mail delivery (contract §5.4): every message is first stored in `auth.email_outbox`, then sent
 * over SMTP when the sender has a server (the process's SMTP URL or a project's own server, see
 * services/email/project-mail.ts); without one it stays `queued` in the outbox (tests and development
 * read it there). A failed delivery is recorded and logged, never thrown: the caller's answer must
 * not depend on the mail server.
 * @module
 */
import type { Database } from "@heritage/db";
import { eq } from "drizzle-orm";
import { createTransport, type Transporter } from "nodemailer";
import type SMTPTransport from "nodemailer/lib/smtp-transport";
import { emailOutbox } from "../../db/schema";
import type { AuthLogger } from "../shared/auth-logger";
import { escapeHtml } from "../shared/escape-html";
import {
  type BuiltInMail,
  fillMailText,
  type LinkMailTexts,
  type MailLanguage,
  mailTexts,
} from "./mail-texts";
import { smtpUrlTransportOptions } from "./smtp-options";

export interface OutgoingEmail {
  projectId: string | null;
  /** The sender's display name, e.g. the project's; the address comes from `emailFrom`. */
  fromName: string;
  to: string;
  subject: string;
  text: string;
  html: string;
}

export interface EmailSender {
  /** Stores the message, then delivers it when SMTP is configured; resolves with the outbox id. */
  send(email: OutgoingEmail): Promise<string>;
  /**
   * Stores the message and resolves with the outbox id without waiting for the delivery, which
   * goes on afterwards (recorded and logged as `send` does). For answers whose timing must not
   * tell whether a mail went out (forgot-password: a slow mail server would reveal the account).
   */
  sendInBackground(email: OutgoingEmail): Promise<string>;
}

/** The sender address when the process sets no `EMAIL_FROM` (the reference's test sender). */
export const defaultEmailFrom = "noreply@example.com";

export function createEmailSender(options: {
  db: Database;
  clock: () => Date;
  generateId: () => string;
  logger: AuthLogger;
  smtpUrl?: string | undefined;
  /** Instead of `smtpUrl`: a project's own server (services/email/email-broadcast.ts). */
  transportOptions?: SMTPTransport.Options | undefined;
  emailFrom?: string | undefined;
  /**
   * Why this sender cannot deliver (e.g. a project's incomplete server settings): each message is
   * still stored, marked `failed` with this reason, and never sent another way.
   */
  undeliverableReason?: string | undefined;
}): EmailSender {
  const target = options.transportOptions ?? options.smtpUrl;
  const transport: Transporter | null =
    target && !options.undeliverableReason
      ? createTransport(typeof target === "string" ? smtpUrlTransportOptions(target) : target)
      : null;
  const fromAddress = options.emailFrom ?? defaultEmailFrom;

  /** Stores the message; resolves with its id and, when it can go out, its delivery. */
  async function store(
    email: OutgoingEmail,
  ): Promise<{ id: string; deliver: () => Promise<void> }> {
    const id = options.generateId();
    // An EMAIL_FROM that already carries a display name is used as it is.
    const from = fromAddress.includes("<")
      ? fromAddress
      : `"${email.fromName.replace(/["\\\r\n]/g, "")}" <${fromAddress}>`;
    await options.db.insert(emailOutbox).values({
      id,
      projectId: email.projectId,
      to: email.to,
      from,
      subject: email.subject,
      text: email.text,
      html: email.html,
      status: options.undeliverableReason ? "failed" : "queued",
      error: options.undeliverableReason ?? null,
      createdAt: options.clock(),
    });
    if (options.undeliverableReason) {
      options.logger.error({ emailId: id, err: options.undeliverableReason }, "E-mail not sent");
    }
    if (!transport) return { id, deliver: async () => {} };
    return { id, deliver: () => deliver(transport, id, from, email) };
  }

  async function deliver(
    transport: Transporter,
    id: string,
    from: string,
    email: OutgoingEmail,
  ): Promise<void> {
    try {
      await transport.sendMail({
        from,
        to: email.to,
        subject: email.subject,
        text: email.text,
        html: email.html,
      });
      await options.db
        .update(emailOutbox)
        .set({ status: "sent", sentAt: options.clock() })
        .where(eq(emailOutbox.id, id));
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      options.logger.error({ emailId: id, err: message }, "E-mail delivery failed");
      await options.db
        .update(emailOutbox)
        .set({ status: "failed", error: message })
        .where(eq(emailOutbox.id, id));
    }
  }

  return {
    async send(email) {
      const stored = await store(email);
      await stored.deliver();
      return stored.id;
    },
    async sendInBackground(email) {
      const stored = await store(email);
      stored.deliver().catch((error: unknown) => {
        // Delivery errors are recorded inside; only recording them can fail (database gone).
        const message = error instanceof Error ? error.message : String(error);
        options.logger.error({ emailId: stored.id, err: message }, "Recording an e-mail failed");
      });
      return stored.id;
    },
  };
}

export interface RenderedEmail {
  subject: string;
  text: string;
  html: string;
}

function renderLinkEmail(input: {
  language: MailLanguage;
  subject: string;
  heading: string;
  intro: string;
  /** A code shown in a paragraph of its own, as `>CODE</p>` (the reference's templates do). */
  code?: string;
  action: string;
  link: string;
  outro: string;
}): RenderedEmail {
  const link = escapeHtml(input.link);
  return {
    subject: input.subject,
    text: [input.heading, input.intro, input.code, input.link, `${input.outro}\n`]
      .filter((part) => part !== undefined)
      .join("\n\n"),
    html: [
      "<!doctype html>",
      `<html lang="${input.language}"><body style="font-family: sans-serif; line-height: 1.5">`,
      `<h1 style="font-size: 20px">${escapeHtml(input.heading)}</h1>`,
      `<p>${escapeHtml(input.intro)}</p>`,
      ...(input.code === undefined
        ? []
        : [
            `<p style="font-family: monospace; font-size: 24px; font-weight: bold">${escapeHtml(input.code)}</p>`,
          ]),
      `<p><a href="${link}">${escapeHtml(input.action)}</a></p>`,
      `<p style="font-size: 12px; color: #555">${escapeHtml(input.outro)}<br>${link}</p>`,
      "</body></html>",
    ].join("\n"),
  };
}

/** One built-in mail's texts in `language` (English when not given), with its values filled in. */
function builtInTexts(
  mail: BuiltInMail,
  language: MailLanguage | undefined,
  values: Record<string, string>,
): LinkMailTexts & { language: MailLanguage } {
  const chosen = language ?? "en";
  const texts = mailTexts[chosen][mail];
  return {
    language: chosen,
    subject: fillMailText(texts.subject, values),
    heading: fillMailText(texts.heading, values),
    intro: fillMailText(texts.intro, values),
    action: fillMailText(texts.action, values),
    outro: fillMailText(texts.outro, values),
  };
}

/** Template `email_verification` (contract §2.3): subject "Verify your email at {project}". */
export function renderEmailVerificationEmail(input: {
  projectName: string;
  link: string;
  language?: MailLanguage | undefined;
}): RenderedEmail {
  return renderLinkEmail({
    ...builtInTexts("emailVerification", input.language, { project: input.projectName }),
    link: input.link,
  });
}

/** Template `password_reset` (contract §2.2): subject "Reset your password at {project}". */
export function renderPasswordResetEmail(input: {
  projectName: string;
  link: string;
  language?: MailLanguage | undefined;
}): RenderedEmail {
  return renderLinkEmail({
    ...builtInTexts("passwordReset", input.language, { project: input.projectName }),
    link: input.link,
  });
}

/**
 * Template `magic_link` (contract §2.4): subject "Sign in to {project}: Your code is {OTP}"; the
 * plain-text part carries the raw link so a reader (or the e2e suite) can take the code from it.
 */
export function renderMagicLinkEmail(input: {
  projectName: string;
  link: string;
  otp: string;
  language?: MailLanguage | undefined;
}): RenderedEmail {
  return renderLinkEmail({
    ...builtInTexts("magicLink", input.language, { project: input.projectName, otp: input.otp }),
    code: input.otp,
    link: input.link,
  });
}

/**
 * Template `team_invitation` (contract §2.9): subject "You have been invited to join {team}"; the
 * plain-text part carries the raw link, so the code can be read from it.
 */
export function renderTeamInvitationEmail(input: {
  projectName: string;
  teamName: string;
  link: string;
  language?: MailLanguage | undefined;
}): RenderedEmail {
  return renderLinkEmail({
    ...builtInTexts("teamInvitation", input.language, {
      project: input.projectName,
      team: input.teamName,
    }),
    link: input.link,
  });
}

/** The link of a code e-mail: the callback URL with `code` set (replacing an existing one, §2.1). */
export function buildCodeLink(callbackUrl: string, code: string): string {
  const url = new URL(callbackUrl);
  url.searchParams.set("code", code);
  return url.toString();
}
